"""§1 The world file's reader has one contract whatever it is fed: it returns the world, or refuses
with a RuleViolation whose message names the rule in the reader's language (Chinese here: never the
parser's English alone) and can be sent (UTF-8, a bounded length); nothing else, never a crash (a
500 on the site and the API). Hypothesis feeds it arbitrary text, bytes, YAML made of the pieces
that broke it (tags, merge keys, anchors, long numbers), and JSON and YAML dumps of arbitrary data
and of a valid world with one value changed. `world_parse` reads and checks; it writes nothing."""

import json
import re

import yaml
from django.utils import translation
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from campaign.errors import RuleViolation
from seasons.world.parse import world_parse

CHINESE = re.compile(r"[\u4e00-\u9fff]")
EXAMPLES = hypothesis_settings(max_examples=250, deadline=None, derandomize=True)
WORLD = {
    "name": "試",
    "slug": "fuzz",
    "settings": {"travel_time": 600},
    "kingdoms": [{"name": "魏", "colour": "#2f5d9e", "capital": "許昌"}],
    "cities": [
        {"name": "許昌", "kingdom": "魏", "kind": "capital", "x": 1, "y": 2},
        {"name": "洛陽", "kind": "buffer"},
    ],
    "roads": [["許昌", "洛陽"]],
    "officers": [{"user": "cao", "name": "曹操", "kingdom": "魏", "stars": 25, "kind": "general", "city": "許昌"}],
}
PIECES = (
    "name", "slug", "cities", "roads", "officers", "kingdoms", "settings", "kind", "x", ": ", ":", "- ", "? ", "\n",
    "  ", "\t", "[", "]", "{", "}", ",", "'", '"', "#", "!foo ", "!!python/name:os.system ", "!!int ", "!!float ",
    "!!str ", "!!set ", "!!binary ", "!!timestamp ", "!!omap ", "!!merge ", "! ", "<<", "&a ", "*a", "---\n",
    "...\n", "%YAML 1.1\n", "9" * 5000, "0x" + "f" * 200, "1e999", ".nan", "-.inf", "²", "٣", "2001-13-45", "=",
    "~", "null", "yes", "許昌", "\\ud800", "\x00", "\x85", "\u2028", "\ufeff", "|\n", ">-\n", "1:30:00",
)  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),  # (longer ones: PIECES, as text; Python cannot print them)
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20,
)


def _read_or_refused(text: str | bytes, fmt: str) -> None:
    with translation.override("zh-hant"):
        try:
            world = world_parse(text=text, fmt=fmt)
        except RuleViolation as refusal:
            message = str(refusal.message)
            message.encode("utf-8")  # a lone surrogate could not be sent in a page or an answer
            assert CHINESE.search(message), message
            assert len(message) < 1000, message
        else:
            assert isinstance(world, dict) and isinstance(world["cities"], list)


def _set(data: dict, path: list, value) -> dict:
    """`data` (a copy) with the value at `path` (keys and indexes, as far as they lead) replaced."""
    data = json.loads(json.dumps(data))
    node = data
    for step in path[:-1]:
        nxt = node[step % len(node)] if isinstance(node, list) and node else None
        if isinstance(node, dict):
            nxt = node.get(list(node)[step % len(node)]) if node else None
        if not isinstance(nxt, (dict, list)):
            break
        node = nxt
    if isinstance(node, dict) and node:
        node[list(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return data


@EXAMPLES
@given(st.text(max_size=300), st.sampled_from(["yaml", "json"]))
def test_r1_any_text_is_read_or_refused_in_the_readers_language(text, fmt):
    _read_or_refused(text, fmt)


@EXAMPLES
@given(st.binary(max_size=200))
def test_r1_any_bytes_are_read_or_refused(data):
    _read_or_refused(data, "yaml")
    _read_or_refused(data, "json")


@EXAMPLES
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_r1_yaml_of_tags_merge_keys_anchors_and_long_numbers_is_read_or_refused(text):
    _read_or_refused(text, "yaml")
    _read_or_refused(yaml.safe_dump(WORLD, allow_unicode=True) + text, "yaml")


@EXAMPLES
@given(DATA)
def test_r1_any_data_as_json_or_yaml_is_read_or_refused(data):
    _read_or_refused(json.dumps(data, ensure_ascii=False), "json")
    _read_or_refused(yaml.safe_dump(data, allow_unicode=True), "yaml")


@EXAMPLES
@given(st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=4), DATA)
def test_r1_a_world_with_any_one_value_changed_is_read_or_refused(path, value):
    data = _set(WORLD, path, value)
    _read_or_refused(json.dumps(data, ensure_ascii=False), "json")
    _read_or_refused(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "yaml")
