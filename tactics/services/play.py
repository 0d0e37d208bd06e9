"""The actions of a hero tactics game played on the site (T18.2, T18.3): the player of the side
to act sends one, with the version they saw (compare-and-set: an act on a game that moved on is
refused, nothing applied); the engine judges it (its refusal names the clause), the server rolls
the dice from the committed seed (T18.1), appends it to the record and runs the clocks (W7). An
attack that 趙雲's 援護 could answer waits for his player (T14.4). A base at 0, the round limit,
a flag and a resignation decide the game by themselves (W4)."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import RuleViolation
from games.tactics.errors import TacticsViolation
from games.tactics.legal import covers
from games.tactics.state import Game
from games.tactics.turns import side_to_act
from tactics.models import TacticsGame
from tactics.rules import acting_hero, clock_terms, falls_at, left_at, played, rebuilt
from tactics.services.clock import arm_flag, decide, tactics_flag_check
from tactics.services.common import (
    captain_side,
    expect_version,
    locked,
    player_side,
    refusal,
    saved,
)

SERVERS = ("resign", "flag", "round-limit")
NO_COVER = {"act": "no-cover"}


def tactics_act(*, user, game_id: int, action: object, expected_version: int) -> TacticsGame:
    """Plays `action` for the user's side. A flag that fell before it is decided first (in its own
    transaction, which stands), and the act is then refused."""
    tactics_flag_check(game_id=game_id)
    return _act(user, game_id, action, expected_version)


@transaction.atomic
def _act(user, game_id: int, action: object, expected_version: int) -> TacticsGame:
    game = locked(game_id)
    side = player_side(game, user)
    _require_playing(game)
    expect_version(game, expected_version)
    if side != game.to_act:
        raise RuleViolation("T5.1", _("It is not your side's turn to act."))
    if not isinstance(action, dict) or action.get("act") in SERVERS:
        raise RuleViolation("T18.2", _("An action is an object with a known act; resign with the resign request."))
    assert game.record is not None
    engine = rebuilt(game.record, game.seed)
    if game.seats > 1:
        _require_commander(game, engine, action, user)
    now = clock.now()
    left = left_at(getattr(game, f"{side}_left_ms"), game.turn_since, now)
    try:
        if game.pending is not None:
            return _answer(game, engine, action, side, left, now)
        if action.get("act") == "attack":
            played(engine, action)  # judged first: a refused attack asks nobody
            options = covers(engine, action)
            if options:
                return _await_cover(game, action, options, side, left, now)
        after = played(engine, action)
    except TacticsViolation as fault:
        raise refusal(fault) from None
    return _store(game, after, [action], side, left, now)


def _require_commander(game: TacticsGame, engine: Game, action: dict, user) -> None:
    """In a team game each player acts only the heroes they command (T2.6): any of them may start
    the turn of a hero of theirs that has not acted, and the first to start it acts (D2: the
    version makes the second request stale)."""
    found = acting_hero(engine, action, game.pending)
    side, hero = found if found is not None else (game.to_act, "")
    commander, name = game.commander(side, hero)
    if commander != user.pk:
        raise RuleViolation(
            "T2.6",
            _("%(hero)s is commanded by %(player)s: in a team game each player acts only their own heroes.")
            % {"hero": hero or _("This step"), "player": name},
        )


def _require_playing(game: TacticsGame) -> None:
    if game.status == TacticsGame.Status.DECIDED:
        raise RuleViolation("T13.4", _("This game is over."))
    if game.status != TacticsGame.Status.PLAYING:
        raise RuleViolation("T2.5", _("The game is played once both sides have deployed."))


def _await_cover(game: TacticsGame, attack: dict, options: list, side: str, left: int, now: datetime) -> TacticsGame:
    """The attack waits for 趙雲's player: 援護 (a `react` of `options`) or `no-cover`."""
    setattr(game, f"{side}_left_ms", left)
    game.pending = {"attack": attack, "covers": options}
    game.to_act = options[0]["side"]
    return _run_clock(game, side, now, ["pending", f"{side}_left_ms"])


def _answer(game: TacticsGame, engine: Game, answer: dict, side: str, left: int, now: datetime) -> TacticsGame:
    assert game.pending is not None
    attack, options = game.pending["attack"], game.pending["covers"]
    if answer != NO_COVER and answer not in options:
        raise RuleViolation("T14.4", _("An attack waits for 援護's answer: one of the reactions offered, or no-cover."))
    reacts = [] if answer == NO_COVER else [answer]
    after = played(engine, attack, reacts)
    game.pending = None
    return _store(game, after, [attack, *reacts], side, left, now, ["pending"])


def _store(
    game: TacticsGame, after: Game, written: list, side: str, left: int, now: datetime, more: list | None = None
) -> TacticsGame:
    """The actions written to the record with the clock of the side that acted (its increment at
    the start of each action turn, W7), the round limit applied when round R ends (W4)."""
    assert game.record is not None
    actions = [*game.record["actions"], *written]
    if after.due == "round-limit" and after.result is None:
        after = played(after, {"act": "round-limit"})
        actions.append({"act": "round-limit"})
    game.record = {**game.record, "actions": actions}
    if any(isinstance(a, dict) and a.get("act") == "turn" for a in written):
        left += clock_terms(game.settings)[1]
    setattr(game, f"{side}_left_ms", left)
    fields = ["record", f"{side}_left_ms", *(more or [])]
    if after.result is not None:
        return saved(game, [*fields, *decide(game, after.result["outcome"], after.result["reason"], now)])
    game.to_act = side_to_act(after) or ""
    return _run_clock(game, side, now, fields)


def _run_clock(game: TacticsGame, side: str, now: datetime, fields: list[str]) -> TacticsGame:
    game.turn_since = now
    game.flag_at = falls_at(getattr(game, f"{game.to_act}_left_ms"), now)
    return saved(game, [*fields, "to_act", "turn_since", "flag_at", *arm_flag(game, now)])


def tactics_resign(*, user, game_id: int) -> TacticsGame:
    """The user's side resigns and loses (T13.4); a game not yet started is called off instead."""
    tactics_flag_check(game_id=game_id)
    with transaction.atomic():
        game = locked(game_id)
        side = captain_side(game, user, _("In a team game the side's captain, %(captain)s, resigns for it."))
        _require_playing(game)
        assert game.record is not None
        game.record = {**game.record, "actions": [*game.record["actions"], {"act": "resign", "side": side}]}
        now = clock.now()
        if side == game.to_act:  # its clock was running
            setattr(game, f"{side}_left_ms", left_at(getattr(game, f"{side}_left_ms"), game.turn_since, now))
        other = "second" if side == "first" else "first"
        return saved(game, [f"{side}_left_ms", *decide(game, other, "resign", now)])
