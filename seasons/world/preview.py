"""A world file's preview: read, checked as the save checks it and drawn, before anything is
saved (the organisers' upload page and the API's preview)."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from campaign.models import Campaign
from cities.drawing import Drawing, drawing
from seasons.organise_inputs import FIELDS, column, typed_text, unit_text
from seasons.world.accounts import accounts_named, address_free
from seasons.world.parse import CAMPAIGN_SETTINGS, place_unplaced, world_parse

NEUTRAL = "#888888"


@dataclass(frozen=True)
class Preview:
    """A world file read and checked, before anything is saved: what it would make."""

    spec: dict[str, Any]
    map: Drawing
    settings: list[tuple[str, str]]  # the settings the file changes from the defaults: (label, value)
    laid_out: dict[str, tuple[float, float]]  # where the cities the file leaves without coordinates were laid out


def world_preview(
    *, text: str | bytes, fmt: str, uploader: User | None = None, replacing: Campaign | None = None, slug: str = ""
) -> Preview:
    """A world file read, checked (a RuleViolation naming the line or field) and drawn, its
    cities without coordinates placed as saving would place them; nothing is written. Uploaded on
    the site (`uploader`), it is asked what the save asks (accounts.py): the accounts its
    officers name, and, for a new campaign (not `replacing` a draft's world), its address (`slug`
    typed, else the file's): a file the preview shows is one the save takes."""
    spec = world_parse(text=text, fmt=fmt)
    if uploader is not None:
        accounts_named(spec=spec, fmt=fmt, uploader=uploader, campaign=replacing)
        if replacing is None:
            address_free(spec=spec, fmt=fmt, slug=slug)
    unplaced = {c["name"] for c in spec["cities"] if "x" not in c}
    place_unplaced(spec)
    laid_out = {c["name"]: (c["x"], c["y"]) for c in spec["cities"] if c["name"] in unplaced}
    colours = {k["name"]: k["colour"] for k in spec["kingdoms"]}
    index = {c["name"]: i for i, c in enumerate(spec["cities"])}
    drawn = drawing(
        [
            (
                i,
                c["name"],
                c["kind"],
                colours.get(c.get("kingdom", ""), NEUTRAL),
                c.get("kingdom", ""),
                (c["x"], c["y"]),
            )
            for i, c in enumerate(spec["cities"])
        ],
        [(index[a], index[b]) for a, b in spec["roads"]],
    )
    changed = []
    for name in CAMPAIGN_SETTINGS:
        if spec[name] != column(name).get_default():
            field = FIELDS.get(name)
            shown = f"{typed_text(field, spec[name])} {unit_text(field)}".strip() if field else str(spec[name])
            changed.append((str(column(name).verbose_name), shown))
    return Preview(spec=spec, map=drawn, settings=changed, laid_out=laid_out)
