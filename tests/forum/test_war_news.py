"""The war's news in its place on a city's board (R1.3, R7.3, R10.2): a siege's calls, answers,
results, captures and ransoms are replies in one thread of the siege; the board lists the
players' threads first and the system's beneath them, so the war never pushes the players off
page 1; a reader may hide the system's threads, and the choice holds on the site, in the API
and in the terminal, which all read one selector (forum.selectors.boards.board_threads)."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.services import token_create
from battles.models import Ransom
from battles.services.prisoners import ransom_settle
from bbs.context import Context
from campaign.timers import timers_sweep
from forum.models import Post, Thread
from forum.selectors.boards import THREADS_PER_PAGE
from forum.services.boards import thread_create
from screens.boards import ThreadList
from tests.worlds import besiege, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
PLAYERS = ("張飛", "魏延", "劉備")


def players_threads(world, board) -> set[int]:
    """Fifteen threads of the city's players, opened before the siege (five each, under the
    posting rate)."""
    return {
        thread_create(actor=world[name], board=board, title=f"{name} 軍議 {i}", body="守城之策").pk
        for name in PLAYERS
        for i in range(5)
    }


def a_siege(world, clock):
    """The walk's siege of 漢中: the march, its periods' calls, games called, taken up and decided,
    a capture and its ransom paid."""
    army = besiege(world, clock, "漢中", ARMY)
    for defender, result in (("張飛", "attacker"), ("魏延", "attacker"), ("張飛", "attacker")):
        play(world, army, "許褚", defender, result)
        clock.shift(timedelta(minutes=31))  # a period ends: the next siege call is posted
        timers_sweep()
    play(world, army, "許褚", "魏延", "defender")  # 許褚 is taken (R6.2)
    ransom_settle(actor=world["劉備"], ransom=Ransom.objects.get(officer=world["許褚"]), paid=True)
    army.refresh_from_db()
    return army


def page_one_on_site(world, board, reader: str) -> list[Thread]:
    client = Client()
    client.force_login(world[reader].user)
    return list(client.get(reverse("board", args=[world.campaign.slug, board.pk])).context["page"])


def page_one_in_api(world, board, reader: str) -> list[dict]:
    _t, token = token_create(user=world[reader].user, name="reader", scope="read")
    path = f"/api/v1/c/{world.campaign.slug}/boards/{board.pk}/threads"
    return Client().get(path, HTTP_AUTHORIZATION=f"Bearer {token}").json()["results"]


def page_one_in_terminal(world, board, reader: str) -> tuple[list[Thread], list[str]]:
    ctx = Context(user=world[reader].user, language="en", columns=100)
    ctx.campaign, ctx.officer = world.campaign, world[reader]
    screen = ThreadList(ctx, board)
    with translation.override("en"):  # as the session's language is, around each read and each drawing
        screen.view, screen.unread = screen._read(1)
        rows = ["".join(text for _style, text in row) for row in screen.rows()]
    return screen.threads(), rows


def test_r1_3_r7_3_a_siege_is_one_thread_beneath_the_players_on_the_site_in_the_api_and_the_terminal(world, clock):
    board = world.city("漢中").board
    mine = players_threads(world, board)
    army = a_siege(world, clock)

    siege_thread = Thread.objects.get(board=board, topic=f"siege:{army.siege_id}")
    keys = set(Post.objects.filter(thread=siege_thread).values_list("event_key", flat=True))
    kinds = {key.split(":")[0] + ":" + key.split(":")[-1] for key in keys if key.startswith("game:")}
    assert {"game:call", "game:answer", "game:result"} <= kinds, "calls, answers and results are its replies"
    assert any(k.startswith("prisoner:") for k in keys) and any(k.endswith(":settled") for k in keys)
    assert sum(k.startswith(f"siege:{army.siege_id}:call:") for k in keys) >= 3, "the periods' calls too"
    assert siege_thread.post_count == len(keys) >= 17
    system = Thread.objects.filter(board=board, is_system=True)
    assert system.count() <= 3, "the march, the siege, the freed prisoner's departure: no thread per event"

    site = page_one_on_site(world, board, "張飛")
    assert mine <= {t.pk for t in site}, "every player's thread stays on page 1 of the site"
    assert [t.is_system for t in site] == sorted(t.is_system for t in site), "the system's beneath the players'"
    assert siege_thread.pk in {t.pk for t in site}, "the war's news is shown by default"

    api = page_one_in_api(world, board, "張飛")
    assert [t["id"] for t in api] == [t.pk for t in site], "the API lists the board as the site does"

    listed, rows = page_one_in_terminal(world, board, "張飛")
    assert [t.pk for t in listed] == [t.pk for t in site], "the terminal lists the board as the site does"
    assert "[System]" in rows[len(mine)] and "[System]" not in rows[len(mine) - 1]


def test_r1_3_players_threads_are_never_pushed_off_page_1_by_the_system(world, clock):
    """A board with a full page of players' threads and newer news: page 1 is the players'."""
    board = world.city("漢中").board
    a_siege(world, clock)
    mine = set()
    for round_ in range(4):
        for name in (*PLAYERS, "黃忠", "趙雲"):
            thread = thread_create(actor=world[name], board=board, title=f"{name} {round_}", body="…")
            mine.add(thread.pk)
        clock.shift(timedelta(minutes=1))  # the posting rate
    clock.shift(timedelta(minutes=31))  # a period ends: its siege call is posted, after every player's thread
    timers_sweep()
    newest = Thread.objects.filter(board=board).order_by("-last_activity_at", "-id").first()
    assert newest is not None and newest.is_system, "the news is newer than every player's thread"
    site = page_one_on_site(world, board, "張飛")
    assert len(mine) == THREADS_PER_PAGE and {t.pk for t in site} == mine


def test_r1_3_a_reader_who_hides_the_wars_news_sees_none_on_any_door_until_shown_again(world, clock):
    board = world.city("漢中").board
    mine = players_threads(world, board)
    a_siege(world, clock)
    client = Client()
    client.force_login(world["張飛"].user)
    url = reverse("board", args=[world.campaign.slug, board.pk])
    response = client.post(reverse("board-news", args=[world.campaign.slug]), {"news": "0", "next": url})
    assert response.status_code == 302 and response["Location"] == url

    assert {t.pk for t in page_one_on_site(world, board, "張飛")} == mine
    assert {t["id"] for t in page_one_in_api(world, board, "張飛")} == mine
    listed, _rows = page_one_in_terminal(world, board, "張飛")
    assert {t.pk for t in listed} == mine
    assert Thread.objects.filter(board=board, is_system=True).exists(), "hidden from this reader, not removed"
    assert any(t.is_system for t in page_one_on_site(world, board, "魏延")), "another reader's list is their own"

    client.post(reverse("board-news", args=[world.campaign.slug]), {"news": "1", "next": url})
    assert any(t.is_system for t in page_one_on_site(world, board, "張飛"))
