"""A siege's acts in the terminal are the siege page's: the king's siege call (R6.1) is on the web's
siege page, a second call of the same attacker is refused with the service's words (R6.1), the
defender sees the call on their duties list with a countdown that ticks and takes it up from
there (R6.3); a retreat (R8.1) lifts the siege and the governor pursues it (R8.2)."""

import re
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from battles.models import Army, Pursuit, Siege
from battles.services.reinforce import reinforcement_send
from battles.services.siege import siege_call
from campaign.errors import RuleViolation
from ops.demo import DEMO_PASSWORD
from play.models import Game
from screens.acts.offers import offers
from tests.bbs.acts_steps import english, open_act, open_menu_line, pick, tick, wait_for_row
from tests.integration.test_outages import begin_siege
from tests.worlds import make_world


@pytest.fixture
def war(transactional_db, start_worker):
    """漢中 besieged by 魏 (徐晃 the marshal, 許褚): roads of a second, war all day, a real worker."""
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0, war_end_minute=1440)
    worker = start_worker(sweep_seconds=1)
    siege = begin_siege(world, worker)
    return world, siege


def siege_page(world, name: str, siege: Siege) -> str:
    web = Client()
    web.force_login(world[name].user)
    return web.get(reverse("siege", args=[world.campaign.slug, siege.pk])).content.decode()


def test_r6_1_a_siege_call_from_the_terminal_is_on_the_siege_page_and_a_second_is_refused(bbs, war):
    world, siege = war
    english(world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(terminal, "Siege call at 漢中", "Attacker")
    pick(terminal, "Attacker", "許褚")
    terminal.type("ctrl-x")
    terminal.wait_for("Siege call posted.")
    game = Game.objects.get(siege=siege)
    assert game.attacker.name == "許褚" and game.status == Game.Status.CALLED
    assert f'data-game="{game.pk}" data-status="called"' in siege_page(world, "張飛", siege)
    with pytest.raises(RuleViolation) as refused, translation.override("en"):
        siege_call(actor=world["曹操"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    terminal.cursor_to("Siege call at 漢中")
    terminal.type("enter")
    terminal.wait_for("Attacker")
    pick(terminal, "Attacker", "許褚")
    terminal.type("ctrl-x")
    terminal.wait_for(refused.value.refusal)
    assert Game.objects.filter(siege=siege).count() == 1


def countdown_of(screen: str, text: str) -> str:
    line = next(line for line in screen.splitlines() if text in line and re.match(r"^[> ]*\d+\s", line))
    return re.search(r"\d+(:\d\d)+|\d+d \d+h", line).group(0)


def test_r6_3_the_defender_takes_up_the_call_from_the_duties_list_whose_countdown_ticks(bbs, war):
    world, siege = war
    english(world, "張飛")
    game = siege_call(actor=world["曹操"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    with translation.override("en"):  # the acts menu about the siege: the siege page's flags
        assert [o.act for o in offers(world["張飛"], siege=siege)] == ["call-answer"]
        assert [o.act for o in offers(world["曹操"], siege=siege)] == ["siege-call", "retreat"]
    terminal = bbs.connect("zhangfei", DEMO_PASSWORD)
    open_menu_line(terminal, "Duties —", "Siege call by 許褚 at 漢中")
    row = wait_for_row(terminal, "Siege call by 許褚")
    first = countdown_of(terminal.screen_text(), "Siege call by 許褚")
    time.sleep(2.2)
    assert countdown_of(terminal.screen_text(), "Siege call by 許褚") != first, "the countdown ticks without a key"
    terminal.type(row, "enter", "enter")
    terminal.wait_for("The siege of 漢中")
    pick(terminal, "Defender", "張飛")
    terminal.type("ctrl-x")
    terminal.wait_for("The call is taken up.")
    game.refresh_from_db()
    assert game.defender.name == "張飛" and game.status == Game.Status.PENDING
    assert f'data-game="{game.pk}" data-status="pending"' in siege_page(world, "曹操", siege)


def test_r8_1_a_retreat_from_the_terminal_lifts_the_siege_and_the_governor_pursues_r8_2(bbs, war):
    world, siege = war
    english(world, "曹操", "張飛")
    king = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(king, "Retreat from 漢中", "Rearguard")
    tick(king, "Rearguard", "許褚")
    king.type("ctrl-x")
    king.wait_for("The army retreats.")
    army = Army.objects.get(pk=Army.objects.get(siege=siege).pk)
    assert army.status == Army.Status.RETREATING
    assert Pursuit.objects.filter(army=army, status=Pursuit.Status.OPEN).exists()
    assert [o.act for o in offers(world["張飛"], army=army)] == ["pursuit"]  # the army page's flags
    governor = bbs.connect("zhangfei", DEMO_PASSWORD)
    open_menu_line(governor, "Duties —", "An army retreats from 漢中")
    governor.type(wait_for_row(governor, "An army retreats from 漢中"), "enter", "enter")
    governor.wait_for("Pursuers")
    tick(governor, "Pursuers", "張飛")
    tick(governor, "Opponents", "許褚")
    governor.type("ctrl-x")
    governor.wait_for("The pursuit is ordered.")
    assert Pursuit.objects.get(army=army).status != Pursuit.Status.OPEN


def test_r8_5_the_king_reinforces_the_besieging_army_and_nobody_chosen_is_refused(bbs, war):
    world, siege = war
    english(world, "曹操")
    army = Army.objects.get(siege=siege)
    with pytest.raises(RuleViolation) as refused, translation.override("en"):
        reinforcement_send(actor=world["曹操"], army=army, officers=[])
    king = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(king, "Reinforce the army at 漢中", "Members")
    pick(king, "From", "許昌")
    king.type("ctrl-x")
    king.wait_for(refused.value.refusal)  # nobody chosen: the service's words, nothing sent
    assert not Army.objects.filter(reinforces=army).exists()
    tick(king, "Members", "夏侯惇")
    king.wait_for("Route: 許昌 → 洛陽 → 長安 → 漢中")
    king.type("ctrl-x")
    king.wait_for("Reinforcements are on the way to 漢中.")
    column = Army.objects.get(reinforces=army)
    assert [m.officer.name for m in column.members.all()] == ["夏侯惇"]
    web = Client()
    web.force_login(world["劉備"].user)
    page = web.get(reverse("war", args=[world.campaign.slug])).content.decode()
    assert reverse("army", args=[world.campaign.slug, column.pk]) in page  # on the War page's armies


def test_r6_3_the_take_up_form_shows_the_calls_time_in_the_campaigns_zone(transactional_db):
    """The call's time in the take-up form is local (the campaign's zone), as every
    other time the terminal shows, not UTC."""
    from django.utils import timezone
    from django.utils.datastructures import MultiValueDict

    from screens.acts.sieges import CallAnswer
    from tests.bbs.test_games_list import besieging, siege_game, war_world

    world = war_world()
    army = besieging(world)
    game = siege_game(world, army, defender=None)
    siege = Army.objects.get(pk=army.pk).siege
    with translation.override("en"):
        loaded = CallAnswer().load(world["魏延"], MultiValueDict({"siege": [str(siege.pk)]}))
    call = next(field for field in loaded.fields if field.name == "game")
    local = timezone.localtime(game.called_at, world.campaign.zone)
    assert local.utcoffset() != timedelta(0)  # Taipei: a UTC time would differ
    assert [option.label for option in call.options] == [f"{local:%m-%d %H:%M} 許褚"]
