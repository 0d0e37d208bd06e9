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
from tests.bbs.tactics_steps import account, open_list
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
