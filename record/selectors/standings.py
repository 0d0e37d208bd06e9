"""The standings page (docs/organising.md "Standings, chronicle and next season"): the kingdoms ranked by the
campaign's rule (campaign/rules/standings.py: capitals held, then cities, then total wall), the
winner once the war has ended, and the officers' merit table 戰功榜. A fixed number of queries
whatever the length of the war.

What counts as merit (read from where the war records it):
- games won: decided battle games (siege, field and pursuit games) the officer's side won;
- cities taken: a siege that ended in the city's fall, credited to the attacker of the game whose
  result brought the wall to 0 (R10.4: the game that did it), or, when the clock wore the wall
  down (R7.2, R7.3), to the marshal of the conquering army;
- prisoners taken: each capture (a ransom row, R10.2) credited to whoever took the city when it
  was taken in the fall, otherwise to the winner of the last game the prisoner lost before it;
  officers taken when their kingdom fell (R10.5) count for nobody;
- stratagems that worked: stratagems that took effect (R9.1), credited to the schemer.
"""

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Case, Count, F, Q, Sum, When

from battles.models import ArmyMember, LedgerEntry, Ransom, Siege, Stratagem
from battles.models.armies import AttackRank
from campaign.models import Campaign, Kingdom, Officer
from campaign.rules.standings import KingdomTally, standings_order
from cities.models import City, CityKind
from play.models import Game

MERIT_SHOWN = 50  # the merit table's rows: the officers with the most merit


@dataclass(frozen=True)
class KingdomLine:
    rank: int
    kingdom: Kingdom
    capitals: int
    cities: int
    wall: int


@dataclass(frozen=True)
class MeritLine:
    officer: Officer
    games_won: int
    cities_taken: int
    prisoners_taken: int
    stratagems: int


@dataclass(frozen=True)
class Standings:
    campaign: Campaign
    kingdoms: list[KingdomLine]
    winner: Kingdom | None
    merit: list[MeritLine]


def kingdoms_ranked(*, campaign: Campaign) -> list[KingdomLine]:
    """Every kingdom (destroyed ones too, with nothing) in the order of the campaign's rule: 2 queries."""
    kingdoms = {k.pk: k for k in Kingdom.objects.filter(campaign=campaign).order_by("pk")}
    held = {
        row["kingdom_id"]: row
        for row in City.objects.filter(campaign=campaign, kingdom__isnull=False)
        .values("kingdom_id")
        .annotate(cities=Count("pk"), capitals=Count("pk", filter=Q(kind=CityKind.CAPITAL)), wall=Sum("wall"))
    }
    tallies = [
        KingdomTally(
            pk,
            held.get(pk, {}).get("capitals", 0),
            held.get(pk, {}).get("cities", 0),
            held.get(pk, {}).get("wall") or 0,
        )
        for pk in kingdoms
    ]
    return [
        KingdomLine(rank, kingdoms[t.kingdom_id], t.capitals, t.cities, t.wall)
        for rank, t in enumerate(standings_order(tallies), start=1)
    ]


def _games_won(campaign: Campaign) -> Counter[int]:
    """The winner of every decided game that was not drawn, counted in one pass over the games."""
    winner = Case(When(result=Game.Result.ATTACKER, then=F("attacker_id")), default=F("defender_id"))
    rows = (
        Game.objects.filter(
            campaign=campaign, status=Game.Status.DECIDED, result__in=[Game.Result.ATTACKER, Game.Result.DEFENDER]
        )
        .annotate(winner=winner)
        .values("winner")
        .annotate(n=Count("pk"))
        .values_list("winner", "n")
    )
    return Counter(dict(rows))


def _cities_taken(campaign: Campaign) -> dict[int, int]:
    """Each fallen siege's id → the officer credited with the fall (see the module's docstring)."""
    fallen = list(
        Siege.objects.filter(campaign=campaign, status=Siege.Status.FALLEN).values_list(
            "pk", "city_id", "ended_at", "taken_by_id"
        )
    )
    if not fallen:
        return {}
    blows: dict[tuple[int, datetime | None], int] = {
        (city_id, due_at): attacker_id
        for city_id, due_at, attacker_id in LedgerEntry.objects.filter(
            campaign=campaign,
            field=LedgerEntry.Field.WALL,
            value_after=0,
            game__isnull=False,
            city_id__in={f[1] for f in fallen},
            due_at__in={f[2] for f in fallen},  # the instant of each fall: the index's (city, due_at)
        ).values_list("city_id", "due_at", "game__attacker_id")
    }
    marshals = {
        (siege_id, kingdom_id): officer_id
        for siege_id, kingdom_id, officer_id in ArmyMember.objects.filter(
            army__siege_id__in=[f[0] for f in fallen], rank=AttackRank.MARSHAL
        ).values_list("army__siege_id", "army__kingdom_id", "officer_id")
    }
    credited = {}
    for siege_id, city_id, ended_at, kingdom_id in fallen:
        officer_id = blows.get((city_id, ended_at)) or marshals.get((siege_id, kingdom_id))
        if officer_id is not None:
            credited[siege_id] = officer_id
    return credited


def _prisoners_taken(campaign: Campaign, takers: dict[int, int]) -> Counter[int]:
    captures = list(
        Ransom.objects.filter(campaign=campaign, kind=Ransom.Kind.RANSOM).values_list(
            "officer_id", "siege_id", "created_at", "siege__ended_at"
        )
    )
    prisoners = {c[0] for c in captures}
    beaten: dict[int, list[tuple[datetime, int]]] = {}  # a decided game has its instant
    lost = Game.objects.filter(campaign=campaign, status=Game.Status.DECIDED).filter(
        Q(attacker_id__in=prisoners, result=Game.Result.DEFENDER)
        | Q(defender_id__in=prisoners, result=Game.Result.ATTACKER)
    )
    for attacker_id, defender_id, result, decided_at in lost.values_list(
        "attacker_id", "defender_id", "result", "decided_at"
    ):
        loser, winner = (attacker_id, defender_id) if result == Game.Result.DEFENDER else (defender_id, attacker_id)
        if decided_at is not None:
            beaten.setdefault(loser, []).append((decided_at, winner))
    taken: Counter[int] = Counter()
    for prisoner_id, siege_id, at, siege_ended_at in captures:
        if siege_id is not None and siege_id in takers and siege_ended_at == at:
            taken[takers[siege_id]] += 1
            continue
        before = [entry for entry in beaten.get(prisoner_id, []) if entry[0] <= at]
        if before:
            taken[max(before)[1]] += 1
    return taken


def merit_table(*, campaign: Campaign, shown: int = MERIT_SHOWN) -> list[MeritLine]:
    """The officers with the most merit, the most first (cities taken, then games won, then
    prisoners, then stratagems, then who joined first); only those shown are read: 8 queries at most."""
    games = _games_won(campaign)
    takers = _cities_taken(campaign)
    cities = Counter(takers.values())
    prisoners = _prisoners_taken(campaign, takers)
    schemes = Counter(
        dict(
            Stratagem.objects.filter(campaign=campaign, status=Stratagem.Status.EFFECT)
            .values("schemer_id")
            .annotate(n=Count("pk"))
            .values_list("schemer_id", "n")
        )
    )
    ids = set(games) | set(cities) | set(prisoners) | set(schemes)
    best = sorted(ids, key=lambda i: (-cities[i], -games[i], -prisoners[i], -schemes[i], i))[:shown]
    if not best:
        return []
    officers = Officer.objects.filter(pk__in=best).select_related("kingdom").in_bulk()
    return [MeritLine(officers[i], games[i], cities[i], prisoners[i], schemes[i]) for i in best]


def standings_page(*, campaign: Campaign) -> Standings:
    """The whole page: the ranking, the winner (named only once the war has ended) and the merit table."""
    winner = campaign.winner if campaign.status == Campaign.Status.ENDED else None
    return Standings(campaign, kingdoms_ranked(campaign=campaign), winner, merit_table(campaign=campaign))
