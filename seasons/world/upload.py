"""A world file as the organisers' forms send it: the upload form's file, or the text and format
the preview's save form sends back with where the preview laid out the cities a file leaves
without coordinates. Read once for the pages (the API takes the file as its body)."""

import json
import math

from django.conf import settings
from django.utils.translation import gettext

from campaign.errors import RuleViolation
from seasons.world.rules.reader import FORMATS


def world_file_posted(request) -> tuple[str | bytes, str]:
    """A world file sent by an upload form (the file, YAML unless its name ends in .json) or sent
    again by the preview's save form (its text and format); at most one byte past the limit is read."""
    upload = request.FILES.get("file")
    if upload is not None:
        text: str | bytes = upload.read(settings.WORLD_FILE_MAX_BYTES + 1)
        fmt = "json" if upload.name.lower().endswith(".json") else "yaml"
    else:
        text = request.POST.get("text", "")
        fmt = request.POST.get("fmt", "yaml") if request.POST.get("fmt") in FORMATS else "yaml"
    if not text:
        raise RuleViolation("R1.1", gettext("Choose a world file to upload (YAML or JSON)."))
    return text, fmt


def places_posted(data) -> dict[str, tuple[float, float]]:
    """Where a world file's preview laid out the cities the file leaves without coordinates (sent
    back by its save form): names and two finite numbers each; anything else is left out (those
    cities are laid out again when saved)."""
    try:
        given = json.loads(data.get("places") or "{}")
    except ValueError:
        return {}
    if not isinstance(given, dict):
        return {}
    out = {}
    for name, point in given.items():
        if isinstance(point, list) and len(point) == 2 and all(type(v) in (int, float) for v in point):
            if all(math.isfinite(v) and -1e9 <= v <= 1e9 for v in point):
                out[str(name)] = (float(point[0]), float(point[1]))
    return out
