"""The games in the BBS's menu, over real SSH: the list of the campaign's games (those being
played on the site first, the reader's own before those they may watch; then the decided ones,
newest first) in both languages and in Big5; Enter opens a live game's board or a decided game's
replay (`game_screen`), and a game with nothing to show says why on the status line. The reads
are selectors with pinned query counts."""

import time
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync

from bbs.context import Context
from bbs.models import TerminalChoice
from bbs.text import width
from campaign.models import Officer
from gamescreens.games.open import game_screen
from ops.demo import DEMO_PASSWORD
from play.models import Game
from play.selectors.game_choice import game_opening, games_to_open
from play.services.live import live_ready
from tests.play.test_records import MATE, report_confirmed
from tests.worlds import make_world

START_RED_ROW_BIG5 = "車－傌－相－仕－帥－仕－相－傌－車"  # 俥 is not in Big5


def war_world():
    """The demo world at the real time (SSH needs a running clock), at war all day, its armies
    arriving a second after they march."""
    return make_world(travel_time=timedelta(seconds=1), war_start_minute=0)


def besieging(world):
    """徐晃's army (許褚 with it) before 漢中, arrived."""
    from battles.services.march import march_start
    from campaign.timers import timers_sweep

    army = march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    time.sleep(1.2)
    timers_sweep()
    return army


def siege_game(world, army, *, defender: str | None = "魏延") -> Game:
    """A siege game called by the army's marshal for 許褚, taken up by `defender`."""
    from battles.services.siege import siege_call, siege_call_answer

    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    if defender is None:
        return game
    return siege_call_answer(actor=world[defender], game=game, defender=world[defender])


def live(world, game: Game) -> Game:
    live_ready(actor=game.attacker, game=game)
    live_ready(actor=game.defender, game=game)
    return Game.objects.get(pk=game.pk)


def games_of_a_war():
    """漢中 besieged: one game decided by mate (the wall at 490), then one being played live."""
    world = war_world()
    army = besieging(world)
    decided = report_confirmed(world, siege_game(world, army), MATE)
    playing = live(world, siege_game(world, army))
    return world, decided, playing


def open_games(terminal, wait: str):
    shown = terminal.wait_for(wait)
    terminal.cursor_to("對局 " if "離開" in shown else "Games — ")
    terminal.type("enter")
    return terminal


def test_the_games_list_shows_the_live_game_first_then_the_decided_ones_and_opens_each(bbs, transactional_db):
    world, decided, playing = games_of_a_war()
    TerminalChoice.objects.create(user=world["許褚"].user, language="en")
    terminal = open_games(bbs.connect("xuchu", DEMO_PASSWORD), "Leave the BBS")
    shown = terminal.wait_for("yours, in play")
    lines = shown.splitlines()
    live_row = next(i for i, line in enumerate(lines) if "yours, in play" in line)
    decided_row = next(i for i, line in enumerate(lines) if "attacker won" in line)
    assert live_row < decided_row  # the game being played first
    assert "許褚 vs 魏延" in lines[live_row] and "siege 漢中" in lines[live_row]
    assert "checkmate" in lines[decided_row]
    assert all(width(line) <= 80 for line in lines)
    terminal.type("enter")  # the live game: its board and both clocks
    terminal.wait_for("【Live game】")
    terminal.wait_for("red 許褚 (you)")
    terminal.type("q")
    terminal.wait_for("yours, in play")
    terminal.type("down", "enter")  # the decided game: replayed at its last move
    shown = terminal.wait_for("【Game replay】")
    assert "attacker won · checkmate" in terminal.wait_for(f"Move {len(decided.moves)} of {len(decided.moves)}")
    terminal.type("?")
    terminal.wait_for("one move back")
    terminal.type("x", "q")
    terminal.wait_for("yours, in play")


def test_the_games_list_is_in_chinese_by_default_and_a_spectator_sees_the_live_game_to_watch(bbs, transactional_db):
    world, decided, playing = games_of_a_war()
    Officer.objects.filter(pk=world["魏延"].pk).update(name="魏延\x1b[2J")  # a name with an escape sequence
    terminal = open_games(bbs.connect("caocao", DEMO_PASSWORD), "離開")
    shown = terminal.wait_for("對弈中")
    assert "許褚 對 魏延^[[2J" in shown and "攻方勝 · 將死" in shown  # shown as text, never sent raw
    assert "你的對局" not in shown  # 曹操 plays neither
    assert all(width(line) <= 80 for line in shown.splitlines())
    terminal.type("enter")
    shown = terminal.wait_for("【即時對局】")
    terminal.wait_for("紅 許褚")
    assert "(you)" not in shown and "（你）" not in shown


def test_a_big5_terminal_opens_a_replay_from_the_list_and_sees_the_board_it_can_show(bbs, transactional_db):
    """俥 is not in Big5: the session's encoding reaches the board, which writes 車 for red's chariot."""
    world, decided, playing = games_of_a_war()
    TerminalChoice.objects.create(user=world["魏延"].user, encoding="big5")
    terminal = open_games(bbs.connect("weiyan", DEMO_PASSWORD, encoding="big5"), "離開")
    shown = terminal.wait_for("攻方勝 . 將死")  # the · a Big5 terminal would draw two columns wide
    assert (
        "你的對局，對弈中" in shown and "許褚 對 魏延" in shown and "?" not in "".join(shown.splitlines()[:-1])
    )  # Big5 writes it all
    terminal.type("?")
    terminal.wait_for("本戰役的對局")
    terminal.type("x", "down", "enter")
    terminal.wait_for(f"第 {len(decided.moves)} 手")  # the replay read (a key before it opens is not its)
    terminal.type("home")
    shown = terminal.wait_for(START_RED_ROW_BIG5[::-1])  # black's player sees the board turned
    assert "俥" not in shown and "?" not in "".join(shown.splitlines()[1:22])


def test_a_game_with_no_board_to_show_leaves_the_reader_where_they_were_with_the_reason(transactional_db):
    world = war_world()
    called = siege_game(world, besieging(world), defender=None)
    ctx = Context(user=world["許褚"].user, language="en")
    ctx.campaign, ctx.officer = world.campaign, world["許褚"]
    screen = game_screen(ctx, called.pk)
    ctx.push(screen)
    async_to_sync(screen.start)()
    assert ctx.stack == [] and ctx.last_status == "! No defender has taken up this game yet: there is no board to show."
    for missing in (game_screen(ctx, 10**9),):
        ctx.push(missing)
        async_to_sync(missing.start)()
        assert ctx.last_status == "! No such game in this campaign."


@pytest.mark.django_db
def test_the_games_to_open_and_what_opening_one_shows_are_read_in_fixed_queries(django_assert_num_queries):
    world, decided, playing = games_of_a_war()
    officer = world["魏延"]
    with django_assert_num_queries(3):  # the live games, the decided ones' count and page
        choice = games_to_open(campaign=world.campaign, officer_id=officer.pk, page=1)
        assert [g.pk for g in choice.live] == [playing.pk] and choice.live[0].mine == 0
        assert [g.pk for g in choice.finished] == [decided.pk] and choice.live[0].attacker.name == "許褚"
    with django_assert_num_queries(1):
        assert game_opening(campaign=world.campaign, game_id=playing.pk) == "live"
    assert game_opening(campaign=world.campaign, game_id=decided.pk) == "replay"
    assert game_opening(campaign=world.campaign, game_id=10**9) == "missing"
