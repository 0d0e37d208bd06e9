"""Every write of the war (DESIGN.md, layer 2)."""

from . import fall, field, march, prisoners, pursuit, reinforce, results, retreat, siege  # noqa: F401  (timers)
