"""The prisoners' page: every ransom of the campaign."""

from battles.models import Ransom
from campaign.models import Campaign


def prisoners(*, campaign: Campaign) -> list[Ransom]:
    return list(
        Ransom.objects.filter(campaign=campaign, kind=Ransom.Kind.RANSOM)
        .select_related("officer__city", "officer__kingdom", "kingdom")
        .order_by("status", "-created_at")
    )
