"""What the games' screens share: the board of a game's kind drawn for the terminal's encoding,
a panel of text set beside it within the terminal's width (wcwidth: CJK two columns), a clock's
time as players read it, a user's text shown safely, and the board's colours written into its
fragments (`inline`: the frame's style sheet is the frame's, and knows none of the board's)."""

from functools import lru_cache

from bbs.text import safe
from games.text_board import (
    CHESS_WIDTH,
    STYLE_RULES,
    XIANGQI_COMPACT_HEIGHT,
    XIANGQI_HEIGHT,
    XIANGQI_WIDTH,
    Fragments,
    chess_board,
    fragment_lines,
    width,
    xiangqi_board,
)

GAP = 2  # columns between the board and the panel beside it
RULES = dict([*STYLE_RULES, ("current", "reverse"), ("dim", "ansigray"), ("heading", "bold")])


@lru_cache(maxsize=256)
def inline_style(style: str) -> str:
    """A fragment's style with each of the games' classes followed by what it means.

    >>> inline_style("class:red class:last")
    'class:red ansibrightred bold class:last reverse'
    >>> inline_style("class:cursor")
    'class:cursor'
    """
    out = []
    for part in style.split():
        out.append(part)
        if part.startswith("class:"):
            out += [RULES[name] for name in part[len("class:") :].split(",") if RULES.get(name)]
    return " ".join(out)


def inline(fragments: Fragments) -> Fragments:
    """The fragments as any screen's application draws them in the board's colours."""
    return [(inline_style(style), text) for style, text in fragments]


def shown(text: str) -> str:
    """A user's text (a name) as the terminal shows it: control characters and escape sequences
    as visible text, never sent raw (the terminal's one rule, `bbs.text.safe`)."""
    return safe(text)


def board_for(kind: str, placement: str, *, last: str | None, flipped: bool, encoding: str, rows: int) -> Fragments:
    """The game's board drawn for this terminal: xiangqi without the rows between ranks when the
    screen is short, red's chariot as Big5 can write it; chess in letters (symbols are not in
    Big5, and letters read the same in every font)."""
    if kind == "chess":
        return chess_board(placement, last=last, flipped=flipped)
    big5 = encoding.lower().replace("-", "") in ("big5", "cp950")
    return xiangqi_board(placement, last=last, flipped=flipped, big5=big5, compact=rows < XIANGQI_HEIGHT)


def board_width(kind: str) -> int:
    return CHESS_WIDTH if kind == "chess" else XIANGQI_WIDTH


def board_height(kind: str, rows: int) -> int:
    if kind == "chess":
        return 9
    return XIANGQI_HEIGHT if rows >= XIANGQI_HEIGHT else XIANGQI_COMPACT_HEIGHT


def clip(line: Fragments, columns: int) -> Fragments:
    """The line cut to `columns` (a wide character that would straddle the edge is left out)."""
    out: Fragments = []
    used = 0
    for style, text in line:
        kept = ""
        for char in text:
            w = width(char)
            if used + w > columns:
                out.append((style, kept))
                return out
            kept += char
            used += w
        out.append((style, kept))
    return out


def beside(left: list[Fragments], left_width: int, right: list[Fragments], columns: int, rows: int) -> Fragments:
    """The board's lines and the panel's side by side, `rows` lines of at most `columns`."""
    out: Fragments = []
    room = max(0, columns - left_width - GAP)
    for row in range(rows):
        line = clip(left[row], columns) if row < len(left) else []
        used = sum(width(text) for _style, text in line)
        if row < len(right) and room:
            line = [*line, ("", " " * (left_width + GAP - used)), *clip(right[row], room)]
        out.extend(line)
        if row < rows - 1:
            out.append(("", "\n"))
    return out


def clock_text(millis: int | None) -> str:
    """A live clock as players read it: minutes and seconds, hours when there are any; tenths
    under ten seconds (when they count).

    >>> clock_text(15 * 60 * 1000), clock_text(65_000), clock_text(9_450), clock_text(None)
    ('15:00', '1:05', '0:09.4', '--:--')
    >>> clock_text(2 * 3600 * 1000 + 61_000)
    '2:01:01'
    """
    if millis is None:
        return "--:--"
    millis = max(0, millis)
    seconds = millis // 1000
    if seconds < 10:
        return f"0:{seconds:02d}.{millis % 1000 // 100}"
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def move_lines(pairs: list[dict], current: int, rows: int) -> list[Fragments]:
    """The moves numbered by pairs (`move_pairs`), the move at ply `current` marked, the lines
    around it when they do not all fit in `rows`."""
    lines: list[Fragments] = []
    at = 0
    for index, pair in enumerate(pairs):
        line: Fragments = [("class:dim", f"{pair['number']:>3}. ")]
        for ply, move in pair["moves"]:
            line.append(("class:current" if ply == current else "", move))
            line.append(("", " " * max(1, 10 - width(move))))
            at = index if ply == current else at
        lines.append(line)
    if len(lines) <= rows:
        return lines
    start = min(max(0, at - rows // 2), len(lines) - rows)
    return lines[start : start + rows]


__all__ = ["beside", "inline", "board_for", "clock_text", "fragment_lines", "move_lines", "shown"]
