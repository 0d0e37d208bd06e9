"""The personnel page: what the king or a governor may manage (§2)."""

from dataclasses import dataclass

from django.db.models import Prefetch

from campaign.authority import is_king
from campaign.models import Officer, OfficerKind, Promotion, Whereabouts
from campaign.rules.personnel import MAX_BOARD_MODERATORS, only_king_orders
from cities.models import City
from forum.models import BoardModerator


@dataclass(frozen=True)
class PersonnelView:
    is_king: bool
    cities: list[City]  # the rows of the table: every city for the king, the governed ones for a governor
    officers: list[Officer]
    governed: list[City]
    promotions: list[Promotion]
    moderators: dict[int, list[BoardModerator]]
    orderable: list[Officer]  # whose moves the viewer may order (R3.1, R3.2): never their own but the king's
    destinations: list[City]  # the kingdom's cities (a move goes to one's own kingdom, §3 Decision)


def personnel_for(*, officer: Officer) -> PersonnelView:
    """What the king (everything) or a governor (their city) may manage (§2). Each city row
    carries `candidates`: the administrators who may still be appointed its board's moderators
    (R2.5, at most two), empty when there is nobody to add."""
    kingdom = officer.kingdom
    king = kingdom is not None and is_king(officer, kingdom)
    cities = (
        list(
            City.objects.filter(kingdom=kingdom)
            .select_related("governor", "board")
            .prefetch_related(Prefetch("board__moderators", queryset=BoardModerator.objects.select_related("officer")))
        )
        if kingdom
        else []
    )
    governed = [c for c in cities if c.governor_id == officer.pk]
    everyone = (
        list(Officer.objects.filter(kingdom=kingdom).select_related("city", "campaign").order_by("-stars", "name"))
        if kingdom
        else []
    )
    held = {c.governor_id: c.name for c in cities if c.governor_id}
    for o in everyone:
        o.governs = held.get(o.pk, "")  # type: ignore[attr-defined]  # (the post an appointment elsewhere vacates)
    officers = everyone
    if not king:
        governed_ids = {c.pk for c in governed}
        officers = [o for o in everyone if o.whereabouts == Whereabouts.CITY and o.city_id in governed_ids]
    promotions = (
        list(
            Promotion.objects.filter(officer__kingdom=kingdom, status=Promotion.Status.PENDING).select_related(
                "officer", "recommended_by"
            )
        )
        if king
        else []
    )
    moderators = {c.board.pk: list(c.board.moderators.all()) for c in cities}
    administrators = [o for o in everyone if o.kind == OfficerKind.ADMINISTRATOR]
    for city in cities:
        present = {m.officer_id for m in moderators[city.board.pk]}
        city.candidates = (  # type: ignore[attr-defined]
            [o for o in administrators if o.pk not in present] if len(present) < MAX_BOARD_MODERATORS else []
        )
    orderable = [
        o
        for o in officers
        if o.whereabouts == Whereabouts.CITY
        and (king or (o.pk != officer.pk and not only_king_orders(o.stars, o.campaign.king_orders_from_stars)))
    ]
    return PersonnelView(
        is_king=king,
        cities=cities if king else governed,
        officers=officers,
        governed=governed,
        promotions=promotions,
        moderators=moderators,
        orderable=orderable,
        destinations=cities,
    )
