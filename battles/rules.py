"""Pure rules of war (RULES.md §4, §5, §6, §8, §10): ranks, points, results. No Django.

Ranks are plain strings so that models, forms and tests share them:
attack  (R4.2): marshal 元帥 12×1, general 將軍 10×2, cavalry_captain 騎兵隊長 8×2, cavalry 騎兵 5×4,
                infantry 步兵 3×any
defence (R6.3): [king 12×1, R6.4] governor 太守 12×1, patrol 巡守 10×2, constable 捕頭 8×2,
                gatekeeper 守門人 5×4, soldier 小兵 3×any
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

ATTACK_RANKS: tuple[tuple[str, int, int | None], ...] = (
    ("marshal", 12, 1),
    ("general", 10, 2),
    ("cavalry_captain", 8, 2),
    ("cavalry", 5, 4),
    ("infantry", 3, None),
)
DEFENCE_RANKS: tuple[tuple[str, int, int | None], ...] = (
    ("king", 12, 1),  # R6.4 Decision: the king in the city stands at the top with 12 points
    ("governor", 12, 1),
    ("patrol", 10, 2),
    ("constable", 8, 2),
    ("gatekeeper", 5, 4),
    ("soldier", 3, None),
)
RANK_POINTS = {name: points for name, points, _places in ATTACK_RANKS + DEFENCE_RANKS}
HIGH_ATTACK_RANKS = frozenset({"marshal", "general", "cavalry_captain", "cavalry"})
Result = Literal["attacker", "defender", "draw"]


def rank_order(table: Sequence[tuple[str, int, int | None]]) -> dict[str, int]:
    return {name: i for i, (name, _points, _places) in enumerate(table)}


def propose_ranks(stars: Sequence[int], table=ATTACK_RANKS) -> list[str]:
    """Ranks for members listed in descending star order, filling each rank's places in turn.

    >>> propose_ranks([20, 18, 18, 15, 12, 10, 9, 8, 7, 6, 5])  # doctest: +NORMALIZE_WHITESPACE
    ['marshal', 'general', 'general', 'cavalry_captain', 'cavalry_captain', 'cavalry', 'cavalry',
     'cavalry', 'cavalry', 'infantry', 'infantry']
    """
    ranks: list[str] = []
    for name, _points, places in table:
        while places is None or ranks.count(name) < places:
            if len(ranks) == len(stars):
                return ranks
            ranks.append(name)
    return ranks


@dataclass(frozen=True)
class Violation:
    clause: str
    code: str  # what is wrong: "marshal_count", "places", "marshal_not_top", "order"
    rank: str = ""


FIXED_DEFENCE_RANKS = frozenset({"king", "governor"})


def check_organisation(members: Sequence[tuple[int, str]], table=ATTACK_RANKS) -> list[Violation]:
    """R4.2 / R4.3 for an army, R6.3 for a defence roster: members as (stars, rank).
    On a roster the king and the governor stand above the star order (R6.3, R6.4).

    >>> check_organisation([(20, "marshal"), (18, "general")])
    []
    >>> [v.code for v in check_organisation([(18, "marshal"), (20, "general")])]
    ['marshal_not_top', 'order']
    >>> [v.code for v in check_organisation([(20, "general")])]
    ['marshal_count']
    """
    defence = table is DEFENCE_RANKS
    clause_places, clause_order = ("R6.3", "R6.3") if defence else ("R4.2", "R4.3")
    order = rank_order(table)
    found: list[Violation] = []
    if any(rank not in order for _s, rank in members):
        return [Violation(clause_places, "unknown")]
    if not defence and sum(rank == "marshal" for _s, rank in members) != 1:
        found.append(Violation(clause_places, "marshal_count", "marshal"))
    for name, _points, places in table:
        if places is not None and sum(rank == name for _s, rank in members) > places:
            found.append(Violation(clause_places, "places", name))
    ranked = [(s, order[r]) for s, r in members if not (defence and r in FIXED_DEFENCE_RANKS)]
    if not defence and any(r == "marshal" for _s, r in members):
        top_stars = max(s for s, r in members if r == "marshal")
        if any(s > top_stars for s, _r in members):
            found.append(Violation(clause_order, "marshal_not_top", "marshal"))
    if any(a_stars > b_stars and a_rank > b_rank for a_stars, a_rank in ranked for b_stars, b_rank in ranked):
        found.append(Violation(clause_order, "order"))
    return found


def free_rank_for(stars: int, members: Sequence[tuple[int, str]], table=ATTACK_RANKS) -> str | None:
    """R8.3 / R8.4: the highest free rank a newcomer with `stars` can take without moving
    anyone else and keeping the star order; None when there is none.

    >>> free_rank_for(15, [(20, "marshal"), (18, "general")])
    'general'
    >>> free_rank_for(19, [(20, "marshal"), (18, "general"), (17, "general")]) is None
    True
    """
    for name, _points, _places in table:
        if name in ("marshal", "king", "governor"):
            continue
        if not check_organisation([*members, (stars, name)], table):
            return name
    return None


@dataclass(frozen=True)
class GameEffect:
    """What one siege game does (R6.2)."""

    wall: int  # change of the wall (≤ 0)
    morale: int  # change of the army's morale (≤ 0)
    attacker_captured: bool
    attacker_withdraws: bool


def siege_game_effect(result: Result, attacker_rank: str, defender_rank: str) -> GameEffect:
    """R6.2.

    >>> siege_game_effect("attacker", "infantry", "patrol")
    GameEffect(wall=-10, morale=0, attacker_captured=False, attacker_withdraws=False)
    >>> siege_game_effect("defender", "general", "soldier")
    GameEffect(wall=0, morale=-10, attacker_captured=True, attacker_withdraws=False)
    >>> siege_game_effect("draw", "marshal", "governor")
    GameEffect(wall=0, morale=0, attacker_captured=False, attacker_withdraws=True)
    """
    if result == "attacker":
        return GameEffect(-RANK_POINTS[defender_rank], 0, False, False)
    if result == "defender":
        return GameEffect(0, -RANK_POINTS[attacker_rank], True, False)
    return GameEffect(0, 0, False, True)


def must_retreat(morale: int, active_ranks: Sequence[str]) -> bool:
    """R8.1: morale at 0, or no member of a high rank (元帥, 將軍, 騎兵隊長, 騎兵) still free.

    >>> must_retreat(0, ["marshal"]), must_retreat(50, ["infantry", "infantry"]), must_retreat(5, ["cavalry"])
    (True, True, False)
    """
    return morale <= 0 or not any(rank in HIGH_ATTACK_RANKS for rank in active_ranks)


def field_battle_winner(results: Sequence[Result]) -> Result:
    """R5.1: the side with more won games; equal is a drawn battle (Decision).

    >>> field_battle_winner(["attacker", "defender", "attacker"]), field_battle_winner(["draw", "draw"])
    ('attacker', 'draw')
    """
    attacker, defender = results.count("attacker"), results.count("defender")
    return "attacker" if attacker > defender else "defender" if defender > attacker else "draw"


def attacker_moves_first(board: int) -> bool:
    """R5.3: the attacker's first, third, fifth… player has the first move (先手).

    >>> [attacker_moves_first(i) for i in range(4)]
    [True, False, True, False]
    """
    return board % 2 == 0


def wall_after_capture(wall_max: int) -> int:
    """R10.1: half the maximum.

    >>> wall_after_capture(500), wall_after_capture(301)
    (250, 150)
    """
    return wall_max // 2


def ransom(stars: int, per_star: int) -> int:
    """R10.2: ransom (and retreat money) is a setting per star.

    >>> ransom(18, 10)
    180
    """
    return stars * per_star


def clamp(value: int, low: int, high: int | None) -> int:
    """Decision (§7 bounds): walls within 0 and their maximum, morale at 0 or above."""
    value = max(low, value)
    return value if high is None else min(high, value)


def propose_defence(stars: Sequence[int], king_present: bool, governor_acting: bool) -> list[str]:
    """R6.3 / R6.4: defenders listed king first (if present), then the governor (if online
    and present), then the others by descending stars from 巡守 down.

    >>> propose_defence([25, 18, 16, 9], king_present=True, governor_acting=True)
    ['king', 'governor', 'patrol', 'patrol']
    >>> propose_defence([16, 9, 5], king_present=False, governor_acting=False)
    ['patrol', 'patrol', 'constable']
    """
    head = (["king"] if king_present else []) + (["governor"] if governor_acting else [])
    return head + propose_ranks(stars[len(head) :], DEFENCE_RANKS[2:])


def outnumbered_loss(defenders: int, attackers: int, ratio: int = 3, points: int = 6) -> int:
    """R7.2: the wall's loss per 30-minute period when the defenders present number less than
    a third of the attackers present: `points` for each attacker beyond `ratio` × defenders.

    The original's examples: 1 defender holds up to 3 attackers; 2 defenders up to 6;
    2 defenders against 8 attackers lose 12 a period.

    >>> outnumbered_loss(1, 3), outnumbered_loss(2, 6), outnumbered_loss(2, 8), outnumbered_loss(3, 8)
    (0, 0, 12, 0)
    """
    return max(0, attackers - ratio * defenders) * points
