"""A corpus of repetitions for the claim's tests (R11.3; FIDE 9.2, 9.3, 9.6): cycles from the
standard start, prefixes of real master games that reach a third occurrence (plain, perpetual
check and perpetual chase, each side offending; the Chinese Chess Practical Dataset, MIT
licence, its 大師對局 folder), two whole real games in which the players repeated and played on
to mate, and for chess a deterministic walk of fifty moves with no capture and no pawn move.
Each xiangqi entry is (ICCS moves, the ply after which a position stands a third time)."""

import random

import chess

SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9"]  # both horses out and back: the start again every four plies

# 以棋手分類/胡榮華/00000254.pgn (1/2-1/2, 79 plies; the third occurrence after ply 37)
PERPETUAL_CHECK_BY_RED = (
    (
        "h2e2 h7e7 i0i1 h9g7 h0g2 i9h9 i1d1 h9h5 b0c2 b9c7 b2b4 c6c5 d1d6 c9a7 b4g4 c7d5 a0b0 b7c7 b0b4 "
        "d5c3 e2e6 d9e8 f0e1 a9d9 d6d9 e9d9 e6c6 h5g5 b4b9 d9d8 b9b8 d8d9 b8b9 d9d8 b9b8 d8d9 b8b9 "
    ).split(),
    37,
)

# 以賽事分類/全國賽對局譜/00010598.pgn (1-0, 79 plies; the third occurrence after ply 35)
PERPETUAL_CHECK_BY_BLACK = (
    (
        "b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 g3g4 c6c5 b0b6 f9e8 h0g2 g9e7 h2i2 h7h3 i0h0 h3g3 e3e4 i9f9 h0h3 "
        "g3g0 f0e1 f9f1 e4e5 f1g1 g2e3 g0i0 e0f0 g1g0 f0f1 g0g1 f1f0 g1g0 f0f1 g0g1 f1f0 "
    ).split(),
    35,
)

# 以賽事分類/各地杯賽/00002109.pgn (0-1, 54 plies; the third occurrence after ply 28)
PERPETUAL_CHASE_BY_RED = (
    (
        "h0g2 g6g5 b2d2 h9g7 c3c4 b7c7 c0e2 b9a7 b0c2 a9b9 i0i1 c6c5 c2d4 c5c4 e2c4 g9e7 i1f1 f9e8 c4e2 "
        "b9b4 d4c2 b4b3 c2d4 b3b4 d4c2 b4b3 c2d4 b3b4 "
    ).split(),
    28,
)

# 以棋手分類/楊官璘/00000380.pgn (1/2-1/2, 48 plies; the third occurrence after ply 25)
PERPETUAL_CHASE_BY_BLACK = (
    (
        "h2e2 h9g7 h0g2 g6g5 c3c4 b9c7 b0c2 c9e7 i0h0 i9h9 h0h6 g7f5 b2b3 g5g4 h6h5 g4g3 g2i1 f5g7 h5h6 "
        "g7f5 h6h5 f5g7 h5h6 g7f5 h6h5 "
    ).split(),
    25,
)

# 以賽事分類/各地杯賽/00005361.pgn (1-0, 73 plies; the third occurrence after ply 24)
REPEATED_THEN_MATED = (
    (
        "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b0c2 h7i7 h6g6 i7i8 e3e4 d9e8 c2e3 i8g8 g6f6 g7h5 f6g6 "
        "h5g7 g6f6 g7h5 f6g6 h5g7 g6f6 g7h5 f6i6 c6c5 e4e5 b7b6 i6i5 e6e5 e2e5 b6e6 b2e2 h5g7 a0b0 c9e7 "
        "c3c4 h9h3 c4c5 h3g3 e3c4 g3g2 c5c6 e6i6 c6c7 g2g4 i5i4 a9d9 i4g4 g5g4 c4b6 i6c6 e2g2 d9d5 e5e2 "
        "g7e6 g2g8 e6c7 b0b4 c7e6 b6c8 e9d9 b4b9 e7c9 c8a7 d5d0 e0e1 e6c7 a7c6 c7b9 c6b8 "
    ).split(),
    24,
)

# 以棋手分類/呂欽/00002331.pgn (0-1, 132 plies; the third occurrence after ply 80)
PERPETUAL_CHECKED_THEN_MATED = (
    (
        "c3c4 b7c7 h2e2 c9e7 h0g2 c6c5 i0h0 c5c4 b0a2 b9d8 h0h4 d8c6 e2e6 d9e8 c0e2 c4d4 a0b0 h9g7 e6f6 "
        "h7i7 b2b7 i9h9 h4h9 g7h9 b0b6 c6e5 e3e4 d4e4 b6e6 a9b9 b7a7 c7c2 a7i7 c2g2 i7i9 g2a2 e6e5 b9b0 "
        "f6e6 h9g7 e6e4 a2a0 e4e7 e9d9 e5d5 e8d7 d5d7 d9e9 e2c0 b0c0 e0e1 c0c1 e1e2 c1c2 e2e1 c2c1 e1e2 "
        "e9e8 e2d2 g7e6 d7d6 e6g5 e7e3 c1c3 d6e6 e8f8 e6f6 f8e8 f6e6 e8f8 e6e5 a0f0 e5f5 f8e8 f5e5 e8f8 "
        "e5f5 f8e8 f5e5 e8f8 d2e2 g5f3 e2f2 f9e8 i9h9 e8f7 e5e6 f3g5 e6g6 g9i7 h9h3 c3c4 f2f1 c4f4 f1e1 "
        "f0f3 h3h6 g5h3 h6a6 h3g1 g6i6 f3a3 i6i7 g1f3 e1f1 f4f6 e3e2 f3d2 f1e1 a3e3 e1d1 d2b1 i7i8 f8f9 "
        "i8i9 f9f8 i9i8 f8f9 i8d8 f6f1 e2e1 e3a3 a6c6 b1c3 d1d2 f1f0 c6d6 f0f2 e1e2 c3b1 d2d1 a3a1 "
    ).split(),
    80,
)


def fifty_move_walk(plies: int = 100, seed: int = 27) -> list[str]:
    """Chess from the start: two pawn moves each, then `plies` moves with no capture, no pawn
    move, no check and no position a third time (so that only the move rule can be claimed)."""
    board, rng = chess.Board(), random.Random(seed)
    for uci in ("e2e4", "e7e5", "d2d4", "d7d6"):
        board.push_uci(uci)
    walk = []
    while len(walk) < plies:
        quiet = []
        for move in board.legal_moves:
            if board.is_capture(move) or board.piece_type_at(move.from_square) == chess.PAWN or board.gives_check(move):
                continue
            board.push(move)
            if not board.is_repetition(3) and not board.is_checkmate() and not board.is_stalemate():
                quiet.append(move.uci())
            board.pop()
        move = rng.choice(sorted(quiet))
        board.push_uci(move)
        walk.append(move)
    return ["e2e4", "e7e5", "d2d4", "d7d6", *walk]


FIFTY_MOVES = fifty_move_walk()
