"""Every write of the war (DESIGN.md, layer 2)."""

from . import fall, march, prisoners, retreat, siege  # noqa: F401  (registers timer handlers)
