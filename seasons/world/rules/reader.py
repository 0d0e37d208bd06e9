"""Reading a world file (YAML or JSON, one schema: docs/world-files.md) into plain data, within
its `Limits`: the size before parsing, the counts as they are read (YAML) or at once after (JSON).
A refusal names the line (YAML; a JSON syntax error's too) or the field path (JSON). Pure: no
Django; a refusal is a `WorldFileError` with a code and its arguments, which the service words.

>>> world_read("name: x\\nkingdoms:\\n- {name: 魏}\\n", "yaml")
{'name': 'x', 'kingdoms': [{'name': '魏'}]}
>>> world_lines("name: x\\nkingdoms:\\n- {name: 魏}\\n")["kingdoms[0].name"]
3
>>> world_read('{"name": "x"}', "json")
{'name': 'x'}
>>> for text, fmt in (("a: [1,\\n", "yaml"), ('{"a": 1, "a": 2}', "json"), ('{"a":\\n 1e}', "json"),
...                   ('{"a": ' + "9" * 5000 + "}", "json"), (b"a: \\xff", "yaml")):
...     try:
...         world_read(text, fmt)
...     except WorldFileError as e:
...         print(e.code, e.path, e.line)
yaml_syntax  2
duplicate_key a None
json_syntax  2
number  1
encoding  None
"""

import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from seasons.world.rules.limits import MAX_DEPTH, NUMBER_CHARS, Limits, WorldFileError, counts_within, shallow
from seasons.world.rules.yaml_events import yaml_read

__all__ = ["FORMATS", "Limits", "WorldFileError", "line_of", "world_lines", "world_read"]

FORMATS = ("yaml", "json")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a file is read: its values hold no cycles (an
    alias, the one way to make one, is refused), yet its tens of thousands of new objects set off
    full collections that walk everything the process holds."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def world_text(text: str | bytes, limits: Limits) -> str:
    """The file's text: at most `limits.max_bytes` of UTF-8, refused before anything parses it."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_bytes:
        raise WorldFileError("too_large", limit=limits.max_bytes)
    try:
        # A str given (the API's JSON body) may hold a lone surrogate, which no parser takes.
        return text.decode("utf-8") if isinstance(text, bytes) else text.encode("utf-8").decode("utf-8")
    except UnicodeError as e:
        position = e.start if isinstance(e, (UnicodeDecodeError, UnicodeEncodeError)) else 0
        raise WorldFileError("encoding", byte=position) from None


def world_read(text: str | bytes, fmt: str, limits: Limits | None = None) -> Any:
    """The file's data, or the first thing refused: too large (before parsing), not UTF-8, not a
    format, invalid (the parser's own words and the line), a key twice, a tag, merge key or alias
    (YAML), a number too long, nesting too deep, a top-level list over its limit."""
    limits = limits or Limits()
    if fmt not in FORMATS:
        raise WorldFileError("format", fmt=str(fmt)[:20])
    text = world_text(text, limits)
    with _collector_paused():
        if fmt == "yaml":
            return yaml_read(text, limits)
        data = _json(text)
    shallow(data)
    counts_within(data, limits)
    return data


def world_lines(text: str | bytes, limits: Limits | None = None) -> dict[str, int]:
    """The line of every field path of a YAML file that reads (to name the line of a field a check
    refused): read again, the refusals being few."""
    lines: dict[str, int] = {}
    yaml_read(text.decode("utf-8") if isinstance(text, bytes) else text, limits or Limits(), lines)
    return lines


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise WorldFileError("duplicate_key", key, key=key)
        out[key] = value
    return out


def _number(text: str, kind: type) -> Any:
    if len(text) > NUMBER_CHARS:
        raise WorldFileError("number", n=NUMBER_CHARS)
    return kind(text)


def _json(text: str) -> Any:
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=lambda t: _number(t, int),
            parse_float=lambda t: _number(t, float),
        )
    except json.JSONDecodeError as e:
        raise WorldFileError("json_syntax", line=e.lineno, detail=e.msg) from None
    except WorldFileError as e:
        if e.code == "number":  # (the parser does not say where: the first number that long)
            found = re.search(rf"[-+.eE0-9]{{{NUMBER_CHARS + 1},}}", text)
            e.line = text.count("\n", 0, found.start()) + 1 if found else None
        raise
    except RecursionError:
        raise WorldFileError("deep", depth=MAX_DEPTH) from None


def line_of(path: str, lines: dict[str, int]) -> int | None:
    """The line of a field, or of the nearest field holding it (a missing key: its mapping's).

    >>> line_of("cities[2].kind", {"cities": 4, "cities[2]": 7})
    7
    >>> line_of("x", {}) is None
    True
    """
    while path not in lines:
        if not path:
            return None
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return lines[path]
