"""A decided game's result applied to its battle: a siege (R6.2), a field battle (§5) or a
pursuit (R8.2), in the transaction that decided it (play/services/results.py, through the war's
host of the games: battles/registry.py); and the war's side of a game's claims, told on the
board of the city fought over."""

from datetime import datetime

from battles import announcements as texts
from battles.models import Army, FieldBattle, Pursuit, Siege
from battles.services.common import announcement_post, game_topic
from battles.services.field import field_result_apply
from battles.services.locks import city_lock
from battles.services.pursuit import pursuit_result_apply
from battles.services.siege import siege_result_apply
from campaign import clock
from campaign.models import Officer
from cities.models import City
from play.models import Game


def game_city_id(game: Game) -> int:
    # game_belongs_to_one_battle: a game has the battle of its kind, and only that one
    if game.kind == Game.Kind.SIEGE:
        assert game.siege_id is not None
        return Siege.objects.values_list("city_id", flat=True).get(pk=game.siege_id)
    if game.kind == Game.Kind.FIELD:
        assert game.field_battle_id is not None
        return FieldBattle.objects.values_list("city_id", flat=True).get(pk=game.field_battle_id)
    assert game.pursuit_id is not None
    return Pursuit.objects.values_list("city_id", flat=True).get(pk=game.pursuit_id)


def game_city_lock(game: Game) -> City:
    """The city fought over, locked: a game's services take it before the game (the lock order)."""
    return city_lock(game_city_id(game))


def game_result_apply(*, place: City, game: Game, now: datetime) -> None:
    """The decided game's result applied to its battle, under the city and the game's locks."""
    city = place
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__capital", "origin", "target__board", "campaign", "siege__city")
        .get(pk=game.army_id)
    )
    if game.kind == Game.Kind.SIEGE:
        assert game.siege_id is not None  # game_belongs_to_one_battle
        siege_result_apply(city=city, siege=Siege.objects.get(pk=game.siege_id), game=game, army=army, now=now)
        return
    _post_game(city, game)
    if game.kind == Game.Kind.FIELD:
        field_result_apply(city=city, game=game, army=army, now=now)
    else:
        pursuit_result_apply(city=city, game=game, army=army, now=now)


def _post_game(city: City, game: Game) -> None:
    assert game.decided_at is not None  # set by game_decide, the one caller
    announcement_post(
        city.board, f"game:{game.pk}:result", game.decided_at, *texts.game_result(city, game), topic=game_topic(game)
    )


def game_claim_told(place: City, game: Game, actor: Officer, event: str) -> None:
    """R11.3: a claim reported (awaiting the opponent) or disputed (the authority decides), posted
    in the battle's thread on the board of the city fought over."""
    if event == "reported":
        assert game.reported_at is not None  # set with the claim
        title = texts.claim_reported(actor, game, game.claimed_result)
        key, at = f"game:{game.pk}:claim:{game.reported_at.timestamp()}", game.reported_at
    else:
        title, key, at = texts.claim_disputed(actor), f"game:{game.pk}:dispute", clock.now()
    announcement_post(place.board, key, at, title, topic=game_topic(game))
