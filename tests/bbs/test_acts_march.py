"""Marching in the terminal is the War page's march form (R4.1): the form shows the route and the
arrival before it is sent (R1.4, R4.5), the army it sends is on the web's War page, and a march
the service refuses shows the service's words and sends nobody."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from battles.models import Army
from battles.services.march import march_start
from campaign.errors import RuleViolation
from ops.demo import DEMO_PASSWORD
from tests.bbs.acts_steps import english, open_act, pick, tick


def test_r4_1_an_army_marched_from_the_terminal_is_on_the_web_war_page(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(terminal, "March", "Members")
    pick(terminal, "From", "長安")
    tick(terminal, "Members", "徐晃", "許褚")
    pick(terminal, "Target", "漢中")
    screen = terminal.wait_for("Route: 長安 → 漢中")  # the preview, before anything is sent (R1.4)
    assert "2 officers chosen." in screen
    terminal.type("ctrl-x")
    terminal.wait_for("The army marches on 漢中.")
    army = Army.objects.get(target__name="漢中")
    assert [m.officer.name for m in army.members.order_by("position")] == ["徐晃", "許褚"]
    web = Client()
    web.force_login(bbs_world["劉備"].user)
    page = web.get(reverse("war", args=[bbs_world.campaign.slug])).content.decode()
    assert reverse("army", args=[bbs_world.campaign.slug, army.pk]) in page


def test_r4_1_a_march_with_nobody_chosen_is_refused_with_the_services_words(bbs, bbs_world):
    english(bbs_world, "曹操")
    with pytest.raises(RuleViolation) as refused, translation.override("en"):
        march_start(actor=bbs_world["曹操"], target=bbs_world.city("漢中"), organisation=[])
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(terminal, "March", "Members")
    pick(terminal, "Target", "漢中")
    terminal.type("ctrl-x")
    terminal.wait_for(refused.value.refusal)
    assert "[ Send ]" in terminal.screen_text()
    assert not Army.objects.exists()
