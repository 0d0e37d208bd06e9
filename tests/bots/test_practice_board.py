"""Practice at xiangqi and chess against the computer from the game room (bots/services/practice.py,
room/views.py; R11.1–R11.3, T2.6): the four computer accounts play both at Fairy-Stockfish's level
matching their own (beginner the lowest, hard the highest; games/engine_player.py); a board game
to the computer is a friendly challenge with the form's time control and side; the site's limit
counts the player's unfinished games against the computer of every kind; dark chess and bad
settings are refused naming their clause, in the player's language, and make nothing."""

import pytest

from bots.models import Bot
from bots.services.accounts import bot_accounts_ensure
from bots.services.practice import computer_games, practice_start
from campaign.errors import RuleViolation
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_cancel, friendly_challenge
from tactics.models import TacticsGame
from tests.bots.test_practice import account, signed_in

pytestmark = pytest.mark.django_db
ACCOUNTS = {"random": ("computer-beginner", 1), "greedy": ("computer-easy", 2)}
ACCOUNTS |= {"mcts": ("computer-medium", 3), "mcts-strong": ("computer-hard", 4)}
BOARD = {"side": "first", "base_minutes": "3", "increment_s": "2"}


def test_r11_2_the_computers_accounts_play_xiangqi_and_chess_at_the_lowest_to_the_highest_engine_level():
    bot_accounts_ensure()
    levels = dict(Bot.objects.values_list("user__username", "engine_level"))
    assert levels == {name: engine for name, engine in ACCOUNTS.values()}
    hard = Bot.objects.get(user__username="computer-hard")
    hard.engine_level, hard.tactics_level = 1, "random"  # an admin's change, or an older site's row
    hard.save()
    assert dict(bot_accounts_ensure())["computer-hard"] == "mended"
    hard.refresh_from_db()
    assert (hard.engine_level, hard.tactics_level) == (4, "mcts-strong")
    assert [became for _name, became in bot_accounts_ensure()] == ["present"] * 4  # run again: nothing


@pytest.mark.parametrize("kind", ["xiangqi", "chess"])
@pytest.mark.parametrize("level", list(ACCOUNTS))
def test_r11_2_a_player_challenges_each_levels_computer_to_xiangqi_and_chess_from_the_room(level, kind):
    bot_accounts_ensure()
    player = account("liubei")
    answer = signed_in(player).post("/room/computer/", {**BOARD, "kind": kind, "level": level, "side": "second"})
    game = FriendlyGame.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/room/games/{game.pk}/"  # its page, to play
    name, engine = ACCOUNTS[level]
    assert game.kind == kind and game.challenger == player and game.second == player  # the side chosen
    assert game.first.username == name and game.first.bot.engine_level == engine
    assert (game.base_s, game.increment_s) == (180, 2)  # R11.3: the form's time control
    assert game.status == FriendlyGame.Status.CHALLENGED  # the worker answers, not this request
    assert not TacticsGame.objects.exists()


def test_t2_6_the_limit_counts_unfinished_games_against_the_computer_of_every_kind(settings):
    settings.COMPUTER_GAMES_PER_PLAYER = 2
    bot_accounts_ensure()
    player, friend = account("liubei"), account("caocao")
    friendly_challenge(user=player, opponent_name="caocao", kind="chess")  # a friend's game is not counted
    board = practice_start(user=player, level="random", settings={}, kind="xiangqi")
    practice_start(user=player, level="mcts", settings={})  # hero tactics
    assert computer_games(player) == 2
    refused = signed_in(player).post("/room/computer/", {**BOARD, "kind": "chess", "level": "greedy"}, follow=True)
    assert "與電腦未完的對局已有 2 局" in refused.content.decode() and "T2.6" in refused.content.decode()
    assert FriendlyGame.objects.count() == 2 and TacticsGame.objects.count() == 1
    assert practice_start(user=friend, level="greedy", settings={}, kind="chess")  # another's are their own
    friendly_cancel(user=player, game_id=board.pk)  # one ended: room for another
    assert practice_start(user=player, level="greedy", settings={}, kind="chess").second.bot.engine_level == 2


def test_r11_1_dark_chess_and_unknown_games_are_refused_in_the_players_language_and_make_nothing():
    bot_accounts_ensure()
    player = account("liubei")
    with pytest.raises(RuleViolation) as dark:
        practice_start(user=player, level="random", settings={}, kind="banqi")
    assert dark.value.clause == "R11.1" and "暗棋" in str(dark.value)  # the site speaks 繁體中文 by default
    chinese = signed_in(player).post("/room/computer/", {**BOARD, "kind": "banqi", "level": "random"}, follow=True)
    assert "電腦不下暗棋" in chinese.content.decode() and "R11.1" in chinese.content.decode()
    english = signed_in(player, "en").post("/room/computer/", {**BOARD, "kind": "go", "level": "random"}, follow=True)
    assert "The computer plays hero tactics, xiangqi or chess" in english.content.decode()
    assert not FriendlyGame.objects.exists() and not TacticsGame.objects.exists()


def test_r11_3_a_bad_time_control_or_side_to_the_computer_is_refused_and_makes_nothing():
    bot_accounts_ensure()
    page = signed_in(account("liubei"), "en")
    answer = page.post("/room/computer/", {**BOARD, "kind": "xiangqi", "level": "mcts", "base_minutes": "999"})
    assert answer.status_code == 302 and answer["Location"] == "/room/"
    assert "R11.3" in page.get("/room/").content.decode()
    answer = page.post("/room/computer/", {**BOARD, "kind": "chess", "level": "mcts", "side": "middle"}, follow=True)
    assert "R11.2" in answer.content.decode()
    assert not FriendlyGame.objects.exists()


def test_r11_1_the_rooms_form_offers_xiangqi_and_chess_but_not_dark_chess_to_the_computer():
    page = signed_in(account("liubei"), "en").get("/room/").content.decode()
    form = page.split('action="/room/computer/"')[1].split("</form>")[0]
    for kind in ("tactics", "xiangqi", "chess"):
        assert f'<option value="{kind}"' in form
    assert 'value="banqi"' not in form and 'name="base_minutes"' in form and 'name="increment_s"' in form
