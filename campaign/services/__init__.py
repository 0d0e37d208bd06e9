"""Every write of the war goes through a function here (DESIGN.md, layer 2)."""

from . import (  # noqa: F401  (registers timer handlers)
    boards,
    moves,
    personnel,
    presence,
    world,
)
