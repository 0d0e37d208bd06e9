"""A world file's YAML read event by event into plain data (docs/world-files.md). PyYAML's safe
loader (libyaml's when built with it) parses; this reader builds the values itself, without the
tree of nodes the loader would compose first (it held a 10 MB file's two million nodes at once),
and refuses, where it meets it and naming its line: a tag beyond plain values (`!foo`,
`!!python/name:…`, `!!set`), a merge key `<<`, an alias (a small file standing for a huge one), a
number too long to be one, a value its tag cannot read (`!!int ²`), nesting deeper than a world
holds, a second document, and a top-level list longer than its limit (counted as it is read, so
the 10,001st city stops the reading). Pure: no Django.

>>> yaml_read("name: x\\nkingdoms:\\n- {name: 魏}\\n", Limits())
{'name': 'x', 'kingdoms': [{'name': '魏'}]}
>>> lines = {}
>>> _ = yaml_read("name: x\\nkingdoms:\\n- {name: 魏}\\n", Limits(), lines)
>>> lines["kingdoms[0].name"]
3
>>> for text in ("a: [1,\\n", "a: &x [1]\\nb: *x\\n", "a: !foo x", "a: 1\\n<<: {b: 2}\\n", "a: !!int ²",
...              "a: " + "9" * 5000, "cities: [a, b, c]"):
...     try:
...         yaml_read(text, Limits(cities=2))
...     except WorldFileError as e:
...         print(e.code, e.line, e.params)
yaml_syntax 2 {'detail': 'did not find expected node content'}
alias 2 {}
tag 1 {'tag': '!foo'}
merge 2 {}
value 1 {'value': '²', 'tag': '!!int'}
number 1 {'n': 100}
too_many_cities 1 {'limit': 2}
"""

from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from seasons.world.rules.limits import MAX_DEPTH, NUMBER_CHARS, Limits, WorldFileError

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's when built with it: the same events, faster
CORE = "tag:yaml.org,2002:"
STR, INT, FLOAT, MAP, SEQ, MERGE = (CORE + t for t in ("str", "int", "float", "map", "seq", "merge"))
# The plain values a world file holds (a timestamp is read, then refused where text is expected).
SCALARS = frozenset(CORE + t for t in ("str", "int", "float", "bool", "null", "timestamp"))
VALUE = CORE + "value"  # YAML 1.1's `=`: plain text here


def _short(tag: str) -> str:
    return "!!" + tag[len(CORE) :] if tag.startswith(CORE) else tag


class _Open:
    """A mapping or list being read: its value, its field path (when lines are noted), the key
    whose value comes next (a mapping's), and the most items it may hold (a top-level list's)."""

    __slots__ = ("value", "path", "key", "limit", "what")

    def __init__(self, value: Any, path: str, limit: int | None = None, what: str = "") -> None:
        self.value = value
        self.path = path
        self.key: str | None = None
        self.limit = limit
        self.what = what


class WorldLoader(LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, each distinct scalar's implicit tag worked out once per file (a world repeats
    its keys and kinds thousands of times), reading a world as `yaml_read` says."""

    def __init__(self, text: str, limits: Limits, lines: dict[str, int] | None = None) -> None:
        super().__init__(text)
        self._tags: dict[tuple[str, Any], str] = {}
        self.limits = limits
        self.lines = lines

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = self._tags.get(key)
        if tag is None:
            tag = self._tags[key] = super().resolve(kind, value, implicit)
        return tag

    def world(self) -> Any:
        """The file's one document as plain data (None for an empty file)."""
        self.get_event()  # the stream's start
        if self.check_event(StreamEndEvent):
            return None
        self.get_event()  # the document's start
        data = self._document()
        self.get_event()  # the document's end
        if not self.check_event(StreamEndEvent):
            raise WorldFileError("documents", line=self.peek_event().start_mark.line + 1)
        return data

    def _document(self) -> Any:
        stack: list[_Open] = []
        while True:
            event = self.get_event()
            kind = type(event)
            if kind is MappingEndEvent or kind is SequenceEndEvent:
                done = stack.pop()
                if not stack:
                    return done.value
                continue
            line = event.start_mark.line + 1
            top = stack[-1] if stack else None
            if top is not None and top.key is None and type(top.value) is dict:
                top.key = self._key(event, top, line)
                continue
            if kind is ScalarEvent:
                value = self._scalar(event, line)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                value = self._container(event, kind is MappingStartEvent, line, len(stack))
            elif kind is AliasEvent:
                raise WorldFileError("alias", line=line)
            else:  # (the parser yields no other event inside a document)
                raise WorldFileError("yaml_syntax", line=line, detail=type(event).__name__)
            key = top.key if top is not None else None
            path = self._place(value, top, line)
            if isinstance(value, (dict, list)):
                limit = self.limits.counted().get(key or "") if len(stack) == 1 and isinstance(value, list) else None
                stack.append(_Open(value, path, limit, key or ""))
            elif top is None:
                return value

    def _place(self, value: Any, top: _Open | None, line: int) -> str:
        """`value` put in its mapping or list (a top-level list counted); its path when lines are noted."""
        path = ""
        if top is None:
            pass
        elif top.key is not None:
            if self.lines is not None:
                path = f"{top.path}.{top.key}" if top.path else top.key
            top.value[top.key] = value
            top.key = None
        else:
            if top.limit is not None and len(top.value) >= top.limit:
                raise WorldFileError(f"too_many_{top.what}", top.what, line, limit=top.limit)
            if self.lines is not None:
                path = f"{top.path}[{len(top.value)}]"
            top.value.append(value)
        if self.lines is not None:
            self.lines[path] = line
        return path

    def _key(self, event: Any, top: _Open, line: int) -> str:
        """A mapping's key: plain text, not a merge, not given twice."""
        if type(event) is not ScalarEvent:
            raise WorldFileError("alias" if type(event) is AliasEvent else "key", top.path, line)
        tag = event.tag if event.tag not in (None, "!") else self.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == MERGE:
            raise WorldFileError("merge", top.path, line)
        if tag != STR:
            raise WorldFileError("key", top.path, line)
        key = event.value
        if key in top.value:
            raise WorldFileError("duplicate_key", f"{top.path}.{key}" if top.path else key, line, key=key)
        return str(key)

    def _container(self, event: Any, mapping: bool, line: int, depth: int) -> Any:
        if event.tag not in (None, "!", MAP if mapping else SEQ):
            raise WorldFileError("tag", line=line, tag=_short(event.tag))
        if depth + 1 > MAX_DEPTH:
            raise WorldFileError("deep", line=line, depth=MAX_DEPTH)
        return {} if mapping else []

    def _scalar(self, event: Any, line: int) -> Any:
        """A scalar's value: text and whole numbers read directly (most of a world), the other plain
        values by the safe constructor, within bounds."""
        value = event.value
        tag = event.tag if event.tag not in (None, "!") else self.resolve(yaml.ScalarNode, value, event.implicit)
        if tag == STR or tag == VALUE:
            return value
        if tag == MERGE:
            raise WorldFileError("merge", line=line)
        if tag not in SCALARS:
            raise WorldFileError("tag", line=line, tag=_short(tag))
        if tag in (INT, FLOAT) and len(value) > NUMBER_CHARS:
            raise WorldFileError("number", line=line, n=NUMBER_CHARS)
        if tag == INT and value.isascii() and value.isdigit() and (value == "0" or value[0] != "0"):
            return int(value)
        try:
            return self.yaml_constructors[tag](self, yaml.ScalarNode(tag, value, event.start_mark, event.end_mark))
        except (ValueError, TypeError, AttributeError, LookupError, ArithmeticError, yaml.YAMLError):
            raise WorldFileError("value", line=line, value=value, tag=_short(tag)) from None


def yaml_read(text: str, limits: Limits, lines: dict[str, int] | None = None) -> Any:
    """The file's data, or the first thing refused (a syntax error with the parser's own words and its
    line). With `lines`, the line of every field path is noted there (read again so, when a check
    refused a field, to name its line)."""
    loader = WorldLoader(text, limits, lines)
    try:
        return loader.world()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise WorldFileError("yaml_syntax", line=line, detail=e.problem or e.context or "") from None
    except yaml.reader.ReaderError as e:
        line = text.encode("utf-8", "surrogatepass")[: e.position].count(b"\n") + 1
        raise WorldFileError("yaml_syntax", line=line, detail=e.reason) from None
    except yaml.YAMLError as e:
        raise WorldFileError("yaml_syntax", detail=str(e).splitlines()[0]) from None
    finally:
        loader.dispose()
