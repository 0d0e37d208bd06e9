"""The organisers' season page (R1.1): the campaign's state and the pauses of its war."""

from dataclasses import dataclass

from campaign.models import Campaign
from seasons.models import WarPause


@dataclass(frozen=True)
class SeasonView:
    campaign: Campaign
    pauses: list[WarPause]


def season_for(*, campaign: Campaign) -> SeasonView:
    """One query: the pauses, newest first (the campaign is the page's, read once)."""
    return SeasonView(
        campaign=campaign, pauses=list(WarPause.objects.filter(campaign=campaign).order_by("-started_at"))
    )
