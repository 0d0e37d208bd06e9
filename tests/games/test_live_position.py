"""R11.3–R11.5 judged from the kept position: for random games of both kinds, with handicaps
(R11.4) and opening restrictions (R11.5), and for real games, the judge of one more move from the
position after the stored moves gives exactly the Judgement of the whole game replayed, at every
ply, and refuses exactly the moves the replay refuses, with the same message."""

import random
from pathlib import Path

import chess
import pytest

from games import live_position
from games.base import Judgement, RecordError, Termination
from games.chess_records import game_board
from games.kept import Kept
from games.live import legal_moves
from games.xiangqi import game_notation

DATA = Path(__file__).resolve().parent.parent / "data"
# Terms a game can be played under: the favoured colour and its moves in a row (R11.4), the
# colour held to a mainstream opening (R11.5).
XIANGQI_TERMS = [
    {},
    {"favoured": "red", "extra_moves": 2},
    {"favoured": "black", "extra_moves": 3},
    {"favoured": "black", "extra_moves": 1},
    {"restricted": "red"},
    {"restricted": "black", "favoured": "red", "extra_moves": 2},
]
CHESS_TERMS = [
    {},
    {"favoured": "white", "extra_moves": 2},
    {"favoured": "black", "extra_moves": 2},
    {"favoured": "black", "extra_moves": 1},
    {"restricted": "white"},
    {"restricted": "black"},
]


def outcome(judge, kind: str, moves: list[str], token: str, terms: dict) -> Judgement | tuple:
    """The Judgement, or the refusal as the player is told it (its code, move number, move,
    clause and message)."""
    try:
        return judge(kind, moves, token, **terms)
    except RecordError as error:
        return (error.code, error.ply, error.move, error.clause, error.message)


def replayed(kind: str, moves: list[str], token: str, **terms) -> Judgement:
    return live_position.replay(kind, [*moves, token], **terms)


def wrong_tokens(kind: str, moves: list[str], legal: list[str], rng: random.Random) -> list[str]:
    """Moves a player might send that are not the game's next: illegal, unreadable, another
    notation's, a piece that is not there."""
    if kind == "chess":
        return ["e2e5", "Ke3", "O-O-O", "a1a1", "zz", "Qxh7#", rng.choice(["e4", "Nf3", "d5", "Nc6"])]
    squares = [f"{c}{r}" for c in "abcdefghi" for r in range(10)]
    return [
        rng.choice(squares) + rng.choice(squares),
        rng.choice(["炮二平五", "馬８進７", "C2=5", "H8+7", "車一進一", "兵七進一", "R9+1"]),
        "???",
        legal[0][:2] + legal[0][:2],
    ]


def play_out(kind: str, terms: dict, seed: int, plies: int, back: float = 0.0) -> Judgement | tuple:
    """A random game under `terms`: at every ply, the kept position's judgement of the move
    played and of wrong moves against the replay's. With chance `back` a player moves back the
    piece they moved last (positions recur: the repetition rulings). Returns the last
    judgement."""
    rng = random.Random(seed)
    moves: list[str] = []
    choices = legal_moves(kind, [], favoured=terms.get("favoured"), extra_moves=terms.get("extra_moves", 0))
    for _ply in range(plies):
        if kind == "chess":
            choices = chess_choices(moves, terms)
        if not choices:
            break
        for token in wrong_tokens(kind, moves, choices, rng) if rng.random() < 0.3 else ():
            assert outcome(live_position.judge, kind, moves, token, terms) == outcome(
                replayed, kind, moves, token, terms
            ), (seed, moves, token)
        token = rng.choice(choices)
        if len(moves) >= 2 and moves[-2][2:] + moves[-2][:2] in choices and rng.random() < back:
            token = moves[-2][2:] + moves[-2][:2]
        # A player's notation is written as the pages write it; not under a favoured side with
        # one move only, which the pages' notation does not follow (the colours are swapped).
        written = terms.get("extra_moves", 0) > 1 or "favoured" not in terms
        if not written:
            pass
        elif kind == "xiangqi" and rng.random() < 0.3:  # the same move written as a player writes it
            token = game_notation([*moves, token], chinese=rng.random() < 0.5, **_handicap(terms))[-1]
        elif kind == "chess" and rng.random() < 0.3:
            token = game_board([*moves, token], **_handicap(terms))[1][-1]
        kept = outcome(live_position.judge, kind, moves, token, terms)
        whole = outcome(replayed, kind, moves, token, terms)
        assert kept == whole, (seed, moves, token)
        if not isinstance(kept, Judgement) or kept.result is not None:
            break
        moves, choices = kept.moves, kept.legal or []
    return kept


def chess_choices(moves: list[str], terms: dict) -> list[str]:
    """The legal moves after `moves` as the rules play them: the favoured side first, its
    handicap moves in a row (R11.4)."""
    board = chess.Board()
    handicap = terms.get("extra_moves", 0) if "favoured" in terms and terms.get("extra_moves", 0) > 1 else 0
    if "favoured" in terms:
        board.turn = terms["favoured"] == "white"
    for ply, move in enumerate(moves, 1):
        board.push(chess.Move.from_uci(move))
        if ply < handicap:
            board.turn = not board.turn
    return [move.uci() for move in board.legal_moves]


def _handicap(terms: dict) -> dict:
    return {"favoured": terms.get("favoured"), "extra_moves": terms.get("extra_moves", 0)}


@pytest.mark.parametrize("kind,terms", [("xiangqi", t) for t in XIANGQI_TERMS] + [("chess", t) for t in CHESS_TERMS])
def test_r11_3_r11_4_r11_5_the_kept_position_judges_every_ply_as_the_whole_game_replayed(kind, terms):
    played = [play_out(kind, terms, seed, 50) for seed in range(3)]
    assert max(len(last.moves) for last in played if isinstance(last, Judgement)) >= 40  # past the openings


def test_r11_3_long_random_xiangqi_games_judged_from_the_kept_position_as_replayed():
    """Past 200 plies: many captures, so the history since the last one is cut often."""
    assert min(len(play_out("xiangqi", {}, seed, 240).moves) for seed in (13, 14)) == 240


@pytest.mark.parametrize("kind", ["xiangqi", "chess"])
def test_r11_3_a_position_kept_moves_back_is_brought_forward_as_the_replay_judges(kind, monkeypatch):
    """The two players' moves judged in two processes (each keeps its own positions, as the web
    server's workers do): each brings its position forward by the other's move, and judges as
    the replay does."""
    processes = [Kept(live_position.KEPT_GAMES), Kept(live_position.KEPT_GAMES)]
    rng, moves = random.Random(5), []
    choices = legal_moves(kind, [])
    for ply in range(120):
        monkeypatch.setattr(live_position, "_kept", processes[ply % 2 if ply < 60 else rng.randrange(2)])
        token = rng.choice(choices)
        kept = outcome(live_position.judge, kind, moves, token, {})
        assert kept == outcome(replayed, kind, moves, token, {}), (moves, token)
        if not isinstance(kept, Judgement) or kept.result is not None:
            break
        moves = kept.moves
        choices = kept.legal if kind == "xiangqi" else chess_choices(moves, {})
    assert len(moves) >= 60


@pytest.mark.parametrize("kind", ["xiangqi", "chess"])
def test_r11_3_repetitions_are_ruled_from_the_kept_position_as_from_the_replay(kind):
    """Players who move back and forth: the positions recur, across captures; the claim a third
    occurrence gives (R11.3) and the automatic end (xiangqi: at the campaign's count, here 4, a
    plain repetition or a perpetual check or chase; chess: the fivefold repetition) are ruled the
    same from the kept history as from the whole game."""
    terms = {"repetition_limit": 4} if kind == "xiangqi" else {}
    ends = [play_out(kind, terms, seed, 300, back=0.7) for seed in range(6)]
    endings = {last.termination for last in ends if isinstance(last, Judgement) and last.result is not None}
    assert endings & {Termination.REPETITION, Termination.PERPETUAL}


def test_r11_3_real_master_games_judged_from_the_kept_position_as_replayed():
    """Real games of 159–218 plies (tests/data/README.md), each move and wrong moves at every
    ply: the kept position's judgement is the replay's."""
    games = [line.split("\t")[1].split() for line in (DATA / "xiangqi_master_games.txt").read_text().splitlines()]
    for game in games[:4]:
        rng, moves = random.Random(len(game)), []
        for move in game:
            for token in wrong_tokens("xiangqi", moves, [move], rng) if rng.random() < 0.2 else ():
                assert outcome(live_position.judge, "xiangqi", moves, token, {}) == outcome(
                    replayed, "xiangqi", moves, token, {}
                ), (moves, token)
            judged = outcome(live_position.judge, "xiangqi", moves, move, {})
            assert judged == outcome(replayed, "xiangqi", moves, move, {}), moves
            assert isinstance(judged, Judgement)  # no real move is refused
            if judged.result is not None:
                break
            moves = judged.moves
        assert len(moves) >= 150 or judged.result is not None
