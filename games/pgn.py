"""A decided or pending game written as PGN (R11.6: the record kept forever, downloadable).
Pure: no Django.

>>> print(export_pgn("xiangqi", ["h2e2", "h9g7"], event="三國", red_or_white="曹操", black="劉備", result="*"))
[Game "Chinese Chess"]
[Event "三國"]
[Red "曹操"]
[Black "劉備"]
[Result "*"]
[Format "ICCS"]
<BLANKLINE>
1. h2e2 h9g7 *
<BLANKLINE>
>>> print(export_pgn("chess", ["e2e4", "d2d4", "g8f6"], event='a "quoted" war', red_or_white="A", black="B",
...                  result="1-0", favoured="white", extra_moves=2))
[Event "a \\"quoted\\" war"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Handicap "white 2"]
<BLANKLINE>
1. e4 2. d4 3. Nf6 1-0
<BLANKLINE>
"""

import chess
import chess.pgn

from games.chess_records import game_board


def _tag(name: str, value: str) -> str:
    """A tag pair, its value escaped as the PGN standard says (backslash and quote)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def export_pgn(
    kind: str,
    moves: list[str],
    *,
    event: str,
    red_or_white: str,
    black: str,
    result: str,
    favoured: str | None = None,
    extra_moves: int = 0,
) -> str:
    """`moves` in ICCS (xiangqi) or UCI (chess); `favoured` and `extra_moves` the handicap of
    R11.4, written as a `[Handicap]` tag (the favoured side's moves stand in a row)."""
    handicap = favoured is not None and extra_moves > 1
    if kind == "chess" and not handicap:
        game = chess.pgn.Game()
        game.headers.update({"Event": event, "White": red_or_white, "Black": black, "Result": result})
        node: chess.pgn.GameNode = game
        for uci in moves:
            node = node.add_variation(chess.Move.from_uci(uci))
        return str(game) + "\n"
    if kind == "chess":
        # R11.4: the favoured side's moves in a row, which python-chess's writer cannot show.
        sans = game_board(moves, favoured=favoured, extra_moves=extra_moves)[1]
        tags = [_tag("Event", event), _tag("White", red_or_white), _tag("Black", black), _tag("Result", result)]
        body = " ".join(f"{i + 1}. {m}" for i, m in enumerate(sans))
    else:
        tags = [
            _tag("Game", "Chinese Chess"),
            _tag("Event", event),
            _tag("Red", red_or_white),
            _tag("Black", black),
            _tag("Result", result),
            _tag("Format", "ICCS"),
        ]
        body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
    if handicap:
        tags.append(_tag("Handicap", f"{favoured} {extra_moves}"))
    return "\n".join(tags) + f"\n\n{body} {result}\n"


def move_pairs(moves: list[str]) -> list[dict]:
    """A move list as players number it: by pairs, the first mover's move then the reply, each
    with its ply (the replay's step).

    >>> move_pairs(["炮二平五", "馬８進７", "馬二進三"])
    [{'number': 1, 'moves': [(1, '炮二平五'), (2, '馬８進７')]}, {'number': 2, 'moves': [(3, '馬二進三')]}]
    """
    return [
        {"number": i // 2 + 1, "moves": [(i + 1 + k, m) for k, m in enumerate(moves[i : i + 2])]}
        for i in range(0, len(moves), 2)
    ]
