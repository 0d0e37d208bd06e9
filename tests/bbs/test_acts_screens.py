"""The duties list, the acts menu, an act's form and its pickers keep the screen contract over real
SSH: drawn at 80×24 in English, in Chinese and in Big5 (the frame's top line first and its status
line last: nothing wider than the terminal pushed the screen), `?` shows each one's help and `q`
goes back; and the acts menu about a siege, an army or a city offers what the pages' flags allow,
read in a pinned number of queries."""

import pytest
from django.utils import translation

from bbs.context import Context
from bbs.models import TerminalChoice
from campaign.authority import require_officer
from ops.demo import DEMO_PASSWORD
from screens.acts.duties import DutiesScreen
from screens.acts.offers import offers

WORDS = {
    "en": {
        "menu": "Leave the BBS",
        "duties": ("Duties —", "What (most urgent first)", "Your duties, most urgent first"),
        "acts": ("Acts —", "Choose the act", "The acts you may take now"),
        "form": ("[ Send ]", "A form."),
        "picker": ("Choose the", "Pick one:"),
        "status": "? help",
    },
    "zh-hant": {
        "menu": "離開",
        "duties": ("待辦 ", "事項（最急的在前）", "你的待辦事項"),
        "acts": ("行動 ", "選擇行動", "你此刻能採取的行動"),
        "form": ("[ 送出 ]", "表單。"),
        "picker": ("選擇", "選一項："),
        "status": "?",
    },
}


def drawn_whole(screen: str, status: str) -> None:
    lines = screen.split("\n")
    assert len(lines) == 24 and lines[0].startswith("【"), screen
    assert lines[-1].startswith(status) or lines[-1].strip(), screen


def helped_and_back(terminal, help_text: str, shown: str) -> None:
    terminal.type("?")
    terminal.wait_for(help_text)
    terminal.type("x")  # any key closes the help
    terminal.wait_for(shown)


@pytest.mark.parametrize(("language", "encoding"), [("en", "utf-8"), ("zh-hant", "utf-8"), ("zh-hant", "big5")])
def test_the_acts_screens_in_both_languages_and_big5_with_help_and_back(bbs, bbs_world, language, encoding):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, language=language, encoding=encoding)
    words = WORDS[language]
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding=encoding)
    terminal.wait_for(words["menu"])
    line, loaded, help_text = words["duties"]
    terminal.cursor_to(line)
    terminal.type("enter")
    drawn_whole(terminal.wait_for(loaded), words["status"])
    helped_and_back(terminal, help_text, loaded)
    terminal.type("q")
    terminal.wait_for(words["menu"])
    line, loaded, help_text = words["acts"]
    terminal.cursor_to(line)
    terminal.type("enter")
    drawn_whole(terminal.wait_for(loaded), words["status"])
    helped_and_back(terminal, help_text, loaded)
    terminal.type("enter")  # the first act the king may take
    send, form_help = words["form"]
    drawn_whole(terminal.wait_for(send), words["status"])
    helped_and_back(terminal, form_help, send)
    terminal.type("enter")  # its first line: a list to pick from
    chosen, picker_help = words["picker"]
    drawn_whole(terminal.wait_for(chosen), words["status"])
    helped_and_back(terminal, picker_help, chosen)
    terminal.type("q")
    terminal.wait_for(send)
    terminal.type("q")
    terminal.wait_for(loaded)
    terminal.type("q")
    terminal.wait_for(words["menu"])


def test_the_acts_menu_about_an_object_offers_what_the_pages_flags_allow(bbs_world, django_assert_num_queries):
    campaign = bbs_world.campaign
    king = require_officer(bbs_world["曹操"].user, campaign, letters=True)  # as the menu reads it
    with translation.override("en"), django_assert_num_queries(25):  # the pages' reads it asks, none its own
        everything = [o.act for o in offers(king)]
    assert {"move-order", "march", "stratagem"} - set(everything) == {"stratagem"}  # R9.1: a general schemes not
    enemy = bbs_world.city("漢中")
    with translation.override("en"):
        about_enemy = [o.act for o in offers(king, city=enemy)]
        about_own = [(o.act, o.preset) for o in offers(king, city=bbs_world.city("洛陽"))]
    assert about_enemy == ["march"]  # no move into another kingdom; a march on it
    assert ("move-order", {"destination": str(bbs_world.city("洛陽").pk)}) in about_own
    assert all(act != "march" for act, _preset in about_own)


def test_the_duties_screens_read_is_the_duties_pages_in_a_pinned_number_of_queries(
    bbs_world, django_assert_num_queries
):
    ctx = Context(user=bbs_world["曹操"].user, language="en")
    ctx.campaign = bbs_world.campaign
    with django_assert_num_queries(10):  # the officer, its campaign, and officer_duties' eight for a king
        assert DutiesScreen(ctx)._read() == []
