"""The pager as a PTT reader expects it, over real SSH into pyte: a post's
Markdown drawn as text (bold highlighted, a link its text and a marker, no `**` or `](`), `g`
follows a game link to the game's replay; a long title is cut by its width and ends `…】`, two
columns clear of the campaign's name; the bottom bar names the pager's keys."""

import pytest

from forum.models import Board
from forum.services.boards import thread_create
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import english, open_board
from tests.bbs.test_games_replay import mated

pytestmark = pytest.mark.django_db(transaction=True)


def test_markdown_shows_as_text_and_g_follows_a_game_link_to_its_replay(bbs):
    world, game = mated()
    english(world, "曹操")
    slug = world.campaign.slug
    body = f"**徐晃** 圍攻漢中，*許褚* 出戰 ([對局](/c/{slug}/games/{game.pk}/))。\n詳見 [規則](https://example.org/rules/)"
    thread_create(actor=world["郭嘉"], board=Board.objects.get(city__name="許昌"), title="戰報", body=body)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "戰報")
    terminal.type("enter")
    shown = terminal.wait_for("圍攻漢中")
    assert "徐晃 圍攻漢中，許褚 出戰 (對局[g])。" in shown  # no ** and no ](/c/…)
    assert "詳見 規則 <https://example.org/rules/>" in shown  # another link: its address in brackets
    assert "**" not in shown and "](" not in shown
    assert terminal.style_at("徐晃 圍攻")["bold"] and not terminal.style_at("圍攻漢中")["bold"]
    assert "g game" in terminal.status_line()  # the bottom bar names the key
    terminal.type("g")
    terminal.wait_for("Game replay")  # the game linked, opened as the games list opens it
    terminal.wait_for("attacker won")
    terminal.type("q")
    terminal.wait_for("圍攻漢中")  # back in the thread


def test_a_long_title_is_cut_by_its_width_clear_of_the_campaigns_name(bbs, bbs_world):
    english(bbs_world, "曹操")
    title = "兵法云：" + "知彼知己百戰不殆" * 6
    thread_create(actor=bbs_world["郭嘉"], board=Board.objects.get(city__name="許昌"), title=title, body="奇謀。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "兵法云")
    terminal.type("enter")
    terminal.wait_for("奇謀。")
    top = terminal.screen_text().splitlines()[0]
    campaign = bbs_world.campaign.name
    assert top.rstrip().endswith(campaign)
    before = top[: top.rindex(campaign)]
    assert before.endswith("  ") and "…】" in before  # the title ends, then two columns at least
