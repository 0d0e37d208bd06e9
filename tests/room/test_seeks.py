"""The game room's seeks and challenges through the services and the pages (room/, T2.1, T2.3,
T2.6, T15): who may open, accept and withdraw a seek, a seek taken up once, a challenge answered
by the account challenged; a refusal names its clause and changes nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign.errors import NotAllowed, RuleViolation
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_challenge
from room.models import Seek
from room.selectors import SHOWN_SEEKS
from room.services.seeks import seek_accept, seek_open, seek_withdraw
from tactics.models import TacticsGame

pytestmark = pytest.mark.django_db


def account(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-password-2026")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_t2_3_an_accepted_seek_becomes_a_game_with_its_settings_and_sides():
    owner, taker = account("liubei"), account("caocao")
    seek = seek_open(user=owner, settings={"heroes_per_side": 2, "round_limit": 12}, side="second")
    seek = seek_accept(user=taker, seek_id=seek.pk)
    assert seek.status == Seek.Status.ACCEPTED and seek.accepted_by == taker
    game = TacticsGame.objects.get(pk=seek.tactics_game_id)
    assert game.status == TacticsGame.Status.PICKING  # both pick now (T2.3)
    assert (game.challenger, game.opponent, game.challenger_side) == (owner, taker, "second")
    assert game.settings == {"heroes_per_side": 2, "round_limit": 12}


def test_t2_6_nobody_accepts_their_own_seek_and_a_seek_is_accepted_once():
    owner, taker, late = account("liubei"), account("caocao"), account("sunquan")
    seek = seek_open(user=owner, settings={})
    with pytest.raises(NotAllowed) as own:
        seek_accept(user=owner, seek_id=seek.pk)
    assert own.value.clause == "T2.6"
    seek_accept(user=taker, seek_id=seek.pk)
    with pytest.raises(RuleViolation) as twice:
        seek_accept(user=late, seek_id=seek.pk)
    assert twice.value.clause == "T2.3"
    assert TacticsGame.objects.count() == 1


def test_t2_6_only_the_owner_withdraws_and_a_withdrawn_seek_is_not_accepted():
    owner, other = account("liubei"), account("caocao")
    seek = seek_open(user=owner, settings={})
    with pytest.raises(NotAllowed):
        seek_withdraw(user=other, seek_id=seek.pk)
    seek_withdraw(user=owner, seek_id=seek.pk)
    with pytest.raises(RuleViolation) as late:
        seek_accept(user=other, seek_id=seek.pk)
    assert late.value.clause == "T2.3"
    assert not TacticsGame.objects.exists()


def test_t2_6_one_open_seek_a_game_for_each_account():
    owner = account("liubei")
    seek_open(user=owner, settings={})
    with pytest.raises(RuleViolation) as twice:
        seek_open(user=owner, settings={})
    assert twice.value.clause == "T2.6"
    assert Seek.objects.count() == 1


def test_t15_a_seek_with_settings_out_of_range_is_refused_naming_t15():
    owner = account("liubei")
    with pytest.raises(RuleViolation) as bad:
        seek_open(user=owner, settings={"heroes_per_side": 9})
    assert bad.value.clause == "T15"
    with pytest.raises(RuleViolation) as side:
        seek_open(user=owner, settings={}, side="middle")
    assert side.value.clause == "T2.1"
    assert not Seek.objects.exists()


def test_t2_3_the_pages_open_and_accept_a_seek_in_the_readers_language():
    owner, taker = account("liubei"), account("caocao")
    page = signed_in(owner)
    form = {"kind": "tactics", "side": "first", "heroes_per_side": "2", "round_limit": "10"}
    form |= {"duplicates_across_sides": "on", "clock_minutes": "5", "clock_increment": "3"}
    assert page.post("/room/seeks/new/", form).status_code == 302
    seek = Seek.objects.get()
    assert seek.settings == {"heroes_per_side": 2, "round_limit": 10, "clock": {"initial_s": 300, "increment_s": 3}}
    other = signed_in(taker)
    room = other.get("/room/").content.decode()
    assert f'data-seek="{seek.pk}"' in room and f"/room/seeks/{seek.pk}/accept/" in room
    assert f"/room/seeks/{seek.pk}/accept/" not in page.get("/room/").content.decode()  # not one's own
    assert other.post(f"/room/seeks/{seek.pk}/accept/").status_code == 302
    game = TacticsGame.objects.get()
    assert (game.challenger, game.opponent, game.status) == (owner, taker, TacticsGame.Status.PICKING)
    shown = other.get("/room/").content.decode()  # now among the games in play, linked to its page
    assert f'data-game="{game.pk}"><a href="/tactics/{game.pk}/"' in shown
    again = other.post(f"/room/seeks/{seek.pk}/accept/", follow=True, HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert "T2.3" in again.content.decode()
    assert TacticsGame.objects.count() == 1


def test_t15_a_bad_number_on_the_form_is_refused_and_opens_nothing():
    page = signed_in(account("liubei"))
    answer = page.post("/room/seeks/new/", {"kind": "tactics", "side": "first", "heroes_per_side": "x"}, follow=True)
    assert "T15" in answer.content.decode()
    assert not Seek.objects.exists()


def test_t2_6_the_room_is_read_by_anyone_and_acted_in_when_signed_in_with_csrf():
    owner = account("liubei")
    seek = seek_open(user=owner, settings={})
    visitor = Client()
    assert f'data-seek="{seek.pk}"' in visitor.get("/room/").content.decode()
    refused = visitor.post(f"/room/seeks/{seek.pk}/accept/")
    assert refused.status_code == 302 and "login" in refused["Location"]
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(account("caocao"))
    assert guarded.post(f"/room/seeks/{seek.pk}/accept/").status_code == 403
    assert Seek.objects.get().status == Seek.Status.OPEN


def test_t2_6_a_named_player_is_challenged_and_answers_on_the_room_page():
    challenger, challenged = account("liubei"), account("caocao")
    page = signed_in(challenger)
    assert page.post("/room/challenge/", {"opponent": "CaoCao", "side": "first"}).status_code == 302
    game = TacticsGame.objects.get()
    theirs = signed_in(challenged)
    assert f"/room/challenges/{game.pk}/accept/" in theirs.get("/room/").content.decode()
    assert page.post(f"/room/challenges/{game.pk}/accept/").status_code == 403  # not the challenger's to answer
    assert theirs.post(f"/room/challenges/{game.pk}/decline/").status_code == 302
    game.refresh_from_db()
    assert game.status == TacticsGame.Status.DECLINED


def test_the_room_page_reads_a_fixed_number_of_queries(django_assert_num_queries):
    users = [account(f"player{n}") for n in range(6)]
    for user in users[:4]:
        seek_open(user=user, settings={})
        seek_open(user=user, kind="chess", settings={})
    seek_accept(user=users[4], seek_id=Seek.objects.first().pk)
    seek_accept(user=users[5], seek_id=Seek.objects.filter(kind="chess").first().pk)
    page = signed_in(users[5])
    page.get("/room/")
    # the session and its user, the reader's home zone (their officer's campaign, else the first
    # campaign's), the games in play, the decided, the reader's challenges, the newest seeks,
    # theirs; the board games in play, decided, the reader's challenges and their own in play
    with django_assert_num_queries(13):
        assert page.get("/room/").status_code == 200
    for user in users[:4]:
        seek_open(user=account(f"more{user.pk}"), settings={})
        friendly_challenge(user=user, opponent_name=users[5].username, kind="banqi")
    with django_assert_num_queries(13):
        assert page.get("/room/").status_code == 200


def test_t2_6_the_page_shows_the_newest_seeks_and_the_readers_own_wherever_it_is():
    mine = seek_open(user=account("liubei"), settings={})
    for n in range(SHOWN_SEEKS):
        seek_open(user=account(f"player{n}"), settings={})
    assert f'data-seek="{mine.pk}"' not in Client().get("/room/").content.decode()  # not among the newest
    page = signed_in(mine.owner).get("/room/").content.decode()
    assert page.count("data-seek=") == SHOWN_SEEKS + 1
    assert f"/room/seeks/{mine.pk}/withdraw/" in page


def test_r11_3_a_board_seek_keeps_its_time_control_and_accepted_starts_the_game():
    owner, taker = account("liubei"), account("caocao")
    page = signed_in(owner)
    form = {"kind": "xiangqi", "side": "second", "base_minutes": "3", "increment_s": "2"}
    assert page.post("/room/seeks/new/", form).status_code == 302
    seek = Seek.objects.get()
    assert (seek.kind, seek.side, seek.settings) == ("xiangqi", "second", {"base_minutes": 3, "increment_s": 2})
    other = signed_in(taker)
    shown = other.get("/room/").content.decode()
    assert f'data-seek="{seek.pk}" data-kind="xiangqi"' in shown and "3 分鐘，每步加 2 秒" in shown
    answer = other.post(f"/room/seeks/{seek.pk}/accept/")
    game = FriendlyGame.objects.get()
    assert answer["Location"] == f"/room/games/{game.pk}/"  # the game's page, at once
    assert (game.first, game.second, game.status, game.base_s) == (taker, owner, "playing", 180)
    assert Seek.objects.get().friendly_game == game
    for reader in (page, other):  # both players' room pages link it among their games and those in play
        assert (
            reader.get("/room/").content.decode().count(f'data-board-game="{game.pk}"><a href="/room/games/{game.pk}/"')
            == 2
        )


def test_r11_3_a_board_seek_out_of_bounds_is_refused_in_the_readers_language_and_opens_nothing():
    page = signed_in(account("liubei"))
    form = {"kind": "chess", "side": "first", "base_minutes": "500", "increment_s": "5"}
    answer = page.post("/room/seeks/new/", form, follow=True, HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert "R11.3" in answer.content.decode() and "整數分鐘" in answer.content.decode()
    assert not Seek.objects.exists()


def test_t2_6_one_open_seek_a_kind_each_a_board_kind_beside_hero_tactics():
    owner = account("liubei")
    seek_open(user=owner, settings={})
    seek_open(user=owner, kind="banqi", settings={})
    with pytest.raises(RuleViolation) as twice:
        seek_open(user=owner, kind="banqi", settings={"base_minutes": 5})
    assert twice.value.clause == "T2.6"
    assert Seek.objects.count() == 2


def test_t2_6_a_named_player_is_challenged_to_dark_chess_and_answers_on_the_room_page():
    challenger, challenged = account("liubei"), account("caocao")
    page = signed_in(challenger)
    form = {"opponent": "CaoCao", "kind": "banqi", "side": "first", "base_minutes": "", "increment_s": ""}
    assert page.post("/room/challenge/", form).status_code == 302
    game = FriendlyGame.objects.get()
    assert (game.kind, game.status, game.base_s, game.increment_s) == ("banqi", "challenged", 600, 5)
    theirs = signed_in(challenged)
    assert f"/room/board-challenges/{game.pk}/accept/" in theirs.get("/room/").content.decode()
    assert f"/room/board-challenges/{game.pk}/withdraw/" in page.get("/room/").content.decode()
    assert page.post(f"/room/board-challenges/{game.pk}/accept/").status_code == 403  # not the challenger's
    answer = theirs.post(f"/room/board-challenges/{game.pk}/accept/")
    assert answer["Location"] == f"/room/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == "playing" and len(game.layout) == 32 and game.layout_hash
