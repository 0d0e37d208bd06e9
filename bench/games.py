"""Benchmark of game records (the records that decide battles). Ratios against the
bare libraries doing the same replay in the same run:

    .venv/bin/python bench/games.py      # or: make bench

1. 1,000 random 80-ply xiangqi games written in Chinese notation, judged by our whole path
   (`games.judge`), against bare pyffish on the ICCS moves doing the least a judge must:
   one `legal_moves` call per game, which replays the moves (refusing an illegal one) and says
   whether the side to move has any left (target ≤ 1.5×).
2. 1,000 chess games as PGN, judged by our path against a minimal python-chess loop: the move
   text split into SAN tokens, `push_san` each, one `outcome` at the end (target ≤ 1.5×);
   `chess.pgn.read_game` is printed too, for scale.
3. Dark chess: random playouts with our engine, plies per second.

The xiangqi games are the seeded random games of tests/data (those of 80 plies or more, cut at
80); the chess games are random legal games played by python-chess with a fixed seed.
"""

import gzip
import io
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402
import chess.pgn  # noqa: E402
import pyffish  # noqa: E402

from games import judge  # noqa: E402
from games.banqi import Banqi, deal  # noqa: E402
from games.xiangqi import START, VARIANT, chinese_moves  # noqa: E402
from games.xiangqi_notation import to_fairy  # noqa: E402


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def xiangqi(n: int = 1000, plies: int = 80) -> None:
    with gzip.open(ROOT / "tests/data/xiangqi_random_games.txt.gz", "rt") as f:
        games = [line.split()[:plies] for line in f.read().splitlines() if len(line.split()) >= plies]
    games = (games * (n // len(games) + 1))[:n]
    texts = [" ".join(chinese_moves(moves)) for moves in games]
    fairy = [[to_fairy(m) for m in moves] for moves in games]
    bare = timed(lambda: [pyffish.legal_moves(VARIANT, START, moves) for moves in fairy])
    ours = timed(lambda: [judge("xiangqi", text) for text in texts])
    print(
        f"xiangqi: {n} games of {plies} plies from Chinese notation: ours {ours:.2f} s, bare pyffish legal_moves "
        f"{bare:.2f} s, ratio {ours / bare:.2f}x (target <= 1.5x)"
    )


def chess_games(n: int = 1000, plies: int = 80) -> None:
    rng = random.Random(1)
    texts = []
    for _ in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ply in range(plies):
            legal = list(board.legal_moves)
            if not legal or board.is_game_over():
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
        texts.append(str(game))

    def minimal(text: str) -> object:
        board = chess.Board()
        for token in text.split("\n\n", 1)[1].split():
            if not token[0].isdigit() and token != "*":
                board.push_san(token)
        return board.outcome(claim_draw=False)

    bare = timed(lambda: [minimal(text) for text in texts])
    read_game = timed(lambda: [chess.pgn.read_game(io.StringIO(text)).end().board() for text in texts])
    ours = timed(lambda: [judge("chess", text) for text in texts])
    print(
        f"chess: {n} PGN games: ours {ours:.2f} s, minimal push_san loop {bare:.2f} s, ratio {ours / bare:.2f}x "
        f"(target <= 1.5x); chess.pgn.read_game {read_game:.2f} s"
    )


def banqi(games: int = 300) -> None:
    rng = random.Random(2)
    plies = 0
    started = time.perf_counter()
    for _ in range(games):
        game = Banqi(deal(rng))
        while game.result is None and plies < 10_000_000:
            game.play(rng.choice(game.legal_actions()), player=game.turn)
            plies += 1
    elapsed = time.perf_counter() - started
    print(
        f"banqi: {games} random games, {plies} plies, {plies / elapsed:,.0f} plies/s "
        f"({elapsed / plies * 1e6:.0f} µs a ply)"
    )


if __name__ == "__main__":
    xiangqi()
    chess_games()
    banqi()
