"""Every write of the war goes through a function here (DESIGN.md, layer 2)."""

from . import boards, moves, personnel, presence, world  # noqa: F401  (registers timer handlers)
