"""A friendly game's page (/room/games/<id>/, friendly/views.py): anyone watches it (the board,
the clocks, the moves); only its players act, through forms with CSRF (R11.3: only the game's
players play it); a refusal names its clause in the reader's language and changes nothing; the
record downloads as PGN; a dark chess board hides its face-down pieces until the end (R11.7);
each change reaches the page's socket on the real Redis; the page reads a fixed number of queries."""

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)
from django.test import Client

from config.asgi import application
from friendly.models import FriendlyGame
from friendly.services.play import friendly_move, friendly_resign
from tests.friendly.helpers import account, signed_in, started

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def page_of(client: Client, game, language: str = "zh-hant") -> str:
    return in_language(client, language).get(f"/room/games/{game.pk}/").content.decode()


def in_language(client: Client, language: str) -> Client:
    """The page's language as the reader chose it (the language switch's cookie)."""
    client.cookies["django_language"] = language
    return client


@pytest.mark.django_db
def test_r11_3_anyone_watches_and_only_the_player_to_move_is_given_the_move_form():
    game = started("xiangqi", account("liubei"), account("caocao"))
    watched = page_of(Client(), game)
    assert "<svg" in watched and 'data-side="first"' in watched and "10:00" in watched
    assert "data-move-form" not in watched and 'name="act"' not in watched
    assert "data-move-form" in page_of(signed_in(game.first), game)
    second = page_of(signed_in(game.second), game)
    assert "data-move-form" not in second and 'value="resign"' in second  # not their turn; they may resign


@pytest.mark.django_db
def test_r11_2_black_s_player_is_drawn_the_board_turned_and_everyone_else_from_red_s_side():
    """As on the war's game page: black's player (the second, R11.2) gets the board turned, black at
    the bottom; red's or white's player and a spectator get it from red's or white's side; dark
    chess's table is never turned. Its socket's fetch of the board (htmx) keeps the turn."""
    turned = 'class="live-board board flipped" id="friendly-board"'
    for kind in ("xiangqi", "chess"):
        game = started(kind, account(f"{kind}-red"), account(f"{kind}-black"))
        assert turned in page_of(signed_in(game.second), game)
        assert turned in signed_in(game.second).get(f"/room/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()
        for reader in (signed_in(game.first), Client(), signed_in(account(f"{kind}-watcher"))):
            shown = page_of(reader, game)
            assert 'class="live-board board" id="friendly-board"' in shown and "flipped" not in shown
    banqi = started("banqi", account("banqi-first"), account("banqi-second"))
    assert "flipped" not in page_of(signed_in(banqi.second), banqi)


@pytest.mark.django_db
def test_r11_3_a_move_through_the_form_is_played_and_shown_in_the_readers_notation():
    game = started("xiangqi", account("liubei"), account("caocao"))
    answer = signed_in(game.first).post(f"/room/games/{game.pk}/act/", {"act": "move", "move": "炮二平五", "ply": "0"})
    assert answer.status_code == 302 and answer["Location"] == f"/room/games/{game.pk}/"
    assert FriendlyGame.objects.get().moves == ["h2e2"]
    assert "炮二平五" in page_of(Client(), game, "zh-hant")
    assert "C2=5" in page_of(Client(), game, "en")


@pytest.mark.django_db
def test_r11_3_only_the_players_act_with_csrf_and_a_refusal_names_its_clause():
    game = started("chess", account("liubei"), account("caocao"))
    url, move = f"/room/games/{game.pk}/act/", {"act": "move", "move": "e2e4", "ply": "0"}
    assert Client().post(url, move).status_code == 302  # to the log-in
    assert signed_in(account("sunquan")).post(url, move).status_code == 403  # not a player
    assert signed_in(game.first, csrf=True).post(url, move).status_code == 403  # no CSRF token
    late = signed_in(game.second).post(url, move, follow=True).content.decode()
    assert "R11.3" in late and "還沒輪到你" in late  # not their turn
    illegal = {"act": "move", "move": "e2e5", "ply": "0"}
    refused = in_language(signed_in(game.first), "en").post(url, illegal, follow=True).content.decode()
    assert "R11.3" in refused and "Move 1" in refused
    assert FriendlyGame.objects.get().moves == []


@pytest.mark.django_db
def test_r11_3_fools_mate_on_the_page_and_its_record_as_pgn():
    game = started("chess", account("liubei"), account("caocao"))
    players = [signed_in(game.first), signed_in(game.second)]
    for ply, move in enumerate(FOOLS_MATE):
        players[ply % 2].post(f"/room/games/{game.pk}/act/", {"act": "move", "move": move, "ply": str(ply)})
    shown = page_of(Client(), game, "en")
    assert "second player won" in shown and "checkmate" in shown and "Qh4#" in shown
    record = Client().get(f"/room/games/{game.pk}/record/")
    text = record.content.decode()
    assert record["Content-Disposition"] == f'attachment; filename="friendly-{game.pk}.pgn"'
    assert '[White "liubei"]' in text and '[Result "0-1"]' in text and "2. g4 Qh4# 0-1" in text


@pytest.mark.django_db
def test_r11_7_dark_chess_hides_face_down_pieces_until_the_end_then_shows_the_deal():
    game = started("banqi", account("liubei"), account("caocao"))
    game = friendly_move(user=game.first, game_id=game.pk, move="a1", ply=0)
    shown = page_of(Client(), game)
    assert shown.count('class="down"') == 31 and 'data-square="a1" class="' in shown
    assert "".join(game.layout) not in shown and game.salt not in shown
    assert "friendly-" in Client().get(f"/room/games/{game.pk}/record/")["Content-Disposition"]
    friendly_resign(user=game.second, game_id=game.pk)
    over = page_of(Client(), game)
    assert "".join(game.layout) in over and game.salt in over and "data-hash-check" in over
    assert 'class="verified"' in over


@pytest.mark.django_db(transaction=True)
def test_r11_3_each_move_reaches_the_games_open_pages_on_their_socket():
    game = started("chess", account("liubei"), account("caocao"))
    first = game.first
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]

    async def scenario():
        pages = [WebsocketCommunicator(application, f"/ws/room/games/{game.pk}/", headers=headers) for _ in range(2)]
        for page in pages:
            assert (await page.connect())[0]
        assert await pages[0].receive_nothing(timeout=0.5)
        await sync_to_async(friendly_move)(user=first, game_id=game.pk, move="e2e4", ply=0)
        for page in pages:
            assert json.loads(await page.receive_from(timeout=5)) == {"type": "changed"}
            await page.disconnect()
        unknown = WebsocketCommunicator(application, "/ws/room/games/999999/", headers=headers)
        assert not (await unknown.connect())[0]

    async_to_sync(scenario)()


@pytest.mark.django_db
def test_the_game_page_reads_a_fixed_number_of_queries(django_assert_num_queries):
    game = started("xiangqi", account("liubei"), account("caocao"))
    page = signed_in(game.first)
    page.get(f"/room/games/{game.pk}/")
    # the session and its user, the game with its players
    with django_assert_num_queries(3):
        assert page.get(f"/room/games/{game.pk}/").status_code == 200
    for ply, move in enumerate(["h2e2", "h9g7", "h0g2", "i9h9"]):
        friendly_move(user=(game.first, game.second)[ply % 2], game_id=game.pk, move=move, ply=ply)
    with django_assert_num_queries(3):
        assert page.get(f"/room/games/{game.pk}/").status_code == 200


@pytest.mark.django_db
def test_r11_3_the_rooms_help_says_how_to_seek_challenge_and_play_a_board_game_in_both_languages():
    url = "/help/room/"
    chinese = Client().get(url).content.decode()
    english = in_language(Client(), "en").get(url).content.decode()
    for page in (chinese, english):
        for needed in ("/room/games/{id}/", "base_minutes", "increment_s", "/api/v1/room/board-challenge", "R11.7"):
            assert needed in page, needed
    assert "象棋、西洋棋與暗棋" in chinese and "下載棋譜" in chinese and "你正在下的棋局" in chinese
    for words in ("Xiangqi, chess and dark chess", "Playing a friendly game", "Your games in play", "Claim"):
        assert words in english, words
