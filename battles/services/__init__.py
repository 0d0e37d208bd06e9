"""Every write of the war (DESIGN.md, layer 2). Importing the modules registers their timer handlers."""

from . import (  # noqa: F401
    clock, fall, field, march, prisoners, pursuit, records, reinforce, results, retreat, siege, stratagems,
)
