"""The siege page: the roster, the armies, the games, the wall's and the armies' ledger, what
the clock does next at the city, and the viewer's flags, in a fixed number of queries."""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, Window
from django.db.models.functions import RowNumber
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from battles.authority import commander_of, commands_as
from battles.models import Army, Defender, LedgerEntry, Pursuit, Ransom, Siege
from battles.selectors.army import MEMBERS
from campaign.authority import is_king
from campaign.models import Campaign, Officer, Timer, Whereabouts
from campaign.rules.personnel import may_fight
from play.authority import judges
from play.models import Game

LEDGER_ROWS = 20  # of the wall's and each army's changes on the siege page, not a season's thousands


@dataclass
class SiegeView:
    siege: Siege
    roster: list[Defender]
    armies: list[Army]
    games: list[Game]
    wall_history: list[LedgerEntry]  # the last LEDGER_ROWS changes since the siege began
    morale_history: dict[int, list[LedgerEntry]] = field(default_factory=dict)  # the last, per army
    wall_earlier: int = 0  # changes before those shown
    morale_earlier: dict[int, int] = field(default_factory=dict)
    wall_values: list[int] = field(default_factory=list)  # the wall before and after each change
    wall_before: LedgerEntry | None = None  # the last change of the wall before the siege began
    wall_at_start: int = 0  # the wall when the siege began
    present: list[tuple[Officer, str]] = field(default_factory=list)
    retreat_money: list[Ransom] = field(default_factory=list)
    due: list[tuple[str, datetime]] = field(default_factory=list)
    flags: "SiegeFlags | None" = None


@dataclass(frozen=True)
class SiegeFlags:
    """What the viewer may do on the siege page, from what the page already read."""

    commanded: list[Army]  # armies whose calls and retreat the viewer orders (R4.4, R8.1)
    arranges: bool  # the roster (R6.3): the governor or the king
    defending: bool  # a defender in the city: takes up calls, offers retreat money (R10.1)
    judged: set[int]  # pending games whose result the viewer may enter (R11.3)
    besieging_king: bool  # confirms retreat money (R10.1)


def siege_flags(view: SiegeView, viewer: Officer | None, user: User | AnonymousUser) -> SiegeFlags:
    city, armies = view.siege.city, view.armies
    active = view.siege.status == Siege.Status.ACTIVE
    involved = {city.kingdom_id} | {a.kingdom_id for a in armies}
    judged = {
        g.pk
        for g in view.games
        if g.status == Game.Status.PENDING and judges(user=user, officer=viewer, game=g, city=city, involved=involved)
    }
    if viewer is None:
        return SiegeFlags(commanded=[], arranges=False, defending=False, judged=judged, besieging_king=False)
    return SiegeFlags(
        commanded=[
            a
            for a in armies
            if a.status == Army.Status.BESIEGING
            and (is_king(viewer, a.kingdom) or commands_as(viewer, commander_of(a.members.all())))
        ],
        arranges=active and (city.governor_id == viewer.pk or is_king(viewer, city.kingdom)),
        defending=active and viewer.city_id == city.pk and viewer.kingdom_id == city.kingdom_id,
        judged=judged,
        besieging_king=any(is_king(viewer, a.kingdom) for a in armies),
    )


def _morale_history(armies: list[Army]) -> tuple[dict[int, list[LedgerEntry]], dict[int, int]]:
    """The last LEDGER_ROWS morale rows of each army, oldest first, and how many rows each has."""
    morale: dict[int, list[LedgerEntry]] = {a.pk: [] for a in armies}
    morale_total: dict[int, int] = {}
    latest = Window(RowNumber(), partition_by=[F("army_id")], order_by=[F("due_at").desc(), F("id").desc()])
    for entry in (
        LedgerEntry.objects.filter(army__in=armies)
        .annotate(n=latest, total=Window(Count("id"), partition_by=[F("army_id")]))
        .filter(n__lte=LEDGER_ROWS)
        .order_by("army_id", "due_at", "id")
    ):
        assert entry.army_id is not None  # the query's army__in
        morale[entry.army_id].append(entry)
        morale_total[entry.army_id] = entry.total
    return morale, morale_total


def siege_detail(
    *, siege_id: int, campaign: Campaign, viewer: Officer | None = None, user: User | AnonymousUser | None = None
) -> SiegeView:
    """The siege page's reads, and the viewer's flags (`user` given), in a fixed number of queries."""
    siege = get_object_or_404(
        Siege.objects.select_related("city__kingdom__king", "city__governor", "city__board", "taken_by"),
        pk=siege_id,
        campaign=campaign,
    )
    armies = list(siege.armies.select_related("kingdom", "origin").prefetch_related(MEMBERS).order_by("id"))
    # A season's siege has thousands of ledger rows; the page shows the last
    # LEDGER_ROWS of the wall and of each army's morale (and how many came before), and the wall's
    # chart from the values alone.
    since = LedgerEntry.objects.filter(city=siege.city, due_at__gte=siege.started_at)
    ledger: list[LedgerEntry] = list(  # type: ignore[assignment]
        since.annotate(total=Window(Count("id"))).order_by("-due_at", "-id")[:LEDGER_ROWS]
    )[::-1]
    changes = list(since.order_by("due_at", "id").values_list("delta", "value_after"))
    wall_values = [changes[0][1] - changes[0][0]] + [after for _delta, after in changes] if changes else []
    # The wall may have changed before the siege (a siege ploy, R9.2): the page says what
    # it stood at when the siege began and why, instead of "no change" under a wall below maximum.
    before = LedgerEntry.objects.filter(city=siege.city, due_at__lt=siege.started_at).order_by("-due_at", "-id").first()
    at_start = wall_values[0] if wall_values else before.value_after if before else siege.city.wall
    morale, morale_total = _morale_history(armies)
    roster = list(siege.roster.filter(until__isnull=True).select_related("officer"))
    current = {d.officer_id: d.rank for d in roster}
    view = SiegeView(
        siege=siege,
        roster=roster,
        armies=armies,
        games=list(siege.games.select_related("attacker", "defender", "army__kingdom").order_by("-called_at")),
        wall_history=ledger,
        morale_history=morale,
        wall_earlier=ledger[0].total - len(ledger) if ledger else 0,  # type: ignore[attr-defined]
        morale_earlier={pk: total - len(morale[pk]) for pk, total in morale_total.items()},
        wall_values=wall_values,
        wall_before=before,
        wall_at_start=at_start,
        present=[
            (o, current.get(o.pk, "soldier"))
            for o in Officer.objects.filter(
                whereabouts=Whereabouts.CITY, city=siege.city, kingdom=siege.city.kingdom
            ).order_by("-stars")
            if may_fight(o.kind)
        ],
        retreat_money=list(Ransom.objects.filter(siege=siege, kind=Ransom.Kind.RETREAT).select_related("officer")),
        due=due_next(siege),
    )
    if user is not None:
        view.flags = siege_flags(view, viewer, user)
    return view


def wall_chart_points(siege_view: SiegeView, width: int = 300, height: int = 60) -> str:
    """SVG polyline points of the wall since the siege began (the ledger is the source), at most
    one point per unit of width (a season's thousands of changes are sampled, keeping the last)."""
    city = siege_view.siege.city
    values = siege_view.wall_values or [city.wall]
    if len(values) > width:
        values = [values[i * (len(values) - 1) // width] for i in range(width + 1)]
    if len(values) == 1:
        values = values * 2
    step = width / (len(values) - 1)
    top = city.wall_max or 1
    return " ".join(f"{i * step:.1f},{height - height * v / top:.1f}" for i, v in enumerate(values))


def due_next(siege: Siege) -> list[tuple[str, datetime]]:
    """What the clock will do next at this city: the end of the siege's penalty period while it
    lasts (a lifted or fallen siege has none left: a timer still pending then only applies a
    period that ended before), the daily change, armies arriving, pursuit deadlines."""
    due: list[tuple[str, datetime]] = []
    if siege.status == Siege.Status.ACTIVE:
        due += [
            (_("end of penalty period (R7.2, R7.3)"), t.due_at)
            for t in Timer.objects.filter(kind="siege.period", object_id=siege.pk, status=Timer.Status.PENDING)
        ]
    due += [
        (_("daily change (R7.1)"), t.due_at)
        for t in Timer.objects.filter(kind="campaign.day", object_id=siege.campaign_id, status=Timer.Status.PENDING)
    ]
    due += [
        (_("%(kingdom)s's army arrives") % {"kingdom": a.kingdom.name}, a.arrives_at)
        for a in Army.objects.filter(target=siege.city, status=Army.Status.MARCHING).select_related("kingdom")
    ]
    due += [
        (_("the defence may pursue %(kingdom)s's army until") % {"kingdom": p.army.kingdom.name}, p.deadline)
        for p in Pursuit.objects.filter(city=siege.city, status=Pursuit.Status.OPEN).select_related("army__kingdom")
    ]
    return sorted(due, key=lambda item: item[1])
