"""The team form (T2.6) on the game's page and its socket: an account not in the game takes an open
seat from the page (CSRF form), the page read in pinned queries; a third player, seated beside
their captain, sees the game as their side over the socket, acts the hero they command and is
refused another's, in their language; a team seek opened from the room's form, shown with its team
size, accepted into a game that the room lists while its seats are filled."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.test import Client

from room.models import Seek
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal
from tactics.services.challenges import tactics_challenge
from tests.tactics.pages import accounts, next_message, opened, socket
from tests.tactics.team import team_accounts, team_playing

pytestmark = pytest.mark.django_db(transaction=True)


def test_t2_6_an_account_takes_an_open_seat_from_the_page_read_in_pinned_queries(django_assert_num_queries):
    liubei, caocao, guanyu = accounts("liubei", "caocao", "guanyu")
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    client = Client(enforce_csrf_checks=True)
    client.force_login(guanyu)
    client.get(f"/tactics/{game.pk}/")  # the first request of a session writes it and the presence
    with django_assert_num_queries(4):  # the session, the account, the game with its captains, the seats
        page = client.get(f"/tactics/{game.pk}/")
    text = page.content.decode()
    assert 'data-join="first"' in text and 'data-join="second"' in text and "空席" in text  # an open seat
    token = client.cookies["csrftoken"].value
    assert client.post(f"/tactics/{game.pk}/join/", {"side": "first"}).status_code == 403  # no CSRF token
    answer = client.post(f"/tactics/{game.pk}/join/", {"side": "first", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    assert TacticsGame.objects.get(pk=game.pk).side_of(guanyu.pk) == "first"
    text = client.get(f"/tactics/{game.pk}/").content.decode()
    assert "data-join" not in text and "離席" in text  # seated: he may leave, not take another seat


def test_t2_6_a_third_player_acts_the_hero_they_command_over_the_socket_and_not_another():
    team = team_accounts()
    guanyu = team["first"][1]
    game = team_playing(team)
    lubu = tactics_legal(game, team["first"][0])["actions"][0]
    zhangfei = tactics_legal(game, guanyu)["actions"][0]
    player = socket(game.pk, guanyu, language="zh-hant")

    async def scenario():
        first = await opened(player)
        view, legal = first["view"], first["legal"]
        assert view["you"] == "first" and view["captain"] is False
        assert view["commanders"]["first"]["張飛"] == "guanyu"
        assert [a["hero"] for a in legal["actions"]] == ["張飛"]  # his own hero's turn only
        assert view["picks"]["second"]["heroes"]  # the side's view: both sides' picks once shown
        await player.send_to(text_data=json.dumps({"action": "act", "act": lubu, "version": view["version"]}))
        refused = await next_message(player)
        assert refused["type"] == "refused" and refused["clause"] == "T2.6" and "liubei" in refused["message"]
        assert "指揮" in refused["message"]  # in his language
        await player.send_to(text_data=json.dumps({"action": "act", "act": zhangfei, "version": view["version"]}))
        told = await next_message(player)
        assert told["type"] == "view" and told["view"]["version"] == view["version"] + 1
        assert told["view"]["actions"] == [zhangfei]
        await player.disconnect()

    async_to_sync(scenario)()


def test_t2_6_a_team_seek_from_the_room_form_waits_among_the_games_for_its_seats():
    liubei, caocao, guanyu = accounts("liubei", "caocao", "guanyu")
    owner, taker, friend = Client(), Client(), Client()
    for client, user in ((owner, liubei), (taker, caocao), (friend, guanyu)):
        client.force_login(user)
    form = {"kind": "tactics", "side": "first", "heroes_per_side": "2", "seats": "2"}
    assert owner.post("/room/seeks/new/", form).status_code == 302
    seek = Seek.objects.get()
    assert seek.seats == 2 and 'data-seats="2"' in friend.get("/room/").content.decode()
    assert taker.post(f"/room/seeks/{seek.pk}/accept/").status_code == 302
    game = TacticsGame.objects.get()
    assert (game.seats, game.status) == (2, "seating")
    room = friend.get("/room/").content.decode()  # listed among the games, for anyone to open and sit down
    assert f'data-game="{game.pk}"><a href="/tactics/{game.pk}/"' in room and "招募隊員中" in room
    too_many = dict(form, seats="3")
    refused = owner.post("/room/seeks/new/", too_many, follow=True).content.decode()
    assert "T2.6" in refused and Seek.objects.count() == 1  # more players than heroes: nothing opened


def test_t2_6_staff_see_a_team_game_s_seats_read_only_in_the_admin():
    team = team_accounts()
    game = team_playing(team)
    staff = Client()
    staff.force_login(get_user_model().objects.create_superuser("root", password="a-long-root-password"))
    page = staff.get(f"/admin/tactics/tacticsgame/{game.pk}/change/")
    text = page.content.decode()
    assert page.status_code == 200 and "guanyu" in text and "dianwei" in text
    assert 'name="seat_rows-0-user"' not in text  # shown, never edited: a seat changes through its services
