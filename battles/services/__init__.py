"""Every write of the war (DESIGN.md, layer 2)."""

from . import clock, fall, field, march, prisoners, pursuit, records, reinforce, results, retreat, siege, stratagems  # noqa: F401
