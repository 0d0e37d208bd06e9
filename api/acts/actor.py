"""Who acts: the officer of the token's account in the campaign at the address (404 for an
unknown campaign, a refusal for an account with no officer there)."""

from campaign import lookups as campaign_lookups
from campaign.authority import require_officer
from campaign.models import Campaign, Officer


def actor(request, slug: str) -> tuple[Campaign, Officer]:
    campaign = campaign_lookups.campaign_by_slug(slug)
    return campaign, require_officer(request.auth.user, campaign)
