"""Pure rules of RULES.md §1–§3: plain functions, no Django, `now` always an argument."""
