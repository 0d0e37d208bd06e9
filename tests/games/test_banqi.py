"""R11.7 dark chess (暗棋): our engine, from literal positions."""

import hashlib
import random
from collections import Counter
from itertools import combinations

import pytest

from games.banqi import SET, Banqi, BanqiError, deal, layout_hash

RED_BLACK = {0: "red", 1: "black"}


def position(*rows, turn=0):
    return Banqi.from_position(list(rows), RED_BLACK, turn=turn)


def captures(game):
    return sorted(a for a in game.legal_actions() if "x" in a)


def test_r11_7_a_piece_takes_an_adjacent_enemy_of_equal_or_lower_rank():
    game = position("........", "...h....", "..rRe...", "...k....")
    assert captures(game) == ["d2xc2", "d2xd3"], "a chariot takes a chariot and a horse, not an elephant or the general"


def test_r11_7_the_general_cannot_take_a_soldier_and_a_soldier_takes_the_general():
    assert captures(position("........", "........", "..pK....", "........")) == []
    assert captures(position("........", "........", "..kP....", "........")) == ["d2xc2"]


def test_r11_7_only_face_up_enemies_are_taken():
    assert captures(position("........", "........", "..?K?...", "........")) == []


def test_r11_7_the_cannon_jumps_exactly_one_piece_face_up_or_down_any_distance():
    game = position("........", "........", "C.?...k.", "........")
    assert captures(game) == ["a2xg2"], "over a face-down piece, at any distance, a general of any rank"
    game = position("........", "........", "C?r.k...", "........")
    assert captures(game) == ["a2xc2"], "exactly one screen: the general behind two is safe"
    game = position("........", "........", "Cr......", "........")
    assert captures(game) == [], "a cannon does not take what is next to it"


def test_r11_7_actions_and_turns():
    game = position("........", "........", "..R.....", ".......r")
    game.play("c2-c3", player=0)
    assert game.turn == 1
    with pytest.raises(BanqiError) as err:
        game.play("c3-c4", player=0)
    assert err.value.code == "turn"
    with pytest.raises(BanqiError) as err:
        game.play("c3", player=1)
    assert err.value.code in ("revealed", "illegal")


def test_r11_7_the_first_flip_gives_the_flipper_its_colour():
    layout = deal(random.Random(3))
    game = Banqi(layout)
    game.play("a1", player=0)
    assert game.colours[0] == ("red" if layout[0].isupper() else "black")
    assert game.colours[1] != game.colours[0]
    with pytest.raises(BanqiError) as err:
        game.play("a1", player=1)
    assert err.value.code == "revealed"


def test_r11_7_a_player_with_no_pieces_loses():
    game = position("........", "........", "..Rr....", "........")
    game.play("c2xd2", player=0)
    assert game.result == "0" and game.termination == "no_pieces"


def test_r11_7_draw_after_180_plies_without_flip_or_capture():
    game = position("R.......", "........", "........", ".......r")
    moves = [("a4-b4", "h1-g1"), ("b4-a4", "g1-h1")]
    for i in range(90):
        forward, back = moves[i % 2]
        game.play(forward, player=0)
        if game.result:
            break
        game.play(back, player=1)
        if game.result:
            break
    assert game.result == "draw"


def test_r11_7_draw_by_threefold_repetition():
    game = position("R.......", "........", "........", ".......r")
    game.draw_plies = 10_000
    for _ in range(3):
        for action, player in (("a4-b4", 0), ("h1-g1", 1), ("b4-a4", 0), ("g1-h1", 1)):
            if game.result is None:
                game.play(action, player=player)
    assert (game.result, game.termination) == ("draw", "repetition")


def test_r11_7_deals_are_uniform():
    """Each of 32 squares should hold a red general 1/32 of the time: chi-square over 32,000 deals."""
    rng = random.Random(11)
    counts = Counter(deal(rng).index("K") for _ in range(32_000))
    chi2 = sum((counts[i] - 1000) ** 2 / 1000 for i in range(32))
    assert chi2 < 61.1, chi2  # 31 degrees of freedom, p = 0.001
    assert sorted(deal(rng)) == sorted(SET + SET.lower())


def test_r11_7_the_layout_hash_commits_to_the_deal():
    """The hash shown before the first flip is SHA-256 over the salt, a colon and the 32 pieces in
    square order (a1…h4), as hex: recomputed by that algorithm, here, from the layout revealed
    after the game, it must be the one shown; and no other deal, no other salt, gives it."""
    layout, salt = deal(random.Random(5)), "9f86d081884c7d65"
    shown = layout_hash(layout, salt)
    assert shown == hashlib.sha256(f"{salt}:{''.join(layout)}".encode()).hexdigest()
    for i, j in combinations(range(len(layout)), 2):  # any two different pieces exchanged
        if layout[i] != layout[j]:
            swapped = list(layout)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            assert layout_hash(swapped, salt) != shown, (i, j)
    others = [deal(random.Random(seed)) for seed in range(6, 56)]
    assert shown not in {layout_hash(other, salt) for other in others if other != layout}
    assert layout_hash(layout, salt + "0") != shown
