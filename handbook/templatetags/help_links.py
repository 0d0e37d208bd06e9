"""`{% help_link "siege" %}`: a link to a help topic, titled in the reader's language, placed on
the page where the thing it explains is done."""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from handbook.help import BY_SLUG

register = template.Library()


@register.simple_tag
def help_link(slug: str) -> SafeString:
    topic = BY_SLUG[slug]  # a template naming a topic that does not exist fails loudly, in its tests
    return format_html(
        '<a class="help-link" href="{}">{}: {}</a>',
        reverse("handbook:help-topic", args=[slug]),
        gettext("Help"),
        topic.title,
    )
