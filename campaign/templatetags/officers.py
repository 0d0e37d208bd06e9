"""`{% officer_link officer %}`: an officer's name linking to their page (a name links to
the officer wherever it is shown). Uses the page's campaign, so it reads nothing."""

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def officer_link(context, officer) -> str:
    if officer is None:
        return "—"
    campaign = context.get("campaign")
    if campaign is None:
        return format_html("{}", officer.name)
    url = reverse("officer", args=[campaign.slug, officer.pk])
    return format_html('<a class="officer-link" href="{}">{}</a>', url, officer.name)
