"""The team form of hero tactics (T2.6) in the terminal, over real SSH read through pyte: a third
account opens a team game by its number, sees the sides' seats and takes an open one with a key;
once the captains have picked and deployed, his menu offers the turn of the hero he commands and
not his captain's, and his choice starts that hero's turn through the same services."""

import re
import time

import pytest

from tactics.models import TacticsGame
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.seats import tactics_join
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.bbs.tactics_steps import account, open_list, wait_status
from tests.tactics.bots import CELLS, SIDES_PICKS

pytestmark = pytest.mark.django_db(transaction=True)


def _until(check, seconds: float = 10):
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)
    return found


def test_t2_6_a_third_player_takes_a_seat_and_begins_his_own_hero_s_turn_in_the_terminal(bbs):
    liubei, caocao, guanyu, xuchu = (account(name) for name in ("liubei", "caocao", "guanyu", "xuchu"))
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    tactics_join(user=xuchu, game_id=game.pk, side="second")
    terminal = open_list(bbs, "guanyu")
    terminal.type("o", str(game.pk), "enter")
    terminal.wait_for("(open seat)")
    terminal.type("1")
    _until(lambda: TacticsGame.objects.get(pk=game.pk).side_of(guanyu.pk) == "first")
    tactics_accept(user=caocao, game_id=game.pk)
    for side, captain in (("first", liubei), ("second", caocao)):
        tactics_pick(user=captain, game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    for side, captain in (("first", liubei), ("second", caocao)):
        names = [entry["hero"] for entry in SIDES_PICKS[side]]
        tactics_deploy(user=captain, game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    terminal.wait_for("Your side acts")
    terminal.type("enter")
    terminal.wait_for("Begin 張飛's turn")  # 張飛, second in the picks, is his (T2.6)
    assert "Begin 呂布's turn" not in terminal.screen_text()  # his captain's hero is not offered
    number = re.search(r"(\d+)\. Begin 張飛's turn", terminal.screen_text())
    assert number, terminal.screen_text()
    terminal.type(number[1], "y")
    played = _until(lambda: TacticsGame.objects.get(pk=game.pk).record["actions"])
    assert played == [{"act": "turn", "side": "first", "hero": "張飛"}]


def test_t2_6_a_seated_player_leaves_his_seat_in_the_terminal_before_the_picks(bbs):
    liubei, _caocao, guanyu = (account(name) for name in ("liubei", "caocao", "guanyu"))
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    tactics_join(user=guanyu, game_id=game.pk, side="first")
    terminal = open_list(bbs, "guanyu")
    terminal.type("o", str(game.pk), "enter")
    terminal.wait_for("l leaves your seat")
    terminal.type("l")
    terminal.wait_for("Leave your seat in this game?")
    terminal.type("y")
    _until(lambda: TacticsGame.objects.get(pk=game.pk).side_of(guanyu.pk) is None)
    terminal.wait_for("1 takes an open seat")  # back among the readers, who may take a seat again


def test_t2_6_leaving_a_seat_once_the_picks_began_is_refused_in_the_page_s_words(bbs):
    liubei, caocao, guanyu, xuchu = (account(name) for name in ("liubei", "caocao", "guanyu", "xuchu"))
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    tactics_join(user=guanyu, game_id=game.pk, side="first")
    tactics_join(user=xuchu, game_id=game.pk, side="second")
    tactics_accept(user=caocao, game_id=game.pk)  # every seat taken: the picks begin
    terminal = open_list(bbs, "guanyu")
    terminal.type("o", str(game.pk), "enter")
    terminal.wait_for("Pick your heroes")
    terminal.type("l", "y")
    wait_status(terminal, "The seats are taken and left before the picks begin. (T2.6)")
    assert TacticsGame.objects.get(pk=game.pk).side_of(guanyu.pk) == "first"


def test_t2_6_a_captain_has_no_seat_to_leave(bbs):
    liubei = account("liubei")
    account("caocao")
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    terminal = open_list(bbs, "liubei")
    terminal.type("o", str(game.pk), "enter")
    terminal.wait_for("(open seat)")
    terminal.type("l", "y")
    wait_status(terminal, "“liubei” has no seat in this game. (T2.6)")
    assert TacticsGame.objects.get(pk=game.pk).side_of(liubei.pk) == "first"
