"""Calendars: an officer's private iCalendar feed holds the instants the war set for
them, read from the timers that will apply them, and nothing of anyone else's."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from icalendar import Calendar

from battles.models import Siege
from battles.services.siege import siege_call
from battles.services.stratagems import stratagem_challenge
from battles.timer_kinds import DAY, PERIOD
from campaign.models import Timer
from forum.services.feeds import feed_token_renew
from orders.services.moves import move_order
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def events(client, world, name: str) -> dict[str, object]:
    officer = world[name]
    token = feed_token_renew(actor=officer, officer=officer)
    response = client.get(reverse("calendar-feed", args=[world.campaign.slug, token]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    return {str(e["summary"]): e.decoded("dtstart") for e in calendar.walk("VEVENT")}


@pytest.mark.django_db
def test_r7_1_r7_3_a_besieger_sees_the_periods_of_the_siege_and_the_daily_change(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    siege = Siege.objects.get(pk=army.siege_id)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    held = events(Client(), world, "許褚")
    period = Timer.objects.filter(kind=PERIOD, object_id=siege.pk, status="pending").get()
    day = Timer.objects.filter(kind=DAY, campaign=world.campaign, status="pending").get()
    assert held[f"漢中之圍：第 {period.seq + 1} 段結束"] == period.due_at
    assert held["城防與士氣每日變化"] == day.due_at
    assert held["與 … 的戰局"] == game.called_at  # called, awaiting a defender
    outsider = events(Client(), world, "孫權")  # another kingdom's king: none of this
    assert not any("漢中" in summary for summary in outsider) and "城防與士氣每日變化" in outsider


@pytest.mark.django_db
def test_r3_4_r9_3_a_traveller_and_a_challenged_general_see_their_instants(world, clock):
    world.online("張飛")
    stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="swift", beneficiary=world["徐晃"])
    deadline = Timer.objects.get(key__startswith="stratagem:", status="pending").due_at
    assert events(Client(), world, "張飛")["回應郭嘉之計的最後時刻"] == deadline
    move = move_order(actor=world["曹操"], officer=world["許褚"], destination=world.city("許昌"))
    assert events(Client(), world, "許褚")["抵達許昌"] == move.arrives_at


@pytest.mark.django_db
def test_the_calendar_costs_a_fixed_number_of_queries_and_a_retired_address_is_refused(world, clock):
    besiege(world, clock, "漢中", ARMY)
    officer = world["許褚"]
    token = feed_token_renew(actor=officer, officer=officer)
    url = reverse("calendar-feed", args=[world.campaign.slug, token])
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    # the officer, their moves, their army, its siege, challenges to them, the timers, their games
    assert len(queries) == 7, [q["sql"][:80] for q in queries]
    feed_token_renew(actor=officer, officer=officer)
    assert Client().get(url).status_code == 403
