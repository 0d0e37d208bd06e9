"""What the pages of setting a season up share: a world file's upload, previewed before it is
saved."""

import json
from typing import cast

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.errors import NotAllowed, RuleViolation
from seasons.world.preview import world_preview
from seasons.world.upload import world_file_posted


def preview_or_save(request: HttpRequest, save, back_url: str, *, slug: str = "", replacing=None) -> HttpResponse:
    """A world file's upload: first the preview (read, checked as the save checks it, and drawn;
    nothing written), then, from the preview's own form, the save (`save(text, fmt)`, the one
    write). `replacing`: the draft whose world the file replaces (else a new campaign at `slug`)."""
    try:
        text, fmt = world_file_posted(request)
        if request.POST.get("save") == "1":
            return save(text, fmt)
        preview = world_preview(text=text, fmt=fmt, uploader=cast(User, request.user), replacing=replacing, slug=slug)
        refusal = ""
    except NotAllowed:
        raise
    except RuleViolation as exc:
        preview, refusal, text, fmt = None, exc.refusal_html, "", "yaml"
    shown = text.decode("utf-8") if isinstance(text, bytes) and preview is not None else text
    context = {"preview": preview, "refusal": refusal, "text": shown if preview else "", "fmt": fmt}
    context["places"] = json.dumps(preview.laid_out, ensure_ascii=False) if preview else ""
    context.update(action=request.path, back_url=back_url, slug=slug, campaign=getattr(request, "campaign", None))
    return render(request, "seasons/organise/preview.html", context, status=200 if preview else 400)
