"""A world file's preview map, drawn in Python: the markup of `seasons/organise/_map.html` without
its place-dragging, which the template language drew at half a millisecond an element (a file at
the limits, 10,000 cities and 30,000 roads, took 22 s to draw; this takes a fraction of one).
tests/seasons/test_world_file_preview.py holds the two to the same markup."""

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from cities.drawing import Drawing

register = template.Library()
RADIUS = {"capital": 20, "buffer": 15}  # any other kind: 13


@register.simple_tag
def preview_map(drawn: Drawing) -> SafeString:
    """The map of a world previewed: circles (cities in their owner's colour) and lines (roads)."""
    out = [
        '<figure class="war-map organise-map">\n'
        f'<svg viewBox="0 0 {int(drawn.width)} {int(drawn.height)}" role="img" aria-labelledby="organise-map-title" '
        'class="map">\n'
        f'  <title id="organise-map-title">{_("Map")}</title>\n'
        '  <rect width="100%" height="100%" fill="#f4efe1"/>\n'
        '  <g class="roads" stroke="#b7a98a" stroke-width="4" stroke-linecap="round">'
    ]
    for x1, y1, x2, y2, a, b in drawn.roads:
        out.append(
            f'\n    <line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'data-a="{escape(a)}" data-b="{escape(b)}"/>'
        )
    out.append('\n  </g>\n  <g class="cities">')
    for c in drawn.cities:
        name = escape(c.name)
        out.append(
            f'\n    <g class="city" data-city="{escape(c.key)}" data-map-city="{name}" '
            f'transform="translate({c.x:.1f} {c.y:.1f})">\n'
            f"      <title>{name} · {escape(c.owner or '—')}</title>\n"
            f'      <circle r="{RADIUS.get(c.kind, 13)}" fill="{escape(c.colour)}" stroke="#333" stroke-width="2"/>\n'
            f'      <text y="-28" text-anchor="middle" font-size="24" class="city-name">{name}</text>\n'
            "    </g>"
        )
    caption = _("Circles: cities in their owner's colour; lines: roads.")  # (ours: {% translate %} as is)
    out.append(f'\n  </g>\n</svg>\n<figcaption class="muted">{caption}</figcaption>\n</figure>')
    return mark_safe("".join(out))  # noqa: S308 (every value from the file escaped above)
