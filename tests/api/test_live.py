"""A battle game played live through the API (a terminal front end's way):
both players say they are ready, move in turn to mate, and the result moves the war at once
(R6.2); a move sent twice is a 409 that changes nothing (R11.3)."""

import json
from datetime import timedelta

import pytest
from django.test import Client

from accounts.services import token_create
from play.models import GameMove
from tests.play.test_records import MATE_MOVES, pending_game


def act(slug: str, game_id: int, token: str, **body):
    return Client().post(
        f"/api/v1/c/{slug}/games/{game_id}/live",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )


@pytest.mark.django_db
def test_r11_3_r6_2_a_game_played_to_mate_through_the_api(world, clock):
    game = pending_game(world, clock)
    slug = world.campaign.slug
    tokens = [token_create(user=world[name].user, name="terminal", scope="act")[1] for name in ("許褚", "魏延")]
    for token in tokens:
        assert act(slug, game.pk, token, action="ready").status_code == 200
    for ply, move in enumerate(MATE_MOVES):
        clock.shift(timedelta(seconds=3))
        answer = act(slug, game.pk, tokens[ply % 2], action="move", move=move, ply=ply)
        assert answer.status_code == 200, answer.json()
        if ply == 0:
            again = act(slug, game.pk, tokens[0], action="move", move=move, ply=0)  # sent twice
            assert again.status_code == 409 and again.json()["code"] == "stale", again.json()
    final = answer.json()
    assert (final["status"], final["result"], final["termination"]) == ("decided", "attacker", "checkmate")
    assert len(final["moves"]) == len(MATE_MOVES) == GameMove.objects.filter(game=game).count()
    assert world.city("漢中").wall == 490  # R6.2: a general's win
    after = act(slug, game.pk, tokens[1], action="move", move="馬８進７", ply=len(MATE_MOVES))
    assert after.status_code == 400 and after.json()["clause"] == "R11.3"
    unknown = act(slug, game.pk, tokens[1], action="castle")
    assert unknown.status_code == 400 and unknown.json()["message"] == "Unknown action."
