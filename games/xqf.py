"""XQF files (象棋演播室's binary format) read by cchess, turned into an ICCS record that our
judge replays with pyffish (cchess's own checks are looser: GAMES.md). Pure: no Django."""

import contextlib
import io
import os
import tempfile

from games.base import RecordError

START_PLACEMENT = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


def is_xqf(data: bytes) -> bool:
    return data[:2] == b"XQ"


def xqf_to_record(data: bytes) -> str:
    """The main line of an XQF file as a PGN-style record in ICCS, with its players and start.

    cchess reads from a path, so the bytes go through a temporary file.
    """
    import cchess  # deferred: only when an XQF file comes, importing it costs more than most uploads

    with tempfile.NamedTemporaryFile(suffix=".xqf", delete=False) as f:
        f.write(data)
        path = f.name
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # cchess prints what it cannot read
            game = cchess.read_from_xqf(path)
    except Exception as exc:  # noqa: BLE001 - a damaged file is the user's error, never a 500
        raise RecordError(f"the XQF file cannot be read ({type(exc).__name__})", code="unreadable") from None
    finally:
        os.unlink(path)
    if game is None:
        raise RecordError("the XQF file cannot be read", code="unreadable")
    lines = ['[Game "Chinese Chess"]', '[Format "ICCS"]']
    for tag, key in (("Red", "red"), ("Black", "black"), ("Event", "title"), ("Result", "result")):
        if game.info.get(key):
            lines.append(f'[{tag} "{game.info[key]}"]')
    placement = game.init_board.to_fen().split()[0]
    if placement != START_PLACEMENT:
        side = (
            "w"
            if str(game.init_board.move_player) == "RED" or "red" in str(game.init_board.move_player).lower()
            else "b"
        )
        lines.append(f'[FEN "{placement} {side} - - 0 1"]')
    moves = (game.dump_iccs_moves() or [[]])[0]
    return "\n".join(lines) + "\n\n" + " ".join(moves) + "\n"
