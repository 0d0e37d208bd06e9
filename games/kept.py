"""What a process keeps of the games it has worked out (positions, legal moves, notation), so
that the next move of the same game starts from there: at most `capacity` entries, the least
recently used forgotten first, safe to share between the threads of one process.

>>> kept = Kept(2)
>>> kept.put("a", 1); kept.put("b", 2); kept.get("a"); kept.put("c", 3)
1
>>> kept.get("b") is None, kept.take("a"), kept.take("a"), len(kept)
(True, 1, None, 1)
"""

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    def __init__(self, capacity: int):
        self.capacity = capacity
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The entry kept for `key` (now the most recently used), or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def take(self, key: Hashable) -> V | None:
        """The entry kept for `key`, no longer kept (no other thread works on it meanwhile)."""
        with self._lock:
            return self._entries.pop(key, None)

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
