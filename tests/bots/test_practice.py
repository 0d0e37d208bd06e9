"""Practice against the computer from the game room (bots/services/practice.py, room/, docs/tactics.md
"Playing the computer"): a player chooses the computer's level, the game's settings (§T15) and
their side (T2.1), and the challenge goes to the computer's account of that level (T2.6); the
computer's accounts exist without an admin's step (`bot_accounts`, run by the demo) and nobody
logs in as them; a player has a few games against it unfinished at once; a refusal names its
clause, in the player's language, and changes nothing; the web process never thinks for it."""

import json
import time

import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from bots.models import Bot
from bots.services.accounts import COMPUTERS, bot_accounts_ensure, bot_create
from bots.services.practice import practice_start
from campaign.errors import RuleViolation
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_cancel, tactics_challenge

pytestmark = pytest.mark.django_db
LEVELS = ("random", "greedy", "mcts", "mcts-strong")
FORM = {"side": "second", "heroes_per_side": "1", "round_limit": "2", "clock_minutes": "5", "clock_increment": "3"}


def account(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-password-2026")


def signed_in(user, language: str = "zh-hant") -> Client:
    """A signed-in browser in the language it chose (the site's own switch: its cookie)."""
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def test_t2_6_the_computers_accounts_exist_once_one_a_level_and_nobody_logs_in_as_them():
    assert [became for _name, became in bot_accounts_ensure()] == ["created"] * 4
    assert [became for _name, became in bot_accounts_ensure()] == ["present"] * 4  # run again: nothing new
    assert sorted(Bot.objects.values_list("tactics_level", flat=True)) == sorted(LEVELS)
    assert get_user_model().objects.count() == 4
    for username, _level, _engine in COMPUTERS:
        user = get_user_model().objects.get(username=username)
        assert not user.has_usable_password()
        browser = Client()
        browser.post("/accounts/login/", {"login": username, "password": "anything-at-all-2026"})
        assert "_auth_user_id" not in browser.session


def test_t2_6_the_demo_creates_them_and_an_account_with_a_computers_name_is_left_alone(capsys):
    human = account("computer-hard")
    call_command("bot_accounts")
    assert "computer-hard: taken" in capsys.readouterr().out
    assert not hasattr(get_user_model().objects.get(pk=human.pk), "bot")  # not made a computer
    call_command("seed_demo")
    assert Bot.objects.count() == 3 and "computer-easy: present" in capsys.readouterr().out


@pytest.mark.parametrize("level", LEVELS)
def test_t2_6_a_player_challenges_the_computer_at_the_level_chosen_from_the_room(level):
    bot_accounts_ensure()
    player = account("liubei")
    answer = signed_in(player).post("/room/computer/", {**FORM, "level": level})
    game = TacticsGame.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tactics/{game.pk}/"  # its page, to play
    assert game.challenger == player and game.opponent.bot.tactics_level == level
    assert game.challenger_side == "second"  # T2.1: the side the player chose
    assert game.settings == {
        "heroes_per_side": 1,
        "round_limit": 2,
        "duplicates_across_sides": False,
        "clock": {"initial_s": 300, "increment_s": 3},
    }
    assert game.status == TacticsGame.Status.CHALLENGED  # the worker answers, not this request


def test_t2_6_the_room_shows_the_four_levels_named_in_both_languages_to_a_signed_in_player():
    player = account("liubei")
    english = signed_in(player, language="en").get("/room/").content.decode()
    assert 'action="/room/computer/"' in english and "csrfmiddlewaretoken" in english.split("/room/computer/")[1]
    for level in LEVELS:
        assert f'name="level" value="{level}"' in english
    assert "Beginner (入門)" in english and "Hard (高級)" in english
    chinese = signed_in(player, language="zh-hant").get("/room/").content.decode()
    assert "與電腦對弈" in chinese and "入門" in chinese and "Beginner" not in chinese
    assert 'action="/room/computer/"' not in Client().get("/room/").content.decode()  # signed in only


def test_t2_6_no_computer_at_the_level_is_refused_in_the_players_language_and_nothing_is_made():
    bot_create(username="only-easy", tactics_level="greedy")
    player = account("liubei")
    with pytest.raises(RuleViolation) as none:
        practice_start(user=player, level="mcts-strong", settings={})
    assert none.value.clause == "T2.6"
    chinese = signed_in(player, language="zh-hant").post("/room/computer/", {**FORM, "level": "mcts"}, follow=True)
    assert "此站尚無這一級的電腦" in chinese.content.decode() and "T2.6" in chinese.content.decode()
    unknown = signed_in(player, language="en").post("/room/computer/", {**FORM, "level": "grandmaster"}, follow=True)
    assert "Choose the computer&#x27;s level" in unknown.content.decode()
    assert not TacticsGame.objects.exists()


def test_t15_bad_settings_to_the_computer_are_refused_and_make_nothing():
    bot_accounts_ensure()
    page = signed_in(account("liubei"))
    answer = page.post("/room/computer/", {**FORM, "level": "random", "heroes_per_side": "9"}, follow=True)
    assert "T15" in answer.content.decode()
    answer = page.post("/room/computer/", {**FORM, "level": "random", "side": "middle"}, follow=True)
    assert "T2.1" in answer.content.decode()
    assert not TacticsGame.objects.exists()


def test_t2_6_a_player_has_at_most_the_sites_number_of_games_against_the_computer_unfinished(settings):
    settings.COMPUTER_GAMES_PER_PLAYER = 2
    bot_accounts_ensure()
    player, friend = account("liubei"), account("caocao")
    tactics_challenge(user=player, opponent_name="caocao", settings={})  # a friend's game is not counted
    first = practice_start(user=player, level="random", settings={})
    practice_start(user=player, level="mcts", settings={})
    refused = signed_in(player, language="zh-hant").post("/room/computer/", {**FORM, "level": "greedy"}, follow=True)
    assert "與電腦未完的對局已有 2 局" in refused.content.decode() and "T2.6" in refused.content.decode()
    assert TacticsGame.objects.count() == 3
    assert practice_start(user=friend, level="greedy", settings={})  # another player's are their own
    tactics_cancel(user=player, game_id=first.pk)  # one ended: room for another
    assert practice_start(user=player, level="greedy", settings={}).opponent.bot.tactics_level == "greedy"


def test_t2_6_playing_the_computer_takes_a_signed_in_player_and_the_forms_csrf_token():
    bot_accounts_ensure()
    anonymous = Client().post("/room/computer/", {**FORM, "level": "random"})
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(account("liubei"))
    assert guarded.post("/room/computer/", {**FORM, "level": "random"}).status_code == 403
    assert Client().get("/room/computer/").status_code in (302, 405)  # a form's target, not a page
    assert not TacticsGame.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_t2_6_the_request_only_asks_the_worker_and_the_computer_has_not_answered_when_it_returns(redis_server):
    """No worker runs here: the request's game stays a challenge, and the broker holds the one
    message that asks a worker for the computer's turn (bots/hooks.py)."""
    broker = redis.Redis.from_url(settings.REDIS_URL)
    broker.flushdb()
    bot_accounts_ensure()
    answer = signed_in(account("liubei")).post("/room/computer/", {**FORM, "level": "mcts-strong"})
    game = TacticsGame.objects.get()
    assert answer.status_code == 302 and game.status == TacticsGame.Status.CHALLENGED and game.version == 1

    def asked() -> list:
        queued = [json.loads(raw) for raw in broker.lrange("celery", 0, -1)]
        return [m for m in queued if m["headers"]["task"] == "bots.tasks.tactics_turn"]

    for _ in range(50):
        if asked():
            break
        time.sleep(0.1)
    assert [m["headers"]["argsrepr"] for m in asked()] == [f"[{game.pk}, 1]"]
    game.refresh_from_db()
    assert (game.status, game.version) == (TacticsGame.Status.CHALLENGED, 1)
