"""Entering a game's result (RULES.md R11.3 authority) and applying it to its battle:
a siege (R6.2), a field battle (§5) or a pursuit (R8.2), all in one transaction."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import may_enter_result
from battles.models import Army, FieldBattle, Game, Pursuit, Siege
from battles.services.common import announcement_post, decided, game_topic, status_change, watchers_tell
from battles.services.field import field_result_apply
from battles.services.locks import city_lock, game_lock
from battles.services.pursuit import pursuit_result_apply
from battles.services.siege import siege_result_apply
from battles.timer_kinds import CLAIM_WINDOW, GAME_FLAG
from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.services.notices import duties_recount
from campaign.text_refusals import checked_text
from campaign.timers import timers_cancel
from cities.models import City


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


@transaction.atomic
def game_result_enter(*, user: User, game: Game, result: str, note: str = "") -> Game:
    """The authority of R11.3 enters a pending game's result (a dispute settled, or a game
    played without a record), and it is applied; or refuse and change nothing."""
    city = city_lock(game_city_id(game))
    game = game_lock(game)
    require_war_running(game.campaign)  # the game's campaign as locked, not as the caller read it
    if not may_enter_result(user, game, city):
        raise NotAllowed(
            "R11.3",
            _(
                "Results are entered by the governor of the city fought over, the king of a "
                "neutral kingdom or a site admin, never by a player of the game."
            ),
        )
    note = checked_text(note, field=_("note"), clause="R11.3", max_length=2000)
    return game_decide(city=city, game=game, result=result, note=note, user=user)


def game_decide(*, city: City, game: Game, result: str, note: str = "", user: User | None = None) -> Game:
    """Apply a result to its battle (siege R6.2, field battle §5, pursuit R8.2) in the caller's
    transaction, which holds the city and the game locked."""
    if result not in Game.Result.values:
        raise RuleViolation("R6.2", _("A result is an attacker's win, a defender's win or a draw."))
    if game.status != Game.Status.PENDING:
        raise RuleViolation("R6.2", _("This game is not being played: its result cannot be entered."))
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__capital", "origin", "target__board", "campaign", "siege__city")
        .get(pk=game.army_id)
    )
    now = clock.now()
    game.result, game.note, game.decided_at, game.decided_by = result, note[:2000], now, user
    status_change(game, Game.Status.DECIDED, _("game"))
    game.save(update_fields=["result", "note", "decided_at", "decided_by", "status"])
    for hook in decided:  # the engine's analysis, after commit: never while the game is played
        hook(game=game)
    if game.live_since is not None:  # its flag can no longer fall (it is the timer applied, if it fell)
        timers_cancel(kind=GAME_FLAG, object_ids=[game.pk])
        watchers_tell("game", game.pk)
    duties_recount(key=f"game:{game.pk}:start")
    if game.claim_status in ("claimed", "disputed"):  # the authority decided it: the claim's duties end
        timers_cancel(kind=CLAIM_WINDOW, object_ids=[game.pk])
        duties_recount(key=f"game:{game.pk}:claim")
        duties_recount(key=f"game:{game.pk}:dispute")
    if game.kind == Game.Kind.SIEGE:
        assert game.siege_id is not None  # game_belongs_to_one_battle
        siege_result_apply(city=city, siege=Siege.objects.get(pk=game.siege_id), game=game, army=army, now=now)
        return game
    _post_game(city, game)
    if game.kind == Game.Kind.FIELD:
        field_result_apply(city=city, game=game, army=army, now=now)
    else:
        pursuit_result_apply(city=city, game=game, army=army, now=now)
    return game


def _post_game(city: City, game: Game) -> None:
    assert game.decided_at is not None  # set by game_decide, the one caller
    announcement_post(
        city.board, f"game:{game.pk}:result", game.decided_at, *texts.game_result(city, game), topic=game_topic(game)
    )
