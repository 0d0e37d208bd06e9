"""A hero tactics game that decides a battle of the war (docs/tactics.md "In the war", W1): its
place fought over and its battle's game locked before it (the lock order of every game service:
the place, the battle's game, then this game), and its result applied to the battle in the
transaction that decides it (W4: a base at 0, the round limit, a flag, a resignation), through
play's host as a xiangqi game's is (R6.2, §5, R8.2)."""

from campaign.authority import require_war_running
from campaign.models import Campaign
from play.models import Game
from play.services.results import game_decide, place_lock
from tactics.models import TacticsGame

# How a decided hero tactics game ended (T13), as its battle's game says it (Game.TERMINATIONS).
TERMINATIONS = {"resign": "resignation", "flag": "time", "base": "base", "bases": "bases", "round-limit": "round_limit"}


def battle_locked(game_id: int, *, acting: bool = True) -> None:
    """The place and the battle's game locked, when the game decides a battle (none otherwise);
    a player's act on it only while the war runs (R1.1: not while it is paused)."""
    battle_id = TacticsGame.objects.values_list("battle_id", flat=True).get(pk=game_id)
    if battle_id is not None:
        _place, battle = place_lock(Game.objects.select_related("campaign").get(pk=battle_id))
        if acting:
            require_war_running(battle.campaign)


def battle_held(game: TacticsGame) -> bool:
    """A battle's game whose war is paused: its clocks stand still, its flag cannot fall (the
    pause's end moves them on: tactics/services/war.py)."""
    if game.battle_id is None:
        return False
    campaign = Game.objects.filter(pk=game.battle_id).values("campaign_id")
    return Campaign.objects.filter(pk__in=campaign, paused_at__isnull=False).exists()


def battle_result(game: TacticsGame) -> str:
    """The battle's result (R6.2, R5.4, R8.2) of a decided game: the side of the army is the
    challenger (the attacker)."""
    if game.outcome == TacticsGame.Outcome.DRAW:
        return Game.Result.DRAW
    return Game.Result.ATTACKER if game.outcome == game.challenger_side else Game.Result.DEFENDER


def battle_decide(game: TacticsGame) -> None:
    """The decided game's result applied to its battle, in the caller's transaction (which holds
    the place and the battle's game: `battle_locked`). A battle whose game was cancelled meanwhile
    (its siege lifted, its army gone) takes nothing."""
    if game.battle_id is None:
        return
    place, battle = place_lock(Game.objects.get(pk=game.battle_id))  # held already: no wait
    if battle.status != Game.Status.PENDING:
        return
    battle.termination = TERMINATIONS.get(game.reason, "")
    battle.save(update_fields=["termination"])
    game_decide(place=place, game=battle, result=battle_result(game))
