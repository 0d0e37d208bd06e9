"""The secret choices before a hero tactics game is played, kept in the terminal until sent: the
picks with their activations and designations (T2.3, T2.4), and the deployment (T2.5). The
services judge them when they are sent; until then nothing leaves the session."""

from django.utils.translation import gettext as _

from games.tactics.heroes import HEROES
from gamescreens.tactics.drawing import SIDE_STYLE, Fragments

DESIGNATING = ("激勵", "慧眼")
ROSTER = list(HEROES.values())


class Picks:
    """One side's picks being made: the heroes in order, each with its two skills (the third
    left out) and its designation."""

    def __init__(self) -> None:
        self.cursor = 0
        self.chosen: list[dict] = []

    def entry(self, name: str) -> dict | None:
        return next((e for e in self.chosen if e["hero"] == name), None)

    def toggle(self) -> None:
        """The hero under the cursor picked (skills 1 and 2 by default), or unpicked."""
        name = ROSTER[self.cursor].name
        found = self.entry(name)
        if found is not None:
            self.chosen.remove(found)
        else:
            self.chosen.append({"hero": name, "skills": [1, 2]})
        self._designations()

    def leave_out(self, slot: int) -> None:
        """The picked hero under the cursor activates the two skills other than `slot`."""
        found = self.entry(ROSTER[self.cursor].name)
        if found is not None:
            found["skills"] = [n for n in (1, 2, 3) if n != slot]
            self._designations()

    def designate(self) -> None:
        """The next hero of the side for the cursor's hero's 激勵 or 慧眼 (慧眼's extra skill: the
        lowest its hero has not activated)."""
        found = self.entry(ROSTER[self.cursor].name)
        if found is None or "designate" not in found:
            return
        mates = [e["hero"] for e in self.chosen]
        now = found["designate"].get("hero")
        hero = mates[(mates.index(now) + 1) % len(mates)] if now in mates else mates[0]
        found["designate"] = {**found["designate"], "hero": hero}
        self._designations()

    def _designations(self) -> None:
        names = [e["hero"] for e in self.chosen]
        for entry in self.chosen:
            skills = {HEROES[entry["hero"]].skill(n).name for n in entry["skills"]}
            if not skills & set(DESIGNATING):
                entry.pop("designate", None)
                continue
            hero = entry.get("designate", {}).get("hero")
            hero = hero if hero in names else entry["hero"]
            entry["designate"] = {"hero": hero}
            if "慧眼" in skills:
                mate = self.entry(hero)
                left = [n for n in (1, 2, 3) if mate is None or n not in mate["skills"]]
                entry["designate"]["extra"] = left[0] if left else 1

    def sent(self) -> list[dict]:
        return [dict(entry) for entry in self.chosen]

    def lines(self, rows: int) -> list[Fragments]:
        """The roster around the cursor: number, name, MOV HP EN, the three skills (with their EN
        cost; the two activated marked *), the picked marked [n] in their order."""
        start = min(max(0, self.cursor - rows // 2), max(0, len(ROSTER) - rows))
        lines: list[Fragments] = []
        for index in range(start, min(len(ROSTER), start + rows)):
            hero = ROSTER[index]
            found = self.entry(hero.name)
            order = f"[{self.chosen.index(found) + 1}]" if found else "   "
            skills = []
            for skill in hero.skills:
                on = "*" if found and skill.slot in found["skills"] else " "
                cost = "" if skill.cost_en is None else str(skill.cost_en)
                skills.append(f"{on}{skill.slot}{skill.name}{cost}")
            marker = ("reverse", ">") if index == self.cursor else ("", " ")
            line: Fragments = [marker, ("", f"{order}{hero.n:>2} "), (SIDE_STYLE["first"] if found else "", hero.name)]
            line.append(("", "　" * (3 - len(hero.name)) + f" {hero.mov}/{hero.hp}/{hero.en_max} " + " ".join(skills)))
            if found and "designate" in found:
                line.append(("ansimagenta", " >" + found["designate"]["hero"]))
            lines.append(line)
        return lines


def picks_heading() -> str:
    return _("Pick your heroes: Enter picks or unpicks, 1 2 3 leave that skill out, g designates, s sends")


class Deployment:
    """One side's heroes put on its spawn points (T2.5), one at a time by the cursor."""

    def __init__(self) -> None:
        self.cells: dict[str, str] = {}

    def put(self, hero: str, cell: str) -> None:
        self.cells = {name: at for name, at in self.cells.items() if at != cell and name != hero}
        self.cells[hero] = cell
