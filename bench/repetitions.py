"""How often positions recur in real xiangqi games: the data behind `live_repetition_limit`
(README "Repetition claims"). Not part of `make bench`: it reads collections you give it.

    .venv/bin/python bench/repetitions.py GAMES.pgn DIRECTORY ...

Each file is one record or many (PGN games one after another), in any notation and encoding the
site reads (games/upload.py); a directory is read with everything under it. Games that
start from a set-up position or hold an illegal move are counted as unreadable and left out,
and a game met twice (the same moves) counts once. Printed: how many games reach each highest
count of one position, the ruling at the first third occurrence (pyffish's Asian rules), and
how many of those games went on for 20 plies or more after it."""

import os
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.records import split_record  # noqa: E402
from games.upload import decode_upload  # noqa: E402
from games.xiangqi import START, parse_moves, repetition  # noqa: E402
from games.xiangqi_notation import Board  # noqa: E402

GAME_START = re.compile(r"\n(?=\[(?:Game|Event) )")


def records(paths: list[str]):
    for given in paths:
        files = [given] if os.path.isfile(given) else sorted(str(p) for p in Path(given).rglob("*") if p.is_file())
        for name in files:
            data = Path(name).read_bytes()
            try:
                text = decode_upload(data)
            except Exception:  # a collection larger than an upload may be: UTF-8 or GB 18030
                try:
                    text = data.decode("utf-8-sig")
                except UnicodeDecodeError:
                    text = data.decode("gb18030", errors="replace")
            parts = GAME_START.split(text)
            if len(parts) > 1 and all(part.lstrip().startswith("[Event") for part in parts):
                yield from parts
            else:  # one game per file, with a [Game] and an [Event] tag
                yield text


def moves_of(text: str) -> list[str] | None:
    try:
        headers, tokens, _written = split_record(text)
        if not tokens or headers.get("FEN", START).split()[0] != START.split()[0]:
            return None
        return parse_moves(tokens, START)
    except Exception:
        return None


def highest(moves: list[str]) -> tuple[int, int | None]:
    """The highest count of one position, and the ply after which one first stood three times."""
    board = Board(START)
    seen = Counter({(board.key, board.red): 1})
    top, third = 1, None
    for ply, move in enumerate(moves, 1):
        board.push(move)
        key = (board.key, board.red)
        seen[key] += 1
        top = max(top, seen[key])
        if seen[key] == 3 and third is None:
            third = ply
    return top, third


def main(paths: list[str]) -> None:
    games: set[tuple[str, ...]] = set()
    tops, rulings, unreadable, played_on = Counter(), Counter(), 0, 0
    for text in records(paths):
        moves = moves_of(text) if text is not None else None
        if moves is None:
            unreadable += 1
            continue
        if tuple(moves) in games:
            continue
        games.add(tuple(moves))
        top, third = highest(moves)
        tops[top] += 1
        if third is not None:
            claim = repetition(START, moves[:third])
            rulings[claim.kind if claim else "none"] += 1
            played_on += len(moves) - third >= 20
    print(f"{len(games)} distinct games ({unreadable} unreadable or from a set-up position)")
    print("highest count of one position in a game:", ", ".join(f"{n}: {tops[n]}" for n in sorted(tops)))
    reached = sum(count for n, count in tops.items() if n >= 3)
    print(f"a third occurrence in {reached} games; the ruling there: {dict(rulings)}")
    print(f"games that went on 20 plies or more after it: {played_on}")


if __name__ == "__main__":
    main(sys.argv[1:])
