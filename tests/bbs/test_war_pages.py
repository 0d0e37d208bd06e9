"""A city, a siege and an army in a terminal, over real SSH, as their pages show them: the city's
owner, governor, wall, siege, armies, officers and roads (dashboard/selectors/city.py, its query
count pinned); the siege's wall, roster, armies with their members, the ledger's lines of the
wall and its games with their results (siege_detail), with `games` and `chosen_game()` for the
games' screens; an army's members with their ranks, its state and its arrival counting down
(army_detail). The war runs on a clock that ticks from 10:00 in Taipei (inside the hours of war)."""

import time
from datetime import timedelta

import pytest
import time_machine
from django.utils import translation

from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.siege import siege_call
from bbs.models import TerminalChoice
from bbs.text import width
from campaign import clock
from campaign.timers import timers_sweep
from dashboard.selectors.city import city_detail
from dashboard.selectors.dashboard_kept import dashboard_kept as reading
from ops.demo import DEMO_PASSWORD
from orders.services.moves import move_order
from screens.war.army import ArmyScreen
from screens.war.city import CityScreen
from screens.war.road import RoadScreen
from screens.war.siege import SiegeScreen
from tests.bbs.terminal import settled
from tests.worlds import START, make_world, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture
def war(transactional_db):
    """The demo world with 魏's army before 漢中 and one siege game won by the attacker (the
    wall down by its rule), on a clock that keeps ticking."""
    with time_machine.travel(START, tick=True) as traveller:
        world = make_world()
        army = march_start(
            actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY]
        )
        traveller.move_to(army.arrives_at + timedelta(seconds=1), tick=True)
        timers_sweep()
        army.refresh_from_db()
        world.game = play(world, army, "許褚", "魏延", "attacker")
        world.army = army
        yield world


def session_screen(bbs):
    """The screen on top in the (one) open session: what the test reads the games' hooks from."""
    (session,) = list(bbs.sessions.open)
    return session.frame.stack[-1]


def open_city(terminal, number: int, menu_line: str = "Leave the BBS"):
    shown = terminal.wait_for(menu_line)
    terminal.cursor_to("戰況" if "戰況" in shown else "War — ")
    terminal.type("enter")
    terminal.wait_for("漢中")
    terminal.type(str(number), "enter", "enter")


def english(world, name):
    TerminalChoice.objects.create(user=world[name].user, language="en")


def test_a_city_shows_its_owner_governor_wall_siege_armies_officers_and_roads(bbs, war):
    english(war, "劉備")
    city = war.city("漢中")
    terminal = bbs.connect("liubei", DEMO_PASSWORD)
    open_city(terminal, 7)
    screen = settled(terminal, "City of 漢中")
    assert "Owner 蜀" in screen and "Governor 張飛" in screen
    assert f"{city.wall} / {city.wall_max}" in screen and city.wall < city.wall_max
    assert "Under siege since" in screen and "penalty period ends in 0:" in screen
    assert "魏 besieging" in screen
    assert "張飛" in screen and "魏延" in screen  # the officers there
    assert "長安" in screen and "成都" in screen  # its roads
    current = session_screen(bbs)
    assert current.city.pk == city.pk and current.siege is not None and current.army is None


def test_the_siege_shows_the_wall_roster_armies_ledger_and_games_and_names_the_game_under_the_cursor(bbs, war):
    english(war, "劉備")
    terminal = bbs.connect("liubei", DEMO_PASSWORD)
    open_city(terminal, 7)
    terminal.wait_for("Under siege since")
    terminal.type("enter")
    screen = settled(terminal, "Siege of 漢中")
    city = war.city("漢中")
    assert f"{city.wall} / {city.wall_max}" in screen
    assert "Defence roster" in screen and "Due next" in screen
    assert "徐晃" in screen and "許褚" in screen  # the army's members
    entry = city.ledger.order_by("-id").first()
    assert f"{entry.delta:+} = {entry.value_after}  {entry.clause}" in screen  # the ledger's line
    siege_screen = session_screen(bbs)
    assert [g.pk for g in siege_screen.games] == [war.game.pk]
    assert siege_screen.chosen_game() is None  # the cursor is on the first line
    terminal.type("end")
    terminal.wait_for("attacker won")
    assert siege_screen.chosen_game().pk == war.game.pk
    assert siege_screen.siege.pk == war.army.siege_id and siege_screen.city.pk == city.pk


def test_an_army_shows_its_members_with_ranks_and_its_arrival_counting_down(bbs, war):
    english(war, "孫權")
    marching = march_start(actor=war["孫權"], target=war.city("永安"), organisation=[(war["甘寧"], "marshal")])
    terminal = bbs.connect("sunquan", DEMO_PASSWORD)
    open_city(terminal, 8)  # 永安
    terminal.wait_for("arrives in 0:")
    terminal.type("down", "enter")  # the army's line, under the armies' count
    screen = settled(terminal, "吳's army on 永安")
    assert "from 江陵 to 永安" in screen and "marching" in screen
    assert "marshal  甘寧" in screen
    before = terminal.wait_for(", in 0:")
    terminal.wait_for("Members")
    time.sleep(2.2)
    assert terminal.screen_text() != before  # the countdown ticked without a key
    assert session_screen(bbs).army.pk == marching.pk


def test_the_city_siege_and_army_screens_in_chinese_and_big5(bbs, war):
    TerminalChoice.objects.create(user=war["劉備"].user, encoding="big5")
    terminal = bbs.connect("liubei", DEMO_PASSWORD, encoding="big5")
    open_city(terminal, 7, "離開")
    screen = settled(terminal, "漢中城")
    assert "所屬 蜀" in screen and "太守 張飛" in screen and "道路通往" in screen
    terminal.type("enter")  # the siege's line
    screen = settled(terminal, "守城名單")
    assert "圍城" in screen and "城防值" in screen and "徐晃" in screen
    assert "?" in screen.splitlines()[-1]  # the status line is the 24th: nothing above it wrapped
    terminal.type("?")
    terminal.wait_for("按任意鍵")
    terminal.type("x")
    terminal.wait_for("守城名單")
    terminal.type("q")
    terminal.wait_for("漢中城")
    terminal.type("down", "down", "down", "enter")  # the siege, its period, the armies' count, the army
    screen = settled(terminal, "自長安往漢中")
    assert "攻城中" in screen and "元帥  徐晃" in screen and "士氣 100" in screen


def screens_of(world):
    """Each screen drawn from its selector's reading, in a context with no terminal."""
    from battles.selectors.army import army_detail
    from battles.selectors.siege import siege_detail
    from bbs.context import Context

    ctx = Context(user=world["劉備"].user)
    ctx.campaign, ctx.officer = world.campaign, world["劉備"]
    city = CityScreen(ctx, city_id=world.city("漢中").pk)
    city.view = city_detail(campaign=world.campaign, city_id=city.city_id, now=clock.now())
    siege = SiegeScreen(ctx, siege_id=world.army.siege_id)
    siege.view = siege_detail(siege_id=siege.siege_id, campaign=world.campaign)
    army = ArmyScreen(ctx, army_id=world.army.pk)
    army.view = army_detail(army_id=army.army_id, campaign=world.campaign)
    road = RoadScreen(ctx)
    road.dash = reading(world.campaign, None, 1)
    for screen in (city, siege, army, road):
        screen.loaded = True
    return ctx, [city, siege, army, road]


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_no_line_of_the_city_siege_army_or_road_screen_is_wider_than_the_terminal(war, language):
    move_order(actor=war["曹操"], officer=war["郭嘉"], destination=war.city("許昌"))  # one on the road
    ctx, screens = screens_of(war)
    assert "郭嘉" in "".join(fragment[1] for fragment in screens[-1]._fragments())
    for screen in screens:
        with translation.override(language):
            drawn = "".join(fragment[1] for fragment in screen._fragments())
            assert screen.help()
        lines = drawn.split("\n")
        assert all(width(line) <= ctx.columns for line in lines), drawn
        assert len([line for line in lines if line]) <= ctx.body_rows


@pytest.mark.parametrize("besieged", [True, False])
def test_the_city_screens_reading_takes_a_fixed_number_of_queries(war, besieged, django_assert_num_queries):
    city = war.city("漢中" if besieged else "成都")
    with django_assert_num_queries(7 if besieged else 6):
        view = city_detail(campaign=war.campaign, city_id=city.pk, now=clock.now())
    assert (view.siege is not None) is besieged
    ctx, (screen, *_others) = screens_of(war)
    screen.view = view
    with django_assert_num_queries(0), translation.override("en"):  # drawing reads nothing more
        screen._fragments()


def test_a_siege_call_made_while_the_siege_is_open_shows_there_without_a_key(bbs, war):
    english(war, "劉備")
    terminal = bbs.connect("liubei", DEMO_PASSWORD)
    open_city(terminal, 7)
    terminal.wait_for("Under siege since")
    terminal.type("enter")
    terminal.wait_for("attacker won")
    siege_call(actor=war["徐晃"], army=war.army, attacker=war["徐晃"])
    screen = terminal.wait_for("徐晃 - ...  called", timeout=5)
    assert len(session_screen(bbs).games) == 2 and "attacker won" in screen


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_the_dashboard_draws_from_its_reading_alone_and_fits_the_terminal(war, language, django_assert_num_queries):
    from django.conf import settings

    from dashboard.selectors.dashboard import dashboard
    from screens.war.dashboard import DashboardScreen

    ctx, _screens = screens_of(war)
    screen = DashboardScreen(ctx)
    screen.dash = dashboard(campaign=war.campaign, now=clock.now(), per_page=settings.DASHBOARD_CITIES_PER_PAGE)
    screen.loaded = True
    with django_assert_num_queries(0), translation.override(language):
        drawn = "".join(fragment[1] for fragment in screen._fragments())
    assert "漢中" in drawn and "490/500" in drawn
    assert all(width(line) <= ctx.columns for line in drawn.split("\n"))


def test_terminals_on_the_same_page_share_one_reading_until_the_world_changes(war, django_assert_num_queries):
    """One reading of a page for the process's terminals and the pushed web pages alike."""
    from battles.services.ledger import value_change
    from dashboard.selectors.dashboard_page import dashboard_context

    first = reading(war.campaign, None, 1)
    with django_assert_num_queries(0):  # the world version is read from Redis, nothing from the database
        second = reading(war.campaign, None, 1)
    assert second is first
    assert dashboard_context(war.campaign, None, 1, kept=True)["dash"] is first  # the web page's push
    city = war.city("成都")
    before = city.wall
    value_change(key="test-ploy", delta=-100, clause="R9.2", cause="a siege ploy", due_at=clock.now(), city=city)
    third = reading(war.campaign, None, 1)
    assert third is not first
    assert next(r.city.wall for r in third.rows if r.city.pk == city.pk) == before - 100


def test_an_armys_field_battle_games_are_listed_and_the_one_under_the_cursor_named(bbs, war):
    english(war, "孫權")
    army = march_start(actor=war["孫權"], target=war.city("永安"), organisation=[(war["甘寧"], "marshal")])
    battle = field_sortie(actor=war["劉備"], army=army, officers=[war["趙雲"]])
    terminal = bbs.connect("sunquan", DEMO_PASSWORD)
    open_city(terminal, 8)  # 永安
    settled(terminal, "in a field battle")
    terminal.type("down", "enter")  # the army's line
    screen = settled(terminal, "甘寧 - 趙雲")
    assert "Field battle" in screen
    army_screen = session_screen(bbs)
    assert [g.pk for g in army_screen.games] == [g.pk for g in battle.games.order_by("board")]
    assert army_screen.chosen_game() is None
    terminal.type("end")
    time.sleep(0.3)
    assert army_screen.chosen_game().pk == army_screen.games[-1].pk


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_r4_5_at_80_columns_the_dashboards_war_column_keeps_the_morale_of_the_army_before_a_city(war, language):
    """Before: the war column of 漢中's row (its siege, the period's countdown, 魏's army)
    ended before the army's morale (R4.5) on an 80-column terminal."""
    from screens.war.dashboard import DashboardScreen

    ctx, _screens = screens_of(war)
    assert ctx.columns == 80
    dashboard = DashboardScreen(ctx)
    dashboard.dash = reading(war.campaign, None, 1)
    dashboard.loaded = True
    with translation.override(language):
        drawn = "".join(fragment[1] for fragment in dashboard._fragments())
        morale = "士氣 100" if language == "zh-hant" else "morale 100"
    row = next(line for line in drawn.split("\n") if "漢中" in line)
    assert width(row) <= ctx.columns
    assert morale in row, row
