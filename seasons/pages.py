"""What the pages of setting a season up share: a world file's upload, previewed before it is
saved. A view asks the preview's page (read, checked and drawn; nothing written) or, when the
preview's own form sends the file back to be saved, calls its service itself and shows its
refusal here: the page calls no service and no view's code."""

import json
from typing import cast

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.errors import NotAllowed, RuleViolation
from seasons.world.preview import Preview, world_preview
from seasons.world.upload import world_file_posted


def world_save_asked(request: HttpRequest) -> bool:
    """The preview's save form sent the file back (`save=1`); an upload form asks for its preview."""
    return request.POST.get("save") == "1"


def world_preview_page(request: HttpRequest, back_url: str, *, slug: str = "", replacing=None) -> HttpResponse:
    """A world file's upload previewed: read, checked as the save checks it, and drawn, with the
    form that saves it; or the refusal naming its rule (and its line). `replacing`: the draft whose
    world the file would replace (else a new campaign at `slug`)."""
    try:
        text, fmt = world_file_posted(request)
        preview = world_preview(text=text, fmt=fmt, uploader=cast(User, request.user), replacing=replacing, slug=slug)
    except NotAllowed:
        raise
    except RuleViolation as exc:
        return world_refused_page(request, exc, back_url, slug=slug)
    shown = text.decode("utf-8") if isinstance(text, bytes) else text
    return _page(request, back_url, slug, preview=preview, text=shown, fmt=fmt)


def world_refused_page(request: HttpRequest, exc: RuleViolation, back_url: str, *, slug: str = "") -> HttpResponse:
    """The upload's page with a world file's refusal (its preview's or its save's), 400."""
    return _page(request, back_url, slug, refusal=exc.refusal_html)


def _page(
    request: HttpRequest,
    back_url: str,
    slug: str,
    *,
    preview: Preview | None = None,
    refusal: str = "",
    text: str = "",
    fmt: str = "yaml",
) -> HttpResponse:
    context = {"preview": preview, "refusal": refusal, "text": text, "fmt": fmt}
    context["places"] = json.dumps(preview.laid_out, ensure_ascii=False) if preview else ""
    context.update(action=request.path, back_url=back_url, slug=slug, campaign=getattr(request, "campaign", None))
    return render(request, "seasons/organise/preview.html", context, status=200 if preview else 400)
