"""What a world file may hold and how it is refused: the `Limits` a deployer sets (settings
WORLD_FILE_MAX_*; the defaults here), checked before any work they would bound, and the
`WorldFileError` every refusal of the reader and the check raises. Pure: no Django.

>>> Limits().counted()
{'cities': 10000, 'roads': 30000, 'officers': 10000}
>>> try:
...     counts_within({"roads": [["a", "b"]] * 3}, Limits(roads=2))
... except WorldFileError as e:
...     print(e.code, e.path, e.params)
too_many_roads roads {'limit': 2}
"""

from dataclasses import dataclass
from typing import Any

# A world holds numbers of a few digits (walls, stars, seconds, coordinates): a longer one is refused
# as it is read, before Python turns it into an int (quadratic in its digits, and refused past
# 4,300 of them) or the refusal prints it.
NUMBER_CHARS = 100
# The deepest a world file nests: the top mapping, a list of officers, an officer, its boards. A
# deeper file is refused as it is read, before anything walks or prints it.
MAX_DEPTH = 8


@dataclass(frozen=True)
class Limits:
    """The most a world file may hold. The defaults keep a preview of a file at every limit to
    seconds and tens of megabytes (a 2 MB file of 10,000 cities none placed, 30,000 roads and
    10,000 officers: 8 s and 44 MB on one core)."""

    max_bytes: int = 2 * 1024 * 1024
    """The file's size in bytes (UTF-8), refused before it is parsed."""
    cities: int = 10_000
    roads: int = 30_000
    officers: int = 10_000

    def counted(self) -> dict[str, int]:
        """The top-level lists a file may hold at most so many items of."""
        return {"cities": self.cities, "roads": self.roads, "officers": self.officers}


class WorldFileError(Exception):
    """A world file refused: `code` names the broken rule, `path` the field (``cities[3].kind``),
    `line` its line (None when unknown: a JSON file's field, which its path names), `params`
    what the message shows."""

    def __init__(self, code: str, path: str = "", line: int | None = None, **params: Any) -> None:
        super().__init__(f"{code} at {path or '-'} (line {line}): {params}")
        self.code = code
        self.path = path
        self.line = line
        self.params = params


def counts_within(data: Any, limits: Limits) -> None:
    """The top-level lists within their limits (a JSON file's, read whole: the YAML reader counts as
    it reads)."""
    if not isinstance(data, dict):
        return
    for key, limit in limits.counted().items():
        items = data.get(key)
        if isinstance(items, list) and len(items) > limit:
            raise WorldFileError(f"too_many_{key}", key, limit=limit)


def shallow(data: Any) -> None:
    """No deeper than MAX_DEPTH (a JSON file's, read whole), walked without recursion.

    >>> shallow({"a": [[1]]})
    >>> try:
    ...     shallow([[[[[[[[[[]]]]]]]]]])
    ... except WorldFileError as e:
    ...     print(e.code)
    deep
    """
    level = [data] if isinstance(data, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise WorldFileError("deep", depth=MAX_DEPTH)
        inner: list[Any] = []
        for item in level:
            inner.extend(v for v in (item.values() if isinstance(item, dict) else item) if isinstance(v, (dict, list)))
        level = inner
