"""Every write of the war goes through a function here (DESIGN.md, layer 2)."""
