"""The home page: every campaign."""

from campaign.models import Campaign


def campaigns_list() -> list[Campaign]:
    """The home page: every campaign, newest first."""
    return list(Campaign.objects.order_by("-created_at"))
