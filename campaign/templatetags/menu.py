"""`{% organise_shown user as shown %}`: whether the account menu offers Organise (the site's rule
for who creates campaigns, campaign/authority.py): no query under the default rule."""

from django import template

from campaign.authority import organise_link_shown

register = template.Library()


@register.simple_tag
def organise_shown(user) -> bool:
    return organise_link_shown(user)
