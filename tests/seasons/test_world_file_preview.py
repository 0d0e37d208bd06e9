"""§1 A world file's preview: its map drawn in Python (`{% preview_map %}`) is the organisers' map
template's own markup (seasons/organise/_map.html without dragging), in both languages and with
names that need escaping; and a refused file's preview page is a refusal, not a 500."""

import json
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from campaign.templatetags.world_map import preview_map
from seasons.world.preview import world_preview

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml"


def _same(markup: str) -> str:
    return re.sub(r">\s+<", "><", markup.strip())


def _escaping_world() -> str:
    data = {
        "name": "A & B",
        "slug": "amp",
        "kingdoms": [{"name": 'Tom & "Jerry"', "colour": "#123456", "capital": "O'Hare & co"}],
        "cities": [
            {"name": "O'Hare & co", "kingdom": 'Tom & "Jerry"', "kind": "capital"},
            {"name": "x", "kind": "buffer"},
        ],
        "roads": [["O'Hare & co", "x"]],
    }
    return json.dumps(data)


@pytest.mark.parametrize("language", ["zh-hant", "en"])
@pytest.mark.parametrize("text, fmt", [(EXAMPLE.read_text(encoding="utf-8"), "yaml"), (_escaping_world(), "json")])
def test_r1_the_preview_map_is_the_map_template_s_markup(language, text, fmt):
    with translation.override(language):
        drawn = world_preview(text=text, fmt=fmt).map
        template = render_to_string("seasons/organise/_map.html", {"map": drawn, "place_url": ""})
        assert _same(preview_map(drawn)) == _same(template)
    assert len(drawn.cities) >= 2 and drawn.roads
