"""The active skills (docs/tactics.md §T8, T14.3, T14.4), by kind in the modules beside this one;
`use_skill` makes the checks every skill shares (T18.3 step 7) and hands over to the skill's own."""

from games.tactics.skills.use import use_skill

__all__ = ["use_skill"]
