"""The game page during and after live play: one board while it is played (no second, stale
replay board; reporting a record and agreeing to play off hours only for a game not played
here); the replay alone, with the result and how it ended, when the page asks for it in place
(the live board turning into the replay at the end, a step by the arrow keys); black's board
turned; the low-time warning's threshold from the campaign's clock."""

import re

import pytest
from django.urls import reverse

from play.services.live import live_move, live_ready, live_resign
from tests.play.test_records import MATE_MOVES, pending_game

pytestmark = pytest.mark.django_db


def page(client, world, game, user, **headers) -> str:
    client.force_login(world[user].user)
    return client.get(reverse("game", args=[world.campaign.slug, game.pk]), **headers).content.decode()


def boards(html: str) -> int:
    return len(re.findall(r'id="(?:live-board|board)"', html))


def test_r11_3_a_game_being_played_here_shows_one_board_and_no_record_form(world, client, clock):
    game = pending_game(world, clock)
    before = page(client, world, game, "許褚")
    assert "data-before-live" in before, "not yet played here: a record may still be reported"
    live_ready(actor=world["許褚"], game=game)
    game = live_ready(actor=world["魏延"], game=game)
    for ply, move in enumerate(MATE_MOVES[:3]):
        game = live_move(actor=world["許褚" if ply % 2 == 0 else "魏延"], game=game, move=move, ply=ply)
    during = page(client, world, game, "許褚")
    assert boards(during) == 1 and 'id="live-board"' in during and 'id="replay"' not in during
    assert "data-before-live" not in during, "no record form, no off-hours agreement while played here"
    assert "data-flip" in during and "data-sound" in during


def test_r11_3_the_replay_alone_is_sent_to_a_page_that_asks_in_place_with_the_result(world, client, clock):
    game = pending_game(world, clock)
    live_ready(actor=world["許褚"], game=game)
    game = live_ready(actor=world["魏延"], game=game)
    game = live_move(actor=world["許褚"], game=game, move=MATE_MOVES[0], ply=0)
    live_resign(actor=world["魏延"], game=game)
    whole = page(client, world, game, "許褚")
    assert boards(whole) == 1 and 'id="replay"' in whole and "攻方勝" in whole
    part = page(client, world, game, "許褚", HTTP_HX_REQUEST="true")
    assert part.lstrip().startswith('<div class="replay" id="replay"') and "<html" not in part
    assert "data-replay-result" not in part, "the result is said once, in the heading above (live.js keeps it)"
    heading = whole.split("data-game-heading", 1)[1].split("</p>", 1)[0]
    assert "攻方勝" in heading and "認輸" in heading and whole.count("攻方勝") == heading.count("攻方勝")
    assert 'data-key="ArrowLeft"' in part and 'hx-get="?ply=0' in part
    assert "<span data-step>1 / 1</span>" in part
    back = page(client, world, game, "許褚", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in back, "going back to a step asks for the whole page"
    client.force_login(world["許褚"].user)
    assert "HX-Request" in client.get(reverse("game", args=[world.campaign.slug, game.pk]))["Vary"]


def test_r11_2_black_sees_its_board_turned_on_the_replay_too(world, client, clock):
    game = pending_game(world, clock)
    live_ready(actor=world["許褚"], game=game)
    game = live_ready(actor=world["魏延"], game=game)
    game = live_move(actor=world["許褚"], game=game, move=MATE_MOVES[0], ply=0)
    live_resign(actor=world["魏延"], game=game)
    assert 'class="board flipped" id="board"' in page(client, world, game, "魏延")  # 魏延 defends: black
    assert 'class="board" id="board"' in page(client, world, game, "許褚")


def test_the_low_time_warning_starts_at_an_eighth_of_the_clock_within_10_and_60_seconds(world, client, clock):
    """lichess's threshold: 60 s for the 15 minutes of the campaign's clock, 22.5 s for 3 minutes."""
    from datetime import timedelta

    game = pending_game(world, clock)
    assert 'data-low-ms="60000"' in page(client, world, game, "許褚")
    world.campaign.live_base = timedelta(minutes=3)
    world.campaign.save(update_fields=["live_base"])
    assert 'data-low-ms="22500"' in page(client, world, game, "許褚")
