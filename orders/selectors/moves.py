"""The moves page: the officer's own moves and the requests they may decide (R3.1, R3.2)."""

from dataclasses import dataclass
from datetime import datetime

from campaign.authority import decides_for_city, is_king
from campaign.models import Move, Officer
from cities.models import City


@dataclass(frozen=True)
class MovesView:
    mine: list[Move]
    to_decide: list[Move]
    destinations: list[City]


def moves_for(*, officer: Officer, now: datetime) -> MovesView:
    """The officer's own moves under way, and the requests they may decide (R3.1, R3.2)."""
    related = (
        "officer",
        "origin__kingdom",
        "destination__kingdom",
        "origin__governor__user__presence",
        "destination__governor__user__presence",
    )
    mine = list(
        Move.objects.filter(officer=officer, status__in=[Move.Status.REQUESTED, Move.Status.TRAVELLING]).select_related(
            *related
        )
    )
    pending = Move.objects.filter(
        campaign_id=officer.campaign_id, status=Move.Status.REQUESTED, officer__kingdom=officer.kingdom
    ).select_related(*related, "campaign", "officer__kingdom")
    king = officer.kingdom is not None and is_king(officer, officer.kingdom)
    to_decide = [
        m
        for m in pending
        if king
        or (
            not m.needs_king
            and (
                (m.origin_approver_id is None and decides_for_city(officer, m.origin, now))
                or (m.destination_approver_id is None and decides_for_city(officer, m.destination, now))
            )
        )
    ]
    destinations = list(City.objects.filter(campaign_id=officer.campaign_id, kingdom=officer.kingdom))
    return MovesView(mine=mine, to_decide=to_decide, destinations=destinations)
