"""A friendly game as its page shows it to a reader (a player or anyone): the board (drawn by the
server; dark chess's face-down pieces hidden until the end, R11.7), the moves in the reader's
notation, both clocks, whose turn, the offers and claims, the result and how it came; and the
record for download (PGN for xiangqi and chess, the deal and actions for dark chess)."""

from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign import clock
from friendly.models import FriendlyGame
from friendly.services.common import side_to_move
from friendly.services.play import claims
from games.banqi import board_rows, layout_hash
from games.banqi import replay as banqi_replay
from games.live import position
from games.live_notation import chess_drawing, chess_written, xiangqi_drawing, xiangqi_written
from games.pgn import export_pgn, move_pairs

RESULTS = {"first": "1-0", "second": "0-1", "draw": "1/2-1/2"}


def notation(game: FriendlyGame) -> list[str]:
    """The moves in the reader's notation (Chinese or WXF for xiangqi, SAN for chess)."""
    if not game.moves or game.kind == FriendlyGame.Kind.BANQI:
        return list(game.moves)
    if game.kind == FriendlyGame.Kind.CHESS:
        return list(chess_written(game.moves).sans)
    written = xiangqi_written(game.moves)
    return list(written.chinese if (get_language() or "").startswith("zh") else written.wxf)


def _board(game: FriendlyGame, over: bool) -> dict:
    if game.kind != FriendlyGame.Kind.BANQI:
        drawing = chess_drawing if game.kind == FriendlyGame.Kind.CHESS else xiangqi_drawing
        return {"svg": drawing(game.moves)}
    if not game.layout:  # a challenge not yet accepted: no deal yet
        return {"rows": [], "files": "abcdefgh"}
    engine = banqi_replay(game.layout, game.moves)
    colours = {("first", "second")[player]: colour for player, colour in engine.colours.items()}
    board: dict = {"rows": board_rows(engine, reveal=over), "files": "abcdefgh", "colours": colours}
    if over:
        board["verified"] = layout_hash(game.layout, game.salt) == game.layout_hash
        board["layout"] = "".join(game.layout)
    return board


def _clocks(game: FriendlyGame, to_move: str | None) -> list[dict]:
    now = clock.now()
    names = {"first": game.first.username, "second": game.second.username}
    clocks = []
    for side in ("first", "second"):
        left = game.left_ms(side, now, to_move)
        clocks.append(
            {"side": side, "name": names[side], "left_ms": left, "text": clock_text(left), "running": side == to_move}
        )
    return clocks


def friendly_view(game: FriendlyGame, user) -> dict:
    """What the page shows `user` (None or anonymous: a spectator)."""
    to_move = side_to_move(game)
    you = game.side_of(getattr(user, "pk", None))
    over = game.status == FriendlyGame.Status.DECIDED
    names = {"first": game.first.username, "second": game.second.username}
    return {
        "game": game,
        "you": you,
        "to_move": to_move,
        "to_move_name": names.get(to_move or "", ""),
        "your_turn": you is not None and you == to_move,
        "over": over,
        "ply": len(game.moves),
        "moves": move_pairs(notation(game)),
        "clocks": _clocks(game, to_move),
        "board": _board(game, over),
        "claim": claims(game).get(you or "") if you else None,
        "draw_offered_by": names.get(game.draw_offered_by, ""),
        "draw_offered_to_you": bool(you and game.draw_offered_by and game.draw_offered_by != you),
        "result": game.get_result_display() if game.result else "",
        "first_colour": {"xiangqi": _("red"), "chess": _("white")}.get(game.kind, ""),
        # Black's player sees the board turned, black at the bottom, as on the war's game page (R11.2:
        # the first player is red or white); a spectator sees it from red's or white's side.
        "black_view": you == "second" and game.kind != FriendlyGame.Kind.BANQI,
        # A challenge's page too: its acceptance (the computer's, in a moment) arrives without a reload.
        "refresh": game.status in (FriendlyGame.Status.CHALLENGED, FriendlyGame.Status.PLAYING),
    }


def friendly_record(game: FriendlyGame) -> tuple[str, str]:
    """(file name, text) of the game's record: PGN for xiangqi and chess (R11.2: the first player
    red or white); for dark chess its actions, and once it is over its deal and salt (R11.7)."""
    result = RESULTS.get(game.result, "*")
    if game.kind != FriendlyGame.Kind.BANQI:
        text = export_pgn(
            game.kind,
            game.moves,
            event=str(_("Friendly game")),
            red_or_white=game.first.username,
            black=game.second.username,
            result=result,
        )
        return f"friendly-{game.pk}.pgn", text
    lines = [
        f'[Game "Banqi"]\n[First "{game.first.username}"]\n[Second "{game.second.username}"]',
        f'[Result "{result}"]\n[LayoutHash "{game.layout_hash}"]',
    ]
    if game.status == FriendlyGame.Status.DECIDED:
        lines.append(f'[Layout "{"".join(game.layout)}"]\n[Salt "{game.salt}"]')
    lines.append("\n" + " ".join(game.moves) + f" {result}\n")
    return f"friendly-{game.pk}.txt", "\n".join(lines)


def newest(*statuses: str, limit: int, user=None) -> list[FriendlyGame]:
    """The newest friendly games in these statuses (`user`'s alone, if given), with their
    players (one query)."""
    found = FriendlyGame.objects.filter(status__in=statuses)
    if user is not None:
        found = found.filter(Q(first=user) | Q(second=user))
    return list(
        found.select_related("first", "second").defer("moves", "layout", "salt").order_by("-created_at", "-pk")[:limit]
    )


def clock_text(ms: int) -> str:
    seconds = max(0, -(-ms // 1000))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _board_text(game: FriendlyGame) -> str:
    """The position: a FEN for xiangqi and chess; for dark chess its 32 squares a1 … h4, a letter
    for a face-up piece (uppercase red), `?` face down, `.` empty."""
    if game.kind != FriendlyGame.Kind.BANQI:
        return position(game.kind, game.moves)
    if not game.layout:
        return ""
    engine = banqi_replay(game.layout, game.moves)
    return "".join((square.piece or ".") if square.up else "?" if square.piece else "." for square in engine.board)


def friendly_json(game: FriendlyGame, user) -> dict:
    """A friendly game as the API shows it."""
    to_move = side_to_move(game)
    now = clock.now()
    over = game.status == FriendlyGame.Status.DECIDED
    return {
        "id": game.pk,
        "kind": game.kind,
        "status": game.status,
        "players": {"first": game.first.username, "second": game.second.username},
        "you": game.side_of(getattr(user, "pk", None)),
        "time_control": {"base_minutes": game.base_minutes, "increment_s": game.increment_s},
        "moves": list(game.moves),
        "position": _board_text(game),
        "to_move": to_move,
        "clocks": {side: game.left_ms(side, now, to_move) for side in ("first", "second")},
        "draw_offered_by": game.draw_offered_by or None,
        "result": game.result or None,
        "termination": game.termination or None,
        "layout_hash": game.layout_hash or None,
        "layout": "".join(game.layout) if over and game.layout else None,
        "salt": game.salt if over and game.salt else None,
    }
