"""R11.7 dark chess: an action that is not legal is refused with what is wrong with it (not
your turn, a face-down piece, not your colour, a rank too high, the general and the soldier, a
cannon without exactly one piece between …), from literal positions."""

import pytest

from games.banqi import Banqi, BanqiError

RED_BLACK = {0: "red", 1: "black"}


def refused(rows, action, player=0, turn=0):
    game = Banqi.from_position(list(rows), RED_BLACK, turn=turn)
    with pytest.raises(BanqiError) as err:
        game.play(action, player=player)
    return err.value.code, err.value.detail


# rank 4 … rank 1; files a–h
BOARD = (
    "?.......",  # a4 face down
    "..r.....",  # c3 black chariot
    "..RkpC.c",  # c2 red chariot, d2 black general, e2 black soldier, f2 red cannon, h2 black cannon
    "KP.a....",  # a1 red general, b1 red soldier, d1 black advisor
)


@pytest.mark.parametrize(
    ("action", "code", "detail"),
    [
        ("a4-a3", "face_down", {"from": "a4", "to": "a3"}),
        ("b4", "flip_empty", {"from": "b4"}),
        ("c2", "revealed", {"from": "c2"}),
        ("b3-b4", "empty", {"from": "b3", "to": "b4"}),
        ("c3-b3", "not_yours", {"piece": "車"}),
        ("c2-c3", "occupied", {"from": "c2", "to": "c3"}),
        ("c2-c4", "one_step", {"from": "c2", "to": "c4"}),
        ("c2-b3", "one_step", {}),
        ("c2xb2", "capture_empty", {"to": "b2"}),
        ("b1xa1", "own_piece", {"target": "帥"}),
        ("c2xd2", "rank", {"piece": "俥", "target": "將"}),
        ("a1xb1", "own_piece", {}),
        ("f2xe2", "cannon_adjacent", {"piece": "炮", "target": "卒"}),
        ("f2xh2", "cannon_screen", {"from": "f2", "to": "h2"}),
        ("c2xh2", "one_step", {"target": "包"}),  # a chariot takes only next to it
        ("a1xa4", "capture_face_down", {"to": "a4"}),
        ("c2", "revealed", {}),
        ("z9", "unreadable", {}),
        ("c2:c3", "unreadable", {}),
    ],
)
def test_r11_7_an_illegal_action_says_what_is_wrong(action, code, detail):
    found, found_detail = refused(BOARD, action)
    assert found == code
    assert detail.items() <= found_detail.items()


def test_r11_7_the_general_cannot_take_a_soldier():
    assert refused(("........", "........", "..Kp....", "........"), "c2xd2")[0] == "general_soldier"


def test_r11_7_out_of_turn_and_after_the_end():
    assert refused(BOARD, "c2-b2", player=1)[0] == "turn"
    game = Banqi.from_position(list(BOARD), RED_BLACK)
    game.resign(player=1)
    with pytest.raises(BanqiError) as err:
        game.play("c2-b2", player=0)
    assert err.value.code == "over"


def test_r11_7_a_legal_action_is_not_refused_by_the_reasons():
    game = Banqi.from_position(list(BOARD), RED_BLACK)
    game.play("c2xc3", player=0)  # a chariot takes a chariot
    assert game.turn == 1
