"""The text board a terminal shows (games/text_board.py): every line within the width it
promises, counted with wcwidth (CJK two columns), at every ply of random games of both kinds, both
ways up; the pieces where the position has them, as each side's reader names them; the files
numbered as each side reads them; the last move marked; nothing a Big5 terminal cannot show."""

import random

import chess
import pytest

from games import text_board
from games.live import legal_moves, position
from games.text_board import (
    CHESS_HEIGHT,
    CHESS_WIDTH,
    XIANGQI_COMPACT_HEIGHT,
    XIANGQI_HEIGHT,
    XIANGQI_WIDTH,
    chess_board,
    fragment_lines,
    line_widths,
    plain,
    xiangqi_board,
)


def random_game(kind: str, seed: int, plies: int) -> list[str]:
    rng, moves = random.Random(seed), []
    for _ply in range(plies):
        choices = legal_moves(kind, moves)
        if not choices:
            break
        moves.append(rng.choice(choices))
    return moves


def cells(line: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A board line's characters with their styles, one per character."""
    return [(style, char) for style, text in line for char in text]


@pytest.mark.parametrize("seed", range(3))
def test_no_line_of_a_xiangqi_board_passes_its_width_at_any_ply(seed):
    moves = random_game("xiangqi", seed, 80)
    for ply in range(len(moves) + 1):
        fen = position("xiangqi", moves[:ply])
        last = moves[ply - 1] if ply else None
        for flipped in (False, True):
            for compact, height in ((False, XIANGQI_HEIGHT), (True, XIANGQI_COMPACT_HEIGHT)):
                widths = line_widths(xiangqi_board(fen, last=last, flipped=flipped, compact=compact))
                assert len(widths) == height
                assert set(widths) == {XIANGQI_WIDTH}, (ply, flipped, compact)  # every line as wide: a grid


@pytest.mark.parametrize("seed", range(3))
def test_no_line_of_a_chess_board_passes_its_width_at_any_ply(seed):
    moves = random_game("chess", seed, 80)
    for ply in range(len(moves) + 1):
        fen = position("chess", moves[:ply])
        for flipped in (False, True):
            for symbols in (False, True):
                board = chess_board(fen, last=moves[ply - 1] if ply else None, flipped=flipped, symbols=symbols)
                widths = line_widths(board)
                assert len(widths) == CHESS_HEIGHT and max(widths) <= CHESS_WIDTH


def test_a_xiangqi_board_shows_each_piece_on_its_point_both_ways_up():
    moves = ["h2e2", "h9g7", "h0g2", "i9h9"]  # 炮二平五 馬８進７ 馬二進三 車９平８
    fen = position("xiangqi", moves)
    upright = fragment_lines(xiangqi_board(fen))
    turned = fragment_lines(xiangqi_board(fen, flipped=True))
    point_rows = [line for line in upright[1:-1] if "－" in plain(line)]
    assert len(point_rows) == 10
    # the red cannon on e2 (the centre file, third rank from red's side), the black chariot on h9
    assert plain(point_rows[7])[8] == "炮" and plain(point_rows[0])[14] == "車"
    assert plain(point_rows[9]) == "俥－傌－相－仕－帥－仕－相－＋－俥"  # the horse of h0 went to g2
    assert plain(point_rows[7])[12] == "傌"
    turned_rows = [line for line in turned[1:-1] if "－" in plain(line)]
    assert [plain(row)[::-1] for row in turned_rows] == [plain(row) for row in point_rows[::-1]]  # turned half round


def test_the_files_are_numbered_as_each_side_reads_them():
    upright = plain(xiangqi_board()).splitlines()
    turned = plain(xiangqi_board(flipped=True)).splitlines()
    # red reads 一 at its right, black １ at its right: black's numbers along black's edge
    assert upright[0].split() == list("１２３４５６７８９") and upright[-1].split() == list("九八七六五四三二一")
    assert turned[0].split() == list("一二三四五六七八九") and turned[-1].split() == list("９８７６５４３２１")
    chess_turned = plain(chess_board(flipped=True)).splitlines()
    assert chess_turned[0].startswith("1 ") and chess_turned[-1].split() == list("hgfedcba")


def test_red_and_black_are_style_names_and_the_last_move_is_marked():
    fen = position("xiangqi", ["h2e2"])
    styled = [cell for line in fragment_lines(xiangqi_board(fen, last="h2e2")) for cell in cells(line)]
    assert ("class:red,last", "炮") in styled and ("class:grid,last", "＋") in styled  # where it went, and from
    assert sum(1 for style, _char in styled if style.endswith(",last")) == 2
    reds = [char for style, char in styled if style.startswith("class:red")]
    blacks = [char for style, char in styled if style.startswith("class:black")]
    assert sorted(reds) == sorted("俥傌相仕帥仕相傌俥炮炮兵兵兵兵兵") and len(blacks) == 16
    chess_cells = [cell for line in fragment_lines(chess_board(last="e2e4")) for cell in cells(line)]
    marked = sorted(char for style, char in chess_cells if "last" in style and char.strip())
    assert marked == [".", "P"]  # the square left, and the pawn where it went
    assert any("class:white" in style for style, _char in chess_cells)


def test_a_big5_board_holds_only_what_big5_can_show():
    """俥 is not in Big5: a Big5 terminal's board writes red's chariot 車, told apart by its colour."""
    with pytest.raises(UnicodeEncodeError):
        plain(xiangqi_board()).encode("big5")
    big5 = xiangqi_board(big5=True)
    plain(big5).encode("big5")
    assert ("class:red", "車") in [cell for line in fragment_lines(big5) for cell in cells(line)]


def test_the_chess_board_in_letters_or_symbols():
    board = chess.Board()
    board.push_uci("e2e4")
    letters = plain(chess_board(board.fen())).splitlines()
    symbols = plain(chess_board(board.fen(), symbols=True)).splitlines()
    assert letters[4].split() == ["4", ".", ".", ".", ".", "P", ".", ".", "."]
    assert symbols[0].split()[1:] == list("♜♞♝♛♚♝♞♜") and "♙" in symbols[4]
    assert text_board.width("♔帥a") == 4


@pytest.mark.parametrize("kind", ["xiangqi", "chess"])
def test_a_replay_steps_through_the_positions_the_game_stood_in(kind):
    moves = random_game(kind, 7, 60)
    steps = text_board.placements(kind, moves)
    assert len(steps) == len(moves) + 1
    for ply in range(len(moves) + 1):
        assert steps[ply] == position(kind, moves[:ply]).split()[0]
        assert text_board.placement(kind, moves[:ply]) == steps[ply]  # a live board's, worked out alone


def test_r11_7_a_dark_chess_board_hides_what_is_face_down_and_shows_it_at_the_end():
    from games.banqi import Banqi, board_rows, deal

    rng = random.Random(3)
    game = Banqi(deal(rng))
    for _ply in range(120):
        if game.result is not None:
            break
        action = rng.choice(game.legal_actions())
        game.play(action, player=game.turn)
        drawn = text_board.banqi_board(board_rows(game), last=action)
        assert len(line_widths(drawn)) == text_board.BANQI_HEIGHT
        assert max(line_widths(drawn)) <= text_board.BANQI_WIDTH
        face_down = sum(1 for square in game.board if square.piece and not square.up)
        assert plain(drawn).count(text_board.FACE_DOWN) == face_down  # nothing face down is shown
        assert sum(1 for style, _char in drawn if style.endswith(",last")) == (2 if len(action) > 2 else 1)
    shown = text_board.banqi_board(board_rows(game, reveal=True), big5=True)
    assert text_board.FACE_DOWN not in plain(shown)  # at the end every piece is shown
    stayed_down = [char for style, char in shown if "facedown" in style]
    assert len(stayed_down) == sum(1 for square in game.board if square.piece and not square.up)
    plain(shown).encode("big5")  # a Big5 terminal can show it all
