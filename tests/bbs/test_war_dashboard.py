"""The war's dashboard in a terminal, over real SSH: the campaign's cities as the web's dashboard
reads them (dashboard/selectors/dashboard.py), the owner in the kingdom's colour, the wall as a bar
with its number, the governor and who is there; its countdowns tick and a change made by a
service while it is open shows without a key (the world version the web's open dashboards follow);
the kingdom filter and the pages of cities as on the web; drawn in both languages and in Big5."""

import time
from datetime import timedelta

from battles.services.ledger import value_change
from battles.services.march import march_start
from bbs.models import TerminalChoice
from campaign import clock
from ops.demo import DEMO_PASSWORD
from orders.services.moves import move_order
from tests.bbs.terminal import cells_of, settled

WAR = "The war's dashboard"


def english(world, *names):
    for name in names:
        TerminalChoice.objects.create(user=world[name].user, language="en")


def open_dashboard(terminal, menu_line: str = "War — the dashboard"):
    shown = terminal.wait_for(menu_line)
    terminal.cursor_to("戰況" if "戰況" in shown else "War — ")
    terminal.type("enter")
    terminal.wait_for("許昌")
    return settled(terminal, "R7.1")  # the footing, drawn last


def test_the_dashboard_shows_each_city_with_its_owner_in_colour_its_wall_as_a_bar_and_its_governor(bbs, bbs_world):
    english(bbs_world, "曹操")
    city = bbs_world.city("許昌")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = open_dashboard(terminal)
    assert WAR in screen
    row = next(line for line in screen.splitlines() if "許昌" in line)
    assert f"{city.wall}/{city.wall_max}" in row and "夏侯惇" in row and "魏" in row
    owner = cells_of(terminal, "魏")[0]
    assert owner.fg not in ("default", "white")  # the kingdom's colour (#2f5d9e), mapped to the terminal's
    others = [cells_of(terminal, name)[0].fg for name in ("蜀", "吳")]
    assert len({owner.fg, *others}) == 3  # each kingdom its own colour
    wall = cells_of(terminal, "魏")[6:16]  # the bar's ten cells after the owner's column (six: 魏 and five spaces)
    assert all(c.data == " " and c.bg != "default" for c in wall)


def test_a_wall_changed_by_a_service_shows_on_the_open_dashboard_without_a_key(bbs, bbs_world):
    english(bbs_world, "曹操")
    city = bbs_world.city("洛陽")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_dashboard(terminal)
    terminal.wait_for(f"{city.wall}/{city.wall_max}")
    value_change(key="test-wall", delta=-150, clause="R9.2", cause="a siege ploy", due_at=clock.now(), city=city)
    started = time.monotonic()
    screen = terminal.wait_for(f"{city.wall - 150}/{city.wall_max}", timeout=5)
    assert time.monotonic() - started < 5
    assert f"{city.wall}/{city.wall_max}" not in next(line for line in screen.splitlines() if "洛陽" in line)


def test_an_armys_arrival_counts_down_on_the_screen_once_a_second(bbs, bbs_world):
    english(bbs_world, "曹操")
    army = march_start(
        actor=bbs_world["劉備"],
        target=bbs_world.city("長安"),
        organisation=[(bbs_world["張飛"], "marshal"), (bbs_world["魏延"], "general")],
    )
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_dashboard(terminal)
    first = terminal.wait_for("蜀 0:")
    row = next(line for line in first.splitlines() if "長安" in line)
    time.sleep(2.2)
    later = next(line for line in terminal.screen_text().splitlines() if "長安" in line)
    assert row != later  # ticked without a key
    left = army.arrives_at - clock.now()
    assert left < timedelta(minutes=20)
    shown = later.split("蜀 ")[1].split()[0]
    hours, minutes, seconds = (int(part) for part in shown.split(":"))
    assert abs(timedelta(hours=hours, minutes=minutes, seconds=seconds) - left) < timedelta(seconds=3)


def test_the_kingdom_filter_and_the_pages_of_cities_are_the_webs(bbs, bbs_world, settings):
    settings.DASHBOARD_CITIES_PER_PAGE = 5
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = open_dashboard(terminal)
    assert "page 1" in screen and "成都" in screen and "江州" not in screen  # 成都 is the fifth city
    terminal.type("pagedown")
    screen = settled(terminal, "page 2")
    assert "江州" in screen and "許昌" not in screen
    terminal.type("f")  # the first kingdom: 魏
    screen = settled(terminal, "Kingdom: 魏")
    assert "許昌" in screen and "長安" in screen and "成都" not in screen
    terminal.type("f")
    screen = settled(terminal, "Kingdom: 蜀")
    assert "成都" in screen and "許昌" not in screen


def test_the_dashboard_in_chinese_and_in_big5(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["劉備"].user, encoding="big5")
    terminal = bbs.connect("liubei", DEMO_PASSWORD, encoding="big5")
    screen = open_dashboard(terminal, "離開")
    assert "戰況" in screen and "城防值" in screen and "太守" in screen
    assert "諸葛亮" in screen  # 成都's governor
    lines = screen.splitlines()
    assert "?" in lines[-1]  # the status line is the 24th: nothing above it wrapped
    terminal.type("?")
    assert "城防值" in terminal.wait_for("按任意鍵")
    terminal.type("x", "r")  # the help closed; those on the road
    assert "目前無人在路上。" in settled(terminal, "【行軍中】")


def test_a_terminal_of_16_colours_shows_each_kingdom_in_the_ansi_colour_of_its_hue(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD, term_type="linux")  # a console: 16 colours
    open_dashboard(terminal)
    colours = {name: cells_of(terminal, name)[0].fg for name in ("魏", "蜀", "吳")}
    assert colours == {"魏": "blue", "蜀": "green", "吳": "red"}  # #2f5d9e, #2e8b57, #b8402f


def test_a_change_made_while_a_city_was_open_over_the_dashboard_shows_on_coming_back(bbs, bbs_world):
    english(bbs_world, "曹操")
    city = bbs_world.city("合肥")
    after = f"{city.wall - 40}/{city.wall_max}"
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_dashboard(terminal)
    terminal.type("4", "enter", "enter")
    terminal.wait_for("City of 合肥")
    value_change(key="test-under", delta=-40, clause="R9.2", cause="a siege ploy", due_at=clock.now(), city=city)
    terminal.wait_for(after.replace("/", " / "), timeout=5)  # the city on top, read again
    terminal.type("q")
    row = next(line for line in terminal.wait_for(after, timeout=5).splitlines() if "合肥" in line)
    assert after in row


def test_slash_finds_a_city_by_its_name_and_the_screens_keys_are_text_meanwhile(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_dashboard(terminal)
    terminal.type("/", "nf漢", "enter")  # n and f are text here, not the next match nor the filter
    screen = terminal.wait_for("No city on this page is named nf漢.")
    assert "Kingdom: all kingdoms" in screen
    terminal.type("/", "漢", "enter")
    row = next(line for line in terminal.wait_for("> ").splitlines() if line.startswith("> "))
    assert "漢中" in row
    terminal.type("enter")
    terminal.wait_for("City of 漢中")


def test_r_lists_those_on_the_road_with_their_arrival_counting_down(bbs, bbs_world):
    english(bbs_world, "曹操")
    move_order(actor=bbs_world["曹操"], officer=bbs_world["郭嘉"], destination=bbs_world.city("許昌"))
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = open_dashboard(terminal)
    assert "On the road: 1" in screen
    assert "+1 arriving 0:" in next(line for line in screen.splitlines() if "許昌" in line)
    terminal.type("r")
    screen = settled(terminal, "郭嘉")
    row = next(line for line in screen.splitlines() if "郭嘉" in line)
    assert "洛陽" in row and "許昌" in row and " 0:" in row
    time.sleep(1.5)
    assert next(line for line in terminal.screen_text().splitlines() if "郭嘉" in line) != row  # it ticks


def test_the_dashboard_left_while_it_loads_leaves_no_task_of_its_own_behind(bbs, bbs_world):
    """Enter then q in one packet (as a quick hand or a script types them): the dashboard is left
    while its first reading is on its way; what it would have begun after that reading (following
    the world's changes, redrawing each second) is not begun for a screen no longer there."""
    import asyncio

    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("War — the dashboard")
    terminal.cursor_to("War — ")

    async def the_screens_tasks() -> list[str]:
        names = [task.get_coro().__qualname__ for task in asyncio.all_tasks()]
        return [name for name in names if name.startswith("WarPage.")]

    for _ in range(5):
        terminal.send(b"\rq")
        time.sleep(0.5)
        terminal.wait_for("War — the dashboard")  # the main menu again
    time.sleep(1.5)
    assert bbs.loop.call(the_screens_tasks()) == []
    terminal.type("enter")
    terminal.wait_for("許昌")  # and the dashboard still opens, and follows
    assert sorted(bbs.loop.call(the_screens_tasks())) == ["WarPage._follow", "WarPage._tick"]
