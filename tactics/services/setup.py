"""Picks, activations and designations (T2.3, T2.4), then deployment (T2.5): each side submits
its own, in secret; the opponent sees only that they are in until both are, and then both are
shown together (D1). Under 攪亂計 (W6, the setting `picks`: open-first or open-second) the
restricted side picks and deploys first, in the open, and the other side after it. When both
deployments are in, the record starts, the game is played and the clocks run (W7)."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import RuleViolation
from games.tactics.errors import TacticsViolation
from games.tactics.record import FORMAT
from games.tactics.setup import check_picks, read_map, read_settings
from games.tactics.turns import side_to_act
from tactics.models import TacticsGame
from tactics.rules import clock_terms, falls_at, rebuilt
from tactics.services.clock import arm_flag
from tactics.services.common import captain_side, expect_version, locked, refusal, saved

SIDES = ("first", "second")


@transaction.atomic
def tactics_pick(*, user, game_id: int, picks: object, expected_version: int | None = None) -> TacticsGame:
    """`picks`: `{"heroes": [{"hero": "張遼", "skills": [1, 3], "designate": …}, …]}` for the
    user's side, final once submitted."""
    game = locked(game_id)
    side = captain_side(
        game, user, _("In a team game the side's captain, %(captain)s, picks and activates its heroes.")
    )
    _expect_setup_version(game, expected_version, game.picks, side)
    if game.status != TacticsGame.Status.PICKING:
        raise RuleViolation("T2.3", _("Heroes are picked after the challenge is accepted and before deployment."))
    if side in game.picks:
        raise RuleViolation("T2.3", _("Your picks are in; they are shown when your opponent's are."))
    _open_side_first(game, game.picks, side)
    try:
        check_picks(picks, side, read_settings(_engine_settings(game)))
    except TacticsViolation as fault:
        raise refusal(fault) from None
    assert isinstance(picks, dict)
    game.picks = {key: value for key, value in game.picks.items() if key in SIDES} | {side: picks}
    if set(SIDES) <= set(game.picks):
        clash = _clash(game)
        if clash:
            game.picks = {"clash": clash}  # both pick again, told which heroes both chose
        else:
            game.status = TacticsGame.Status.DEPLOYING
    return saved(game, ["picks", "status"])


def open_side(game: TacticsGame) -> str | None:
    """The side that picks and deploys first and in the open (W6), if any."""
    picks = game.settings.get("picks", "secret")
    return picks.removeprefix("open-") if picks in ("open-first", "open-second") else None


def _expect_setup_version(game: TacticsGame, expected: int | None, kept: dict, side: str) -> None:
    """Picks and deployments are made at the same time, in secret (T2.3, T2.5): the opponent's
    own submission, the one change since the version the side saw, does not make this side's stale
    (it chose without it, as it must). Under the confusion ploy (W6) the later side chooses having
    seen the open side's: there, as for any other change, the version must be the game's (T18.3)."""
    other = "second" if side == "first" else "first"
    if expected == game.version - 1 and other in kept and open_side(game) is None:
        return
    expect_version(game, expected)


def _open_side_first(game: TacticsGame, kept: dict, side: str) -> None:
    first = open_side(game)
    if first is not None and side != first and first not in kept:
        raise RuleViolation(
            "W6",
            _(
                "Under the confusion ploy your opponent picks and deploys first, in the open: you choose "
                "once theirs are in."
            ),
        )


def _engine_settings(game: TacticsGame) -> dict:
    return dict(game.settings)


def _clash(game: TacticsGame) -> list[str]:
    """The heroes both sides picked, when the game allows no hero on both sides (T2.3)."""
    if game.settings.get("duplicates_across_sides", True):
        return []
    names = [{entry["hero"] for entry in game.picks[side]["heroes"]} for side in SIDES]
    return sorted(names[0] & names[1])


@transaction.atomic
def tactics_deploy(*, user, game_id: int, cells: object, expected_version: int | None = None) -> TacticsGame:
    """`cells`: `{"張遼": "d1", …}`, each hero of the user's side on its own spawn point (T2.5)."""
    game = locked(game_id)
    side = captain_side(game, user, _("In a team game the side's captain, %(captain)s, deploys its heroes."))
    _expect_setup_version(game, expected_version, game.deployments, side)
    if game.status != TacticsGame.Status.DEPLOYING:
        raise RuleViolation("T2.5", _("Heroes are deployed once both sides' picks are shown."))
    if side in game.deployments:
        raise RuleViolation("T2.5", _("Your deployment is in; it is shown when your opponent's is."))
    _open_side_first(game, game.deployments, side)
    heroes = [entry["hero"] for entry in game.picks[side]["heroes"]]
    spawns = read_map(game.map, len(heroes)).spawn_points(side)
    if (
        not isinstance(cells, dict)
        or sorted(cells) != sorted(heroes)
        or any(cell not in spawns for cell in cells.values())
        or len(set(cells.values())) != len(heroes)
    ):
        raise RuleViolation(
            "T2.5",
            _("Put each of your heroes on its own spawn point: %(cells)s.") % {"cells": ", ".join(spawns)},
        )
    game.deployments = {**game.deployments, side: cells}
    fields = ["deployments"]
    if set(SIDES) <= set(game.deployments):
        fields += _start(game)
    return saved(game, fields)


def _start(game: TacticsGame) -> list[str]:
    """The record's setup written and the game started: round 1's weather rolled (T18.1), the
    clock of the side to act running (W7)."""
    sides = {}
    for side in SIDES:
        heroes = [{**entry, "cell": game.deployments[side][entry["hero"]]} for entry in game.picks[side]["heroes"]]
        team = [seat.user.username for seat in game.team() if seat.side == side]
        sides[side] = {"player": ", ".join([game.commander(side, "")[1], *team]), "heroes": heroes}
    game.record = {
        "format": FORMAT,
        "settings": dict(game.settings),
        "map": game.map,
        "commitment": game.commitment,
        "sides": sides,
        "actions": [],
        "meta": {"site": "chess-siege", "game": game.pk},
    }
    try:
        engine = rebuilt(game.record, game.seed)
    except TacticsViolation as fault:
        raise refusal(fault) from None
    now = clock.now()
    bank, _increment = clock_terms(game.settings)
    game.first_left_ms = game.second_left_ms = bank
    game.to_act = side_to_act(engine) or ""
    game.turn_since, game.flag_at = now, falls_at(bank, now)
    game.status = TacticsGame.Status.PLAYING
    fields = ["record", "first_left_ms", "second_left_ms", "to_act", "turn_since", "flag_at", "status"]
    return [*fields, *arm_flag(game, now)]
