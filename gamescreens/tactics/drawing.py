"""A hero tactics position drawn as text for the terminal (pure: a view in, fragments out): the
map with its terrains and bases, the heroes as tokens, the chosen hero's reach and targets, the
cursor; the hero cards; the rolls; an action's words. Every character is one that Big5 has and
that wcwidth and a Big5 terminal count alike: full-width forms and CJK (two columns) or ASCII
(one), no box-drawing and no "ambiguous" character (docs/terminal.md, "Big5").

A cell is four columns: its glyph (two), a mark (one: the hero's number, `+` a cell the chosen
hero can reach, `!` one it can hit) and a space. The map is drawn as the record writes it, row 1
(先手's edge) at the bottom.

>>> from games.tactics.board import classic_9
>>> [text for _style, text in board_lines(classic_9(), [])[1]][:3]
['9 ', '． ', ' ']
>>> glyph("mountain"), glyph("base"), number_mark(10)
('山', '營', 'a')
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.tactics.board import FILES, Board, cell_name
from games.tactics.heroes import HEROES
from games.text_board import width

Fragments = list[tuple[str, str]]

GLYPHS = {"plain": "．", "mountain": "山", "water": "水", "forest": "林", "base": "營"}
ARRAY = "陣"  # a stone array's cell (T8.8)
MARKS = "123456789abcdefghijk"
CELL = 4
SIDE_STYLE = {"first": "ansibrightred bold", "second": "ansibrightcyan bold"}
TERRAIN_STYLE = {"mountain": "ansiyellow", "water": "ansiblue", "forest": "ansigreen", "base": "bold"}
REACH, TARGET, CURSOR = "bg:ansiblue", "bg:ansired", "reverse"


def glyph(terrain: str) -> str:
    return GLYPHS[terrain]


def number_mark(number: int) -> str:
    """A hero's mark on the board: its card's number (1 to 9, then letters)."""
    return MARKS[number - 1] if 0 < number <= len(MARKS) else "?"


def board_width(board: Board) -> int:
    return 2 + CELL * board.width


def board_lines(
    board: Board,
    heroes: list[dict],
    *,
    arrays: list[dict] | None = None,
    cursor: str | None = None,
    reach: set[str] | None = None,
    targets: set[str] | None = None,
    chosen: str | None = None,
) -> list[Fragments]:
    """The files' letters, then each row from the top (the last row) down to row 1. `heroes`:
    the state's heroes (each numbered by its place in the list: its card's number)."""
    at = {hero["cell"]: (number, hero) for number, hero in enumerate(heroes, 1) if hero.get("cell")}
    stones = {entry["cell"] for entry in arrays or []}
    lines: list[Fragments] = [[("class:dim", "  " + "".join(f"{FILES[f]:<{CELL}}" for f in range(board.width)))]]
    for row in range(board.height, 0, -1):
        line: Fragments = [("class:dim", f"{row:<2}"[:2])]
        for file in range(board.width):
            cell = cell_name(file, row)
            terrain = board.terrain(cell)
            if cell in at:
                number, hero = at[cell]
                text = hero["hero"][0] + number_mark(number)
                style = SIDE_STYLE[hero["side"]] + (" underline" if hero["hero"] == chosen else "")
            else:
                mark = "+" if cell in (reach or ()) else " "
                text = (ARRAY if cell in stones else glyph(terrain)) + mark
                style = TERRAIN_STYLE.get(terrain, "")
            if cell in (targets or ()):
                text, style = text[0] + "!", f"{style} {TARGET}"
            elif cell in (reach or ()):
                style = f"{style} {REACH}"
            if cell == cursor:
                style = f"{style} {CURSOR}"
            line.append((style, text))
            line.append(("", " "))
        lines.append(line)
    return lines


def status_words(statuses: list[str]) -> str:
    """A hero's statuses in the session's language (slow counted: 緩慢×2)."""
    words = {
        "confusion": pgettext("tactics status", "confused"),
        "root": pgettext("tactics status", "rooted"),
        "paralysis": pgettext("tactics status", "paralysed"),
        "seal": pgettext("tactics status", "sealed"),
        "slow": pgettext("tactics status", "slowed"),
    }
    out = [words[s] for s in dict.fromkeys(statuses)]
    slow = statuses.count("slow")
    if slow > 1:
        out[-1] += f"x{slow}"
    return " ".join(out)


def card(number: int, hero: dict, *, turn: bool, chosen: bool) -> Fragments:
    """A hero's card on one line: its number, name, HP, EN and statuses (dead: so said)."""
    mark = ">" if turn else ("*" if chosen else " ")
    name = hero["hero"] + "　" * max(0, 3 - len(hero["hero"]))
    if not hero.get("cell"):
        life = _("fallen")
    else:
        life = f"HP{hero['hp']:>2}/{hero['hp_max']:<2} EN{hero['en']}/{hero['en_max']}"
    extra = status_words(hero.get("statuses", []))
    return [
        ("reverse" if turn else "", f"{mark}{number_mark(number)} "),
        (SIDE_STYLE[hero["side"]], name),
        ("", f" {life}"),
        ("ansimagenta", f" {extra}" if extra else ""),
    ]


def weather_word(weather: str | None) -> str:
    words = {
        "sunny": pgettext("tactics weather", "sunny"),
        "overcast": pgettext("tactics weather", "overcast"),
        "rain": pgettext("tactics weather", "rain"),
    }
    return words.get(weather or "", pgettext("tactics weather", "none yet"))


def side_word(side: str) -> str:
    return pgettext("tactics side", "first (先手)") if side == "first" else pgettext("tactics side", "second (後手)")


def action_cell(action: dict) -> str | None:
    """The cell an action is aimed at (where the cursor chooses it), or None."""
    kind = action.get("act")
    if kind == "move":
        return action["path"][-1]
    if kind in ("attack", "skill", "react"):
        return action.get("target")
    if kind == "respawn":
        return action.get("cell")
    return None


def action_words(action: dict) -> str:
    """An action as the menu names it, in the session's language."""
    kind, hero = action.get("act"), action.get("hero", "")
    if kind == "turn":
        return _("Begin %(hero)s's turn") % {"hero": hero}
    if kind == "move":
        return _("Move %(hero)s to %(cell)s (%(steps)s steps)") % {
            "hero": hero,
            "cell": action["path"][-1],
            "steps": len(action["path"]),
        }
    if kind == "attack":
        return _("Attack %(cell)s with %(hero)s") % {"cell": action["target"], "hero": hero}
    if kind == "skill":
        skill = HEROES[hero].skill(action["skill"]) if hero in HEROES else None
        name = skill.name if skill else "?"
        cost = f" EN {skill.cost_en}" if skill and skill.cost_en is not None else ""
        aims = " ".join(
            f"{key}={action[key]}" for key in ("target", "cell", "weather", "amount", "from") if key in action
        )
        return f"{hero} {name}{cost} {aims}".rstrip()
    if kind == "end":
        return _("End %(hero)s's turn") % {"hero": hero}
    if kind == "respawn":
        return _("Respawn %(hero)s at %(cell)s") % {"hero": hero, "cell": action["cell"]}
    if kind == "drop":
        return _("%(hero)s drops skill %(skill)s") % {"hero": hero, "skill": action["skill"]}
    if kind == "free-end":
        return _("End the free movement phase")
    if kind == "react":
        return _("援護: %(hero)s covers %(cell)s") % {"hero": hero, "cell": action["target"]}
    if kind == "no-cover":
        return _("No 援護: let the attack through")
    if kind == "resign":
        return _("Resign the game")
    return str(kind)


def rolls_line(rolls: list[dict], last: int = 6) -> str:
    """The last rolls with their numbers k (T18.1)."""
    if not rolls:
        return _("Rolls: none yet")
    return _("Rolls: %(rolls)s") % {"rolls": " ".join(f"k{r['k']}={r['face']}" for r in rolls[-last:])}


def clock_text(millis: int | None) -> str:
    if millis is None:
        return "--:--"
    seconds = max(0, millis) // 1000
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def clip(line: Fragments, columns: int) -> Fragments:
    """The line cut to `columns` (a wide character that would straddle the edge left out)."""
    out: Fragments = []
    used = 0
    for style, text in line:
        kept = ""
        for char in text:
            if used + width(char) > columns:
                out.append((style, kept))
                return out
            kept += char
            used += width(char)
        out.append((style, kept))
    return out


def joined(lines: list[Fragments], columns: int) -> Fragments:
    """The lines as one drawing, each cut to `columns`."""
    out: Fragments = []
    for index, line in enumerate(lines):
        if index:
            out.append(("", "\n"))
        out.extend(clip(line, columns))
    return out


def beside(left: list[Fragments], left_width: int, right: list[Fragments], columns: int) -> list[Fragments]:
    """The board's lines with the panel's beside them (as many lines as the longer)."""
    room = max(0, columns - left_width - 2)
    out = []
    for row in range(max(len(left), len(right))):
        line = list(left[row]) if row < len(left) else []
        used = sum(width(text) for _style, text in line)
        if row < len(right) and room:
            line += [("", " " * (left_width + 2 - used)), *clip(right[row], room)]
        out.append(line)
    return out
