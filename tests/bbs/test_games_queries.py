"""The terminal's game reads are the pages' selectors, in a fixed number of queries whatever the
game's length: a live game's whole state (what a watcher is sent on connecting) with the position
for the text board, a change's board alone, and the reader's officer read once when a screen
opens."""

import pytest

from gamescreens.games.reading import live_board, live_view, reader_officer
from tests.live.test_live_socket import live_game
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.django_db


def test_a_live_game_is_read_for_the_terminal_in_a_fixed_number_of_queries(clock, django_assert_num_queries):
    world, game = live_game(clock)
    user_id = world["許褚"].user.pk
    with django_assert_num_queries(4):  # the watchers' state (the game, the reader's side), the position
        at_start = live_view(game_id=game.pk, user_id=user_id)
    game.moves = MATE_MOVES[:-1]
    game.save(update_fields=["moves"])
    with django_assert_num_queries(4):  # as many with fourteen moves
        later = live_view(game_id=game.pk, user_id=user_id)
    assert at_start.last is None and later.last == MATE_MOVES[-2]
    assert later.state["ply"] == len(MATE_MOVES) - 1 and later.state["you"] == "attacker"
    assert later.colours == {"attacker": "red", "defender": "black"} and later.names["defender"] == "魏延"
    with django_assert_num_queries(1):  # a change's board: the rest of the change is the group's message
        assert live_board(game_id=game.pk) == (later.placement, MATE_MOVES[-2])


def test_the_readers_officer_is_read_as_the_pages_read_it(world, django_assert_num_queries):
    officer = world["許褚"]
    user = officer.user
    with django_assert_num_queries(1):  # `officer_of`, as every campaign page reads it
        assert reader_officer(campaign=world.campaign, user=user) == officer
