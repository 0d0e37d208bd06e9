"""The rules page: the rules of the war in the reader's language, one anchor per clause."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods

from handbook.rules_text import rules_page


@require_http_methods(["GET", "HEAD"])
def rules(request: HttpRequest) -> HttpResponse:
    page = rules_page(translation.get_language())
    # The text is ours (docs/), rendered without raw HTML and cleaned by nh3 (handbook/rules_text.py).
    return render(request, "handbook/rules.html", {"page": page, "text": mark_safe(page.html)})
