"""Pure rules of a hero tactics game played on the site, over the engine (games/tactics): the
game rebuilt from its record, the side whose player acts now, the settings a challenge may set
(§T15) and the clocks' arithmetic (W7). No Django."""

import copy
from collections import OrderedDict
from datetime import datetime, timedelta

from games.tactics.actions import apply
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.replay import replay_game, replay_on
from games.tactics.setup import read_map, read_settings
from games.tactics.state import Game

CLOCK_DEFAULT = {"initial_s": 1800, "increment_s": 10}
MAX_HEROES = 7  # classic-9 has 8 spawn points a side, and T3.11 asks N + 1
MAX_ROUNDS = 200
MAX_BANK_S = 24 * 3600
MAX_INCREMENT_S = 3600


# The last states rebuilt in this process, by seed (one a game): (actions played, the game). A
# record only grows, so the next read or act plays only the actions added since.
_kept: OrderedDict[str, tuple[int, Game]] = OrderedDict()
KEPT_GAMES = 256


def rebuilt(record: dict, seed: str) -> Game:
    """The game after its stored record's actions (each one accepted when it was played): a copy,
    the caller's to change."""
    actions = record["actions"]
    known = _kept.get(seed)
    if known is not None and known[0] <= len(actions):
        game, fault = replay_on(known[1], actions, known[0])
    else:
        found, fault = replay_game(record, seed)
        if found is None:
            raise TacticsViolation(
                str((fault or {}).get("clause", "T18.3")), gettext_noop("the stored record does not replay")
            )
        game = found
    if fault is not None:
        raise TacticsViolation(str(fault["clause"]), gettext_noop("the stored record does not replay"))
    _kept[seed] = (len(actions), game)
    _kept.move_to_end(seed)
    while len(_kept) > KEPT_GAMES:
        _kept.popitem(last=False)
    return copy.deepcopy(game)


def played(game: Game, action: dict, reacts: list | None = None) -> Game:
    """The game after `action` (on a copy: a refusal changes nothing), with the round limit applied
    when round R has just ended (W4: the server decides it, nobody claims it)."""
    trial = copy.deepcopy(game)
    apply(trial, action, reacts)
    return trial


def challenge_settings(raw: object) -> tuple[dict, object]:
    """The settings a challenge may set (§T15), as the record writes them, and the map; anything
    else, or a value out of range, is refused naming T15."""
    if not isinstance(raw, dict):
        raise TacticsViolation("T15", gettext_noop("the settings are an object"))
    allowed = {"heroes_per_side", "duplicates_across_sides", "round_limit", "clock", "map"}
    if set(raw) - allowed:
        raise TacticsViolation(
            "T15", gettext_noop("a challenge sets heroes_per_side, duplicates_across_sides, round_limit, clock, map")
        )
    heroes, rounds = raw.get("heroes_per_side", 3), raw.get("round_limit", 30)
    if type(heroes) is not int or not 1 <= heroes <= MAX_HEROES:
        raise TacticsViolation("T15", gettext_noop("heroes_per_side is from 1 to 7"))
    if type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS:
        raise TacticsViolation("T15", gettext_noop("round_limit is from 1 to 200"))
    if type(raw.get("duplicates_across_sides", True)) is not bool:
        raise TacticsViolation("T15", gettext_noop("duplicates_across_sides is true or false"))
    clock = raw.get("clock", CLOCK_DEFAULT)
    if (
        not isinstance(clock, dict)
        or set(clock) != {"initial_s", "increment_s"}
        or type(clock["initial_s"]) is not int
        or type(clock["increment_s"]) is not int
        or not 1 <= clock["initial_s"] <= MAX_BANK_S
        or not 0 <= clock["increment_s"] <= MAX_INCREMENT_S
    ):
        raise TacticsViolation("T15", gettext_noop("clock is {initial_s: 1 to 86400, increment_s: 0 to 3600}"))
    if raw.get("map", "classic-9") != "classic-9":
        raise TacticsViolation("T15", gettext_noop("the map is classic-9"))
    settings = {key: value for key, value in raw.items() if key != "map"}
    read_settings(settings)
    read_map("classic-9", heroes)
    defaults = {"heroes_per_side": 3, "duplicates_across_sides": True, "round_limit": 30, "clock": CLOCK_DEFAULT}
    return {key: value for key, value in settings.items() if defaults.get(key) != value}, "classic-9"


def acting_hero(engine: Game, action: object, pending: dict | None) -> tuple[str, str] | None:
    """The hero (side, name) whose player sends `action` now, in the team form (T2.6): 趙雲 for
    an attack awaiting 援護 (T14.4), the hero that must drop a skill, 貂蟬 in her 迷魂 extra turn
    (T5.4), the hero whose action turn is under way, else the hero whose turn the action starts;
    None when no hero is named (the side's captain sends it).

    >>> acting_hero(None, {}, {"covers": [{"act": "react", "side": "second", "hero": "趙雲"}]})
    ('second', '趙雲')
    """
    if pending is not None:
        cover = pending["covers"][0]
        return str(cover["side"]), str(cover["hero"])
    if engine.drops:
        return engine.drops[0]
    if engine.turn is not None:
        if engine.charmed is not None and engine.turn[2] and engine.resume is not None:
            return engine.resume[0], engine.resume[1]
        return engine.turn[0], engine.turn[1]
    if isinstance(action, dict) and isinstance(action.get("side"), str) and isinstance(action.get("hero"), str):
        return action["side"], action["hero"]
    return None


def hero_place(picks: dict, side: str, hero: str, seats: int) -> int:
    """The place in its side of the player who commands `hero` (T2.6): the side's heroes in pick
    order go to its places in order, the captain (place 0) taking the first and any beyond the
    seats.

    >>> picks = {"first": {"heroes": [{"hero": "張遼"}, {"hero": "關羽"}, {"hero": "趙雲"}]}}
    >>> [hero_place(picks, "first", name, 2) for name in ("張遼", "關羽", "趙雲")]
    [0, 1, 0]
    """
    names = [entry.get("hero") for entry in picks.get(side, {}).get("heroes", [])]
    index = names.index(hero) if hero in names else 0
    return index if index < seats else 0


def clock_terms(settings: dict) -> tuple[int, int]:
    """(time bank, increment per action turn) in milliseconds (W7)."""
    clock = settings.get("clock", CLOCK_DEFAULT)
    return clock["initial_s"] * 1000, clock["increment_s"] * 1000


def left_at(left_ms: int, since: datetime | None, now: datetime) -> int:
    """A running clock's milliseconds left at `now` (never below 0)."""
    if since is None:
        return left_ms
    return max(0, left_ms - int((now - since) / timedelta(milliseconds=1)))


def falls_at(left_ms: int, since: datetime) -> datetime:
    return since + timedelta(milliseconds=left_ms)
