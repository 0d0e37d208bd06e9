"""The war's screens lead to the acts and the games, as the web's pages link their forms and
boards: `a` on a city, siege or army opens the acts that apply there (R6.1's siege call and R8.1's
retreat for the besieging king), and Enter on a siege's game opens its replay (or its live board)."""

from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import settled
from tests.bbs.test_war_pages import english, open_city, war  # noqa: F401 (the fixture)


def test_a_on_a_besieged_city_offers_the_besieging_king_his_siege_call_and_retreat_there(bbs, war):  # noqa: F811
    english(war, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_city(terminal, 7)  # 漢中, besieged by 魏
    settled(terminal, "Under siege since")
    terminal.type("a")
    screen = terminal.wait_for("Siege call at 漢中")
    assert "Retreat from 漢中" in screen
    terminal.type("q")
    assert "Under siege since" in terminal.wait_for("City of 漢中")


def test_enter_on_a_sieges_decided_game_opens_its_replay_and_q_comes_back(bbs, war):  # noqa: F811
    english(war, "劉備")
    terminal = bbs.connect("liubei", DEMO_PASSWORD)
    open_city(terminal, 7)
    terminal.wait_for("Under siege since")
    terminal.type("enter")
    settled(terminal, "Siege of 漢中")
    terminal.type("end")
    terminal.wait_for("attacker won")
    terminal.type("enter")
    terminal.wait_for("Game replay")
    screen = terminal.wait_for("魏延")  # once the replay has read its game (the title comes first)
    assert "許褚" in screen
    terminal.type("q")
    terminal.wait_for("Siege of 漢中")
