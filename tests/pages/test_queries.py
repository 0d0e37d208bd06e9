"""Every page reads the same number of queries however large the war (DESIGN: selectors with a
fixed number of queries). Each page is read by four visitors — anonymous, an officer (郭嘉), the
governor of the besieged city (張飛) and a neutral king (孫權) — in the demo world with a war
begun and in one several times larger (tests/pages/worlds.py); the counts are pinned, so a page
that starts reading per army, per game or per move fails here."""

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign import freshness
from forum.models import Thread
from tests.pages.worlds import build

VISITORS = ("anonymous", "guojia", "zhangfei", "sunquan")
# page: queries for each visitor above (a logged-in visitor adds the session, the user, the officer;
# one who is not a king, the menu's check whether they govern a city; on a page with the menu, the
# count of their duties: 3 on the road or with an army, 4 in a city, 5 for the governor present,
# 8 for a king — battles/selectors/duties.py)
PINNED = {
    "home": (1, 3, 3, 3),
    "dashboard": (10, 17, 19, 21),  # one more: the kingdoms of the filter
    "dashboard-live": (10, 13, 13, 13),
    "map": (9, 16, 18, 20),
    "map-live": (9, 12, 12, 12),
    "officer": (7, 14, 16, 18),
    "board-search": (3, 10, 12, 14),
    "boards": (2, 9, 11, 13),
    "board": (6, 13, 15, 17),
    "thread": (5, 13, 14, 17),  # one more: the comments under the page's posts
    "moves": (None, 11, 13, 15),
    "personnel": (None, 7, 13, 16),
    "war": (4, 13, 17, 19),  # the march form's route (the roads), for those who may march
    "march-preview": (1, 6, 8, 8),  # the march form's part, asked for by htmx
    "reinforce-preview": (2, 7, 5, 5),  # the reinforcement form's part (htmx)
    "siege": (
        16,
        23,
        25,
        27,
    ),  # the wall chart's values apart from the last rows; the change before the siege
    "army": (8, 17, 17, 19),
    "field-army": (8, 15, 17, 23),  # the reinforcement form's route (the roads), for its king
    "prisoners": (None, 9, 11, 13),
    "stratagems": (None, 11, 13, 15),
    "games": (3, 10, 12, 14),
    "game": (2, 10, 12, 14),
    "game-pgn": (2, 5, 5, 5),
    "banqi": (2, 9, 11, 13),
    "duties": (None, 9, 11, 13),  # one more: the devices with notifications on
    "kingdoms": (2, 9, 11, 13),  # the kingdoms with their counts
    "kingdom": (5, 13, 15, 17),  # 魏's: its cities, their boards' moderators, its officers; the organiser check
    "join": (None, 9, 11, 13),  # an officer's: their latest application (and the kingdoms while enrolling)
    "standings": (14, 22, 24, 26),  # the ranking (2), the merit (at most 8), a day of the chronicle (7), organiser?
    # An officer's letters: their box (its count; its page when not empty) or the names to write to.
    # The menu's unread count is a subquery of the officer's own query: no query on any page.
    "letters": (None, 9, 11, 13),
    "letters-sent": (None, 9, 11, 13),
    "letter-new": (None, 9, 11, 13),
}


def page_url(world, objects, page: str) -> str:
    slug = world.campaign.slug
    thread = Thread.objects.filter(board=objects["board"], is_system=False).order_by("pk").first()
    special = {
        "home": reverse("home"),
        "board": reverse("board", args=[slug, objects["board"].pk]),
        "thread": reverse("thread", args=[slug, thread.pk]),
        "siege": reverse("siege", args=[slug, objects["siege"].pk]),
        "army": reverse("army", args=[slug, objects["army"].pk]),
        "reinforce-preview": reverse("reinforce-preview", args=[slug, objects["army"].pk]),
        "field-army": reverse("army", args=[slug, objects["field"].pk]),
        "game": reverse("game", args=[slug, objects["game"].pk]),
        "game-pgn": reverse("game-pgn", args=[slug, objects["game"].pk]),
        "banqi": reverse("banqi", args=[slug, objects["banqi"].pk]),
        "board-search": reverse("board-search", args=[slug]) + "?q=守",
        "officer": reverse("officer", args=[slug, objects["army"].members.get(rank="marshal").officer_id]),
        "kingdom": reverse("kingdom", args=[slug, objects["army"].kingdom_id]),
    }
    return special.get(page) or reverse(page, args=[slug])


@pytest.mark.slow
@pytest.mark.parametrize("size", [1, 3])
@pytest.mark.parametrize("page", sorted(PINNED))
@pytest.mark.django_db
def test_page_reads_a_pinned_number_of_queries(clock, client, page, size):
    world, objects = build(clock, size)
    url = page_url(world, objects, page)
    counted = {}
    for index, visitor in enumerate(VISITORS):
        if visitor != "anonymous":
            client.force_login(User.objects.get(username=visitor))
        client.get(url)  # the first read of a session writes its presence (R2.6)
        freshness.stamp()  # a new world version: the map drawn again, not taken from the cache
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        if PINNED[page][index] is None:
            assert response.status_code == 302, (page, visitor)
            continue
        assert response.status_code in (200, 403), (page, visitor, response.status_code)
        counted[visitor] = len(queries)
    expected = {v: PINNED[page][i] for i, v in enumerate(VISITORS) if PINNED[page][i] is not None}
    assert counted == expected, [q["sql"] for q in queries.captured_queries]
