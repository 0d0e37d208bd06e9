"""The hero tactics screens' reads (gamescreens/tactics/reading.py) cost pinned queries and keep the
game's secrets as every door does: the opponent's picks hidden until both are in (T2.3), the seed
until the end (T18.1); the list of one's games in one query."""

import pytest
from django.utils import translation

from gamescreens.tactics.reading import game_read, games_of
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.setup import tactics_pick
from tests.bbs.tactics_steps import account
from tests.tactics.bots import SIDES_PICKS


@pytest.mark.django_db
def test_t2_3_t18_1_the_terminals_reads_keep_the_secrets_in_one_query_each(django_assert_num_queries):
    first, second = account("liubei"), account("caocao")
    with translation.override("en"):
        game = tactics_challenge(user=first, opponent_name="caocao", settings={})
        tactics_accept(user=second, game_id=game.pk)
        tactics_pick(user=first, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]})
    with django_assert_num_queries(1):
        view, legal = game_read(game_id=game.pk, user=second)
    assert view["picks"]["first"] == {"submitted": True} and view["seed"] is None and legal["actions"] == []
    with django_assert_num_queries(1):
        listed = games_of(second)
    assert [(row["id"], row["status"], row["you"]) for row in listed] == [(game.pk, "picking", "second")]
    with django_assert_num_queries(1):
        assert game_read(game_id=game.pk + 1, user=second) == (None, {"actions": []})
