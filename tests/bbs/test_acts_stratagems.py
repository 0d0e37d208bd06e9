"""Stratagems in the terminal are the stratagems page's (§9): a civil officer's challenge to an
online enemy general (R9.1) is on the web's page, a second the same day is refused with the
service's words (R9.4), and the general takes up the dark-chess game from their duties list (R9.3)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from battles.models import Stratagem
from battles.services.stratagems import stratagem_challenge
from campaign.errors import RuleViolation
from ops.demo import DEMO_PASSWORD
from tests.bbs.acts_steps import english, open_act, open_menu_line, pick, wait_for_row


def test_r9_1_a_challenge_from_the_terminal_is_on_the_web_and_the_general_takes_it_up_r9_3(bbs, bbs_world):
    english(bbs_world, "司馬懿", "張飛")
    bbs_world.online("張飛")
    schemer = bbs.connect("simayi", DEMO_PASSWORD)
    open_act(schemer, "Stratagem", "General (online)")
    pick(schemer, "General (online)", "張飛")
    schemer.type("ctrl-x")
    schemer.wait_for("The challenge is posted")
    stratagem = Stratagem.objects.get(schemer=bbs_world["司馬懿"])
    assert stratagem.target.name == "張飛" and stratagem.status == Stratagem.Status.CHALLENGED
    web = Client()
    web.force_login(bbs_world["張飛"].user)
    page = web.get(reverse("stratagems", args=[bbs_world.campaign.slug])).content.decode()
    assert f'data-stratagem="{stratagem.pk}"' in page
    general = bbs.connect("zhangfei", DEMO_PASSWORD)
    open_menu_line(general, "Duties —", "司馬懿 challenges you with a stratagem")
    general.type(wait_for_row(general, "司馬懿 challenges you"), "enter", "enter")
    general.wait_for("In my place")
    general.type("ctrl-x")
    general.wait_for("The dark-chess game begins.")
    stratagem.refresh_from_db()
    assert stratagem.status != Stratagem.Status.CHALLENGED and stratagem.banqi_id is not None


def test_r9_4_a_second_stratagem_the_same_day_is_refused_with_the_services_words(bbs, bbs_world):
    english(bbs_world, "司馬懿")
    bbs_world.online("張飛", "關羽")
    stratagem_challenge(actor=bbs_world["司馬懿"], target=bbs_world["關羽"], kind=Stratagem.Kind.SIEGE)
    with pytest.raises(RuleViolation) as refused, translation.override("en"):
        stratagem_challenge(actor=bbs_world["司馬懿"], target=bbs_world["張飛"], kind=Stratagem.Kind.SIEGE)
    schemer = bbs.connect("simayi", DEMO_PASSWORD)
    open_act(schemer, "Stratagem", "General (online)")
    pick(schemer, "General (online)", "張飛")
    schemer.type("ctrl-x")
    schemer.wait_for(refused.value.refusal)
    assert Stratagem.objects.filter(schemer=bbs_world["司馬懿"]).count() == 1
