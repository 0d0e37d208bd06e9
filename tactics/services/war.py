"""Hero tactics as the war's battle game (docs/tactics.md "In the war", W1–W7), plugged into
play's hooks by tactics/apps.py: when a battle's game of a campaign set to 戰棋 begins (a siege
call taken up, a field battle paired, a pursuit declared), its hero tactics game is set up between
the two officers' accounts, each commanding all the heroes of its side (W2), with no challenge to
accept: both sides pick at once. The side that moves first in the war's game (R5.3, R6.1, R8.2)
is 先手; 速攻計 gives its side free movement phases before round 1 (W5), 攪亂計 makes its side
pick and deploy first and in the open (W6); the campaign's map (T3.11); the clocks of W7.
A battle's game cancelled (its battle over) or decided by the authority of R11.3 calls its hero
tactics game off. A pause of the war holds its battles' clocks: they move on by its length."""

from datetime import datetime

from django.db.models import QuerySet

from campaign import clock
from games.tactics.dice import commitment, new_seed
from games.tactics.maps import MAPS, map_read
from play.models import Game
from tactics.models import TacticsGame
from tactics.services.clock import arm_flag
from tactics.services.common import saved

OPEN = (
    TacticsGame.Status.CHALLENGED,
    TacticsGame.Status.PICKING,
    TacticsGame.Status.DEPLOYING,
    TacticsGame.Status.PLAYING,
)


def war_settings(battle: Game) -> dict:
    """The settings that differ from the defaults (§T15): W5's free phases, W6's open picks."""
    first = "attacker" if battle.attacker_moves_first else "defender"
    side = {first: "first", ("defender" if first == "attacker" else "attacker"): "second"}
    settings: dict = {}
    if battle.favoured and battle.extra_moves:
        settings["free_phases"] = {"side": side[battle.favoured], "count": battle.extra_moves}
    if battle.restricted:
        settings["picks"] = f"open-{side[battle.restricted]}"
    return settings


def war_map(text: str) -> str | dict:
    """The campaign's hero tactics map as a game's record writes it (T18.2)."""
    board = map_read(text or "classic-9")
    return board.name if board.name in MAPS else {"name": board.name, "rows": list(board.rows)}


def tactics_battle_begin(*, game: Game) -> None:
    """play/hooks.py `begun`: the hero tactics game of a battle's game whose kind is 戰棋 (W1)."""
    if game.game_kind != "tactics":
        return
    assert game.defender is not None  # a game begins with both its players
    seed = new_seed()
    battle = TacticsGame.objects.create(
        challenger=game.attacker.user,
        opponent=game.defender.user,
        challenger_side="first" if game.attacker_moves_first else "second",
        settings=war_settings(game),
        map=war_map(game.campaign.tactics_map),
        status=TacticsGame.Status.PICKING,
        seed=seed,
        commitment=commitment(seed),
        battle=game,
        created_at=clock.now(),
    )
    saved(battle, [])


def tactics_battle_decided(*, game: Game) -> None:
    """play/hooks.py `decided`: a battle's game decided other than by its hero tactics game (the
    authority of R11.3 entering a result) calls that game off."""
    _called_off(TacticsGame.objects.filter(battle=game))


def tactics_battles_cancelled(*, games: QuerySet[Game]) -> None:
    """play/hooks.py `cancelled`: the hero tactics games of a battle's cancelled games called off."""
    _called_off(TacticsGame.objects.filter(battle__in=games))


def _called_off(found: QuerySet[TacticsGame]) -> None:
    for game in found.filter(status__in=OPEN).select_for_update(no_key=True, of=("self",)):
        game.status, game.to_act, game.flag_at, game.flag_sent_at = TacticsGame.Status.CANCELLED, "", None, None
        saved(game, ["status", "to_act", "flag_at", "flag_sent_at"])


def tactics_war_resumed(campaign, paused_at: datetime, resumed_at: datetime) -> None:
    """campaign/hooks.py `war_resume_hooks`: each battle's game in play has, after the pause, exactly
    the time its side to act had when the war was paused (R1.1, W7): its clock's stamp and its flag
    move by the pause's length (a message for the old instant finds the flag moved)."""
    length = resumed_at - paused_at
    playing = TacticsGame.objects.filter(
        battle__campaign=campaign, status=TacticsGame.Status.PLAYING, turn_since__isnull=False
    )
    for game in playing.select_for_update(no_key=True, of=("self",)):
        assert game.turn_since is not None and game.flag_at is not None  # a game in play runs a clock
        game.turn_since, game.flag_at = game.turn_since + length, game.flag_at + length
        saved(game, ["turn_since", "flag_at", *arm_flag(game, resumed_at)])
