"""R2.6 from the terminal: an officer with a live SSH session is online exactly as one whose pages
are open (the session writes presence through the web's service at log-in, at every beat of its
process while it lives, and as it ends), everywhere the site asks: the governor who decides a
city's moves (R3.2) and heads its siege roster (R6.3), the city's count of officers online as the
web's selector and the terminal's city screen read it. After the session ends the officer stays
online for the campaign's window, as after a last request, and then no longer."""

import time
from datetime import timedelta

import pytest

from campaign import clock
from campaign.authority import governor_can_act, officer_online
from dashboard.selectors.city import city_detail
from ops.demo import DEMO_PASSWORD

WINDOW = 2  # seconds: the campaign's online window (R2.6), shortened for the test


def online(world, name: str) -> bool:
    return officer_online(world[name], clock.now())


def online_here(world, city: str) -> set[str]:
    view = city_detail(campaign=world.campaign, city_id=world.city(city).pk, now=clock.now())
    return {present.officer.name for present in view.present if present.online}


@pytest.fixture
def quick_beat(settings):
    """The BBS processes' beat every 0.3 s (before the server starts: it reads it for each beat)."""
    settings.BBS_HEARTBEAT_SECONDS = 0.3


def test_r2_6_an_officer_in_the_terminal_is_online_while_the_session_lives_and_not_after_the_window(
    quick_beat, bbs, bbs_world
):
    bbs_world.campaign.online_window = timedelta(seconds=WINDOW)
    bbs_world.campaign.save(update_fields=["online_window"])
    luoyang = bbs_world.city("洛陽")
    assert not online(bbs_world, "曹仁") and not governor_can_act(luoyang, clock.now())

    terminal = bbs.connect("caoren", DEMO_PASSWORD)
    terminal.wait_for("曹仁")
    time.sleep(WINDOW + 0.5)  # longer than the window, with no key: the session's beat keeps him online
    assert online(bbs_world, "曹仁")
    assert governor_can_act(bbs_world.city("洛陽"), clock.now())  # R3.2 and R6.3: the governor decides
    assert online_here(bbs_world, "洛陽") == {"曹仁"}  # the city's officers online, as the selector reads them

    terminal.wait_for("離開")  # the city screen of the terminal counts him online too
    terminal.cursor_to("戰況")
    terminal.type("enter")
    terminal.wait_for("洛陽")
    terminal.type("/", "洛陽", "enter", "enter")
    shown = terminal.wait_for("在線上")
    assert "（1在線上）" in shown.replace(" ", ""), shown

    terminal.close()
    assert online(bbs_world, "曹仁")  # online for the window after the session, as after a request
    deadline = time.monotonic() + WINDOW + 3
    while online(bbs_world, "曹仁") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not online(bbs_world, "曹仁")
    assert not governor_can_act(bbs_world.city("洛陽"), clock.now())
    assert online_here(bbs_world, "洛陽") == set()
