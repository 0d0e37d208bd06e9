"""The War page: armies in the field, active sieges, and the viewer's march form."""

from collections.abc import Mapping
from dataclasses import dataclass

from battles.models import Army, Siege
from battles.selectors.army import MEMBERS
from battles.selectors.march import MarchForm, march_choice
from campaign.models import Campaign, Officer


def armies_in_field(*, campaign: Campaign) -> list[Army]:
    return list(
        Army.objects.filter(campaign=campaign)
        .exclude(status=Army.Status.ENDED)
        .select_related("kingdom", "origin", "target", "siege")
        .prefetch_related(MEMBERS)
        .order_by("arrives_at")
    )


def sieges_active(*, campaign: Campaign) -> list[Siege]:
    return list(Siege.objects.filter(campaign=campaign, status=Siege.Status.ACTIVE).select_related("city__kingdom"))


@dataclass(frozen=True)
class WarView:
    armies: list[Army]
    sieges: list[Siege]
    form: MarchForm | None  # the march the viewer may order (R4.4), when there is a city to march from


def war_page(*, campaign: Campaign, viewer: Officer | None, choice: Mapping[str, str] | None = None) -> WarView:
    """The War page: armies in the field, sieges, and the viewer's march form with its preview."""
    return WarView(
        armies=armies_in_field(campaign=campaign),
        sieges=sieges_active(campaign=campaign),
        form=march_choice(viewer=viewer, choice=choice or {}),
    )
