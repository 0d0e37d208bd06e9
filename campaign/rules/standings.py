"""How kingdoms are ranked at a war's end and on the standings page (R10): the capitals each
holds, then its cities, then the total of its walls. Pure: plain numbers in, an order out."""

from dataclasses import dataclass


@dataclass(frozen=True)
class KingdomTally:
    kingdom_id: int
    capitals: int
    cities: int
    wall: int


def standings_order(tallies: list[KingdomTally]) -> list[KingdomTally]:
    """Best first; ties keep the kingdoms' own order (their ids)."""
    return sorted(tallies, key=lambda t: (-t.capitals, -t.cities, -t.wall, t.kingdom_id))


def winner(tallies: list[KingdomTally]) -> int | None:
    """The winning kingdom's id: the first of the order, unless the next one equals it on all
    three counts (a tie names nobody). None when there are no kingdoms."""
    ranked = standings_order(tallies)
    if not ranked:
        return None
    if len(ranked) > 1 and (ranked[0].capitals, ranked[0].cities, ranked[0].wall) == (
        ranked[1].capitals,
        ranked[1].cities,
        ranked[1].wall,
    ):
        return None
    return ranked[0].kingdom_id


def holds_every_capital(capital_owner_ids: list[int | None]) -> int | None:
    """R10: the kingdom that holds every capital of the campaign, if one does."""
    owners = set(capital_owner_ids)
    if len(owners) == 1 and None not in owners:
        return owners.pop()
    return None
