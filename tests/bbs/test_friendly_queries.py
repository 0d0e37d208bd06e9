"""R11.3: the terminal's reads of a friendly game are the page's (`friendly_view`, `newest`), in
a fixed number of queries whatever the game's length: the reader's list, the live board's whole
reading, the replay; and a dark chess game's face-down pieces stay hidden from its players until
the end (R11.7)."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from friendly.services.challenges import friendly_accept, friendly_challenge
from friendly.services.play import friendly_move, friendly_resign
from gamescreens.friendly.reading import act, games_of, live_read, opening, replay_read
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.django_db


def _players():
    make = get_user_model().objects.create_user
    return make("liubei", "liubei@example.com", "a-long-password-2026"), make("caocao", "c@example.com", "x" * 20)


def _played(kind: str, moves: list[str]):
    liubei, caocao = _players()
    game = friendly_challenge(user=liubei, opponent_name="caocao", kind=kind)
    friendly_accept(user=caocao, game_id=game.pk)
    for ply, move in enumerate(moves):
        friendly_move(user=(liubei, caocao)[ply % 2], game_id=game.pk, move=move, ply=ply)
    return liubei, caocao, game


def test_r11_3_a_friendly_game_is_read_for_the_terminal_in_a_fixed_number_of_queries(django_assert_num_queries):
    liubei, caocao, game = _played("xiangqi", MATE_MOVES[:-1])
    with django_assert_num_queries(2):  # those being played or offered, then the decided
        assert [listed.pk for listed in games_of(caocao)] == [game.pk]
    with django_assert_num_queries(1):  # the game with its players, as its page reads it
        reading = live_read(game_id=game.pk, user=caocao)
    view = reading.view
    assert view.state["you"] == "second" and view.state["to_move"] == "first"  # red's mating move to come
    assert view.state["ply"] == len(MATE_MOVES) - 1 and view.last == MATE_MOVES[-2]
    assert view.colours == {"first": "red", "second": "black"} and view.names["first"] == "liubei"
    friendly_resign(user=caocao, game_id=game.pk)
    with django_assert_num_queries(1):
        assert opening(game_id=game.pk) == "replay"
    with django_assert_num_queries(1):
        replay, squares = replay_read(game_id=game.pk, user=caocao)
    assert len(replay.placements) == len(MATE_MOVES) and replay.black_view and squares == []


@translation.override("en")
def test_r11_3_the_terminal_s_acts_are_the_friendly_services_with_their_refusals():
    liubei, caocao, game = _played("xiangqi", [])
    assert act(user=caocao, game_id=game.pk, frame={"action": "move", "move": "h7e7", "ply": 0}) == (
        "It is not your turn. (R11.3)"
    )
    assert act(user=liubei, game_id=game.pk, frame={"action": "dance"}) == "Unknown action. (R11.3)"
    assert act(user=liubei, game_id=game.pk, frame={"action": "move", "move": "h2e2", "ply": 0}) == ""
    game.refresh_from_db()
    assert game.moves == ["h2e2"]


def test_r11_7_dark_chess_s_hidden_pieces_stay_hidden_in_the_terminal_until_the_end_then_replayed_shown():
    liubei, caocao, game = _played("banqi", ["a1"])
    squares = [square for row in live_read(game_id=game.pk, user=liubei).rows for square in row]
    assert sum(1 for square in squares if square["piece"] is not None) == 1  # a1 alone, face up
    friendly_resign(user=caocao, game_id=game.pk)
    assert opening(game_id=game.pk) == "replay"
    replay, steps = replay_read(game_id=game.pk, user=liubei)  # each step with the whole deal shown
    assert replay.moves == ("a1",) and len(steps) == 2 and not replay.black_view
    for step in steps:
        assert sum(1 for row in step for square in row if square["piece"] is not None) == 32
