"""Reading a world file (YAML or JSON, one schema: README "The world file") into plain data, and
where each value stood in it: a refusal names the line (YAML) or the field path (JSON). Pure: no
Django; a refusal is a `WorldFileError` with a code and its arguments, which the service words.

>>> data, lines = world_read("name: x\\nkingdoms:\\n- {name: 魏}\\n", "yaml")
>>> data, lines["kingdoms[0].name"]
({'name': 'x', 'kingdoms': [{'name': '魏'}]}, 3)
>>> world_read('{"name": "x"}', "json")[0]
{'name': 'x'}
>>> try:
...     world_read("a: [1,\\n", "yaml")
... except WorldFileError as e:
...     print(e.code, e.line)
invalid 2
>>> try:
...     world_read("a: &x [1]\\nb: *x\\n", "yaml")
... except WorldFileError as e:
...     print(e.code, e.line)
alias 2
>>> try:
...     world_read('{"a": 1, "a": 2}', "json")
... except WorldFileError as e:
...     print(e.code, e.path)
duplicate_key a
"""

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import yaml

MAX_BYTES = 10 * 1024 * 1024  # ten megabytes
MAX_CITIES = 10_000
FORMATS = ("yaml", "json")
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's when built with it: the same nodes, faster


class _Loader(LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, each distinct scalar's implicit tag worked out once per file: a world
    repeats its keys and kinds thousands of times, and the resolver's regular expressions were
    half the time of reading it."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._tags: dict[tuple[str, Any], str] = {}

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = self._tags.get(key)
        if tag is None:
            tag = self._tags[key] = super().resolve(kind, value, implicit)
        return tag


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a file is read: its tree of nodes and values
    holds no cycles (an alias, the one way to make one, is refused), yet its tens of thousands of
    new objects set off full collections that walk everything the process holds."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class WorldFileError(Exception):
    """A world file refused: `code` names the broken rule, `path` the field (``cities[3].kind``),
    `line` its line in a YAML file (None in JSON, or when the file has no such line), `params`
    what the message shows."""

    def __init__(self, code: str, path: str = "", line: int | None = None, **params: Any) -> None:
        super().__init__(f"{code} at {path or '-'} (line {line}): {params}")
        self.code = code
        self.path = path
        self.line = line
        self.params = params


def world_read(text: str | bytes, fmt: str) -> tuple[Any, dict[str, int]]:
    """The file's data and, for YAML, the line of every field path (JSON: no lines, the paths
    name the fields). Refused: more than ten megabytes, not UTF-8, invalid, anchors and aliases
    (they let a small file stand for a huge one), a key twice."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise WorldFileError("too_large", limit=MAX_BYTES // (1024 * 1024))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise WorldFileError("invalid", detail=f"not UTF-8 (byte {e.start})") from None
    if fmt not in FORMATS:
        raise WorldFileError("format", fmt=fmt)
    try:
        with _collector_paused():
            return (_json(text), {}) if fmt == "json" else _yaml(text)
    except RecursionError:
        raise WorldFileError("invalid", detail="nested too deep") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise WorldFileError("duplicate_key", key, key=key)
        out[key] = value
    return out


def _json(text: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise WorldFileError("invalid", f"line {e.lineno} column {e.colno}", detail=e.msg) from None


def _yaml(text: str) -> tuple[Any, dict[str, int]]:
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as e:
            mark = e.problem_mark or e.context_mark
            raise WorldFileError("invalid", line=mark.line + 1 if mark else None, detail=e.problem or "") from None
        except yaml.YAMLError as e:
            raise WorldFileError("invalid", detail=str(e)) from None
        lines: dict[str, int] = {}
        if node is None:
            return None, lines
        return _value(loader, node, "", lines, set()), lines
    finally:
        loader.dispose()


def _value(loader: Any, node: yaml.Node, path: str, lines: dict[str, int], seen: set[int], at: int = 0) -> Any:
    """A node's value, each field's line noted under its path (`at`: its key's line); a node met
    twice is an alias."""
    line = node.start_mark.line + 1
    if id(node) in seen:
        raise WorldFileError("alias", path, at or line)
    seen.add(id(node))
    lines[path] = line
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(loader, key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str):
                raise WorldFileError("key", path, key_node.start_mark.line + 1)
            if key in out:
                raise WorldFileError(
                    "duplicate_key", f"{path}.{key}" if path else key, key_node.start_mark.line + 1, key=key
                )
            at = key_node.start_mark.line + 1
            out[key] = _value(loader, value_node, f"{path}.{key}" if path else key, lines, seen, at)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_value(loader, item, f"{path}[{i}]", lines, seen) for i, item in enumerate(node.value)]
    return _scalar(loader, node)


STR, INT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"


def _scalar(loader: Any, node: yaml.Node) -> Any:
    """A scalar's value: text and whole numbers read directly (most of a world), the rest by
    the safe constructor."""
    if node.tag == STR:
        return node.value
    if node.tag == INT and node.value.isdigit() and (node.value == "0" or node.value[0] != "0"):
        return int(node.value)
    return loader.construct_object(node)


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
