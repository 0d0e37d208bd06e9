"""R1.3 A wall above its kind's maximum is refused naming the kind in the reader's language: the
Chinese page read "城防 900 超過 frontier 城池的上限 300" (the file's key, in English); it now
names the kind as the site does everywhere (一般城池; in English "a frontier city")."""

import pytest
from django.utils import translation

from campaign.errors import RuleViolation
from seasons.world.parse import world_parse

WORLD = """name: 城防
slug: walls
kingdoms:
- {name: 魏, capital: 許昌}
cities:
- {name: 許昌, kingdom: 魏, kind: capital}
- {name: 洛陽, kingdom: 魏, kind: frontier, wall: 900}
roads:
- [許昌, 洛陽]
"""


@pytest.mark.parametrize(
    "language, words, never",
    [("zh-hant", ["900", "一般城池", "300"], ["frontier"]), ("en", ["900", "a frontier city may have"], ["city city"])],
)
def test_r1_3_a_wall_above_its_kind_names_the_kind_in_the_reader_s_language(language, words, never):
    with translation.override(language), pytest.raises(RuleViolation) as refused:
        world_parse(text=WORLD, fmt="yaml")
    message = str(refused.value.message)
    for word in words:
        assert word in message, message
    for word in never:
        assert word not in message, message
