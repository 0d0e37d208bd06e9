"""The zone the pages outside any campaign show times in."""

from campaign.models import Campaign, Officer


def home_zone_of(user) -> str | None:
    """The zone a page outside any campaign (the Tokens page, /ops/) shows times in when the
    reader chose none: their campaign's (the newest they serve in, where they land after logging
    in), else the first campaign's; None when there is no campaign (then the site's)."""
    served = (
        Officer.objects.filter(user_id=user.pk)
        .order_by("-campaign__created_at", "-campaign_id")
        .values_list("campaign__time_zone", flat=True)
        .first()
        if user.is_authenticated
        else None
    )
    return served or Campaign.objects.order_by("pk").values_list("time_zone", flat=True).first()
