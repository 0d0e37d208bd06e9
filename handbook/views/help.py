"""The help pages: the list of topics, and one topic in the reader's language."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from handbook.help import BY_SLUG, TOPICS, help_html


@require_safe
def help_index(request: HttpRequest) -> HttpResponse:
    return render(request, "handbook/help_index.html", {"topics": TOPICS})


@require_safe
def help_topic(request: HttpRequest, topic: str) -> HttpResponse:
    if topic not in BY_SLUG:
        raise Http404(topic)
    body = mark_safe(help_html(topic, get_language() or "zh-hant"))  # our own text, HTML escaped by the renderer
    return render(request, "handbook/help_topic.html", {"topic": BY_SLUG[topic], "topics": TOPICS, "body": body})
