"""Defenders are told (R4.6, R6.1): an army marching on a city is a duty of its governor and king,
who order a sortie, and of its defenders present, who may be sent out, with the arrival and the
sortie's page, from the march post until the army arrives or is met; a defender who takes a place
on a besieged city's roster while a siege call waits is told of the call as the others were."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from battles.models import Army, Defender
from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.siege import roster_set, siege_call
from campaign.announcements import local
from campaign.models import Officer
from campaign.timers import timers_sweep
from orders.services.moves import move_order
from tests.battles.test_duties import EVERYONE, duties, noticed
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
# Beside the demo's war: 荀彧 (魏, an administrator who may fight) and 譙周 (蜀, a historian who
# may not, R1.6) put in 漢中 below; 黃忠, a general of 蜀 in 江州.
WATCHED = (*EVERYONE, "荀彧", "譙周", "黃忠")


def holders(world, key: str) -> set[str]:
    return {name for name in WATCHED if key in duties(world, name)}


def in_hanzhong(world, *names: str) -> None:
    """Officers put in 漢中 as a move would leave them (an officer of another kingdom there, as one
    left unaffiliated by a kingdom's fall stays where they were, R10.5)."""
    Officer.objects.filter(campaign=world.campaign, name__in=names).update(city=world.city("漢中"))


def march(world, target: str = "漢中") -> Army:
    organisation = [(world[name], rank) for name, rank in ARMY]
    return march_start(actor=world["曹操"], target=world.city(target), organisation=organisation)


def test_r4_6_a_march_waits_on_the_governor_the_king_and_the_defenders_present_with_its_arrival(world, clock):
    in_hanzhong(world, "荀彧", "譙周")
    army = march(world)
    key = f"army:{army.pk}:march"
    assert holders(world, key) == {"張飛", "魏延", "劉備"} == noticed(key)  # not 荀彧 (魏), 譙周 (R1.6) nor 黃忠
    arrival = local(world.campaign, army.arrives_at)
    governor, defender = duties(world, "張飛")[key], duties(world, "魏延")[key]
    assert governor.kind == defender.kind == "march"
    assert governor.deadline == defender.deadline == army.arrives_at
    assert governor.path == defender.path == reverse("army", args=[world.campaign.slug, army.pk]) + "#sortie"
    assert arrival in governor.summary and "出城迎擊" in governor.summary  # the governor orders the sortie
    assert arrival in defender.summary and "出城迎擊" not in defender.summary  # a defender is sent out
    clock.move_to(army.arrives_at)
    assert holders(world, key) == set(), "too late for a sortie at its arrival, before the timer applies"
    clock.shift(timedelta(seconds=1))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status == Army.Status.BESIEGING and holders(world, key) == set()


def test_r4_6_r5_2_a_march_met_by_a_sortie_leaves_the_list_and_the_column_marching_on_is_told(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["張飛"], army=army, officers=[world["魏延"]])
    assert holders(world, f"army:{army.pk}:march") == set()
    column = Army.objects.get(split_from=army)  # 許褚 is not sent and keeps marching (R5.2)
    key = f"army:{column.pk}:march"
    assert holders(world, key) == {"張飛", "魏延", "劉備"} == noticed(key)  # 魏延 plays, from the city
    assert duties(world, "張飛")[key].deadline == column.arrives_at
    assert battle.games.get().defender_id == world["魏延"].pk


def test_r4_6_a_governor_away_is_told_without_the_order_they_cannot_give(world, clock):
    army = march(world, "成都")  # 長安 to 成都 by 漢中: 諸葛亮 governs 成都
    key = f"army:{army.pk}:march"
    assert holders(world, key) == {"諸葛亮", "法正", "劉備"} == noticed(key)
    assert "出城迎擊" in duties(world, "諸葛亮")[key].summary
    move_order(actor=world["劉備"], officer=world["諸葛亮"], destination=world.city("江州"))
    away = duties(world, "諸葛亮")[key]  # on the road: R4.6's order is the governor's in the city
    assert "出城迎擊" not in away.summary and away.deadline == army.arrives_at


def test_r6_1_r8_4_a_defender_arriving_while_a_call_waits_is_told_of_it(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    call = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    key = f"game:{call.pk}:call"
    assert "法正" not in noticed(key)
    move = move_order(actor=world["劉備"], officer=world["法正"], destination=world.city("漢中"))  # from 成都
    clock.move_to(move.arrives_at + timedelta(seconds=1))
    timers_sweep()
    assert Defender.objects.filter(siege=army.siege, officer=world["法正"], until__isnull=True).exists()
    assert "法正" in holders(world, key) and "法正" in noticed(key), "on the roster in the city: any defender takes it"


def test_r6_1_r6_3_a_defender_put_back_on_the_roster_is_told_of_the_calls_waiting(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    roster_set(actor=world["張飛"], siege=army.siege, roster=[(world["張飛"], "governor")])
    call = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    key = f"game:{call.pk}:call"
    assert noticed(key) == {"張飛", "劉備"}  # 魏延 is off the roster: not theirs to take
    roster_set(actor=world["張飛"], siege=army.siege, roster=[(world["張飛"], "governor"), (world["魏延"], "soldier")])
    assert holders(world, key) == {"張飛", "魏延", "劉備"} == noticed(key)


def test_r4_6_the_city_board_shows_the_march_its_arrival_and_the_sortie_to_who_orders_it(world, clock):
    army = march(world)
    board = reverse("board", args=[world.campaign.slug, world.city("漢中").board.pk])
    sortie = reverse("army", args=[world.campaign.slug, army.pk]) + "#sortie"
    client = Client()
    pages = {}
    for name in ("張飛", "劉備", "魏延", "曹操"):
        client.force_login(world[name].user)
        pages[name] = client.get(board).content.decode()
    arrival = f'datetime="{army.arrives_at.astimezone(world.campaign.zone).isoformat()}"'
    assert all(arrival in page for page in pages.values()), "the arrival, counting down, for every reader"
    assert sortie in pages["張飛"] and sortie in pages["劉備"]  # the governor in the city, the king
    assert sortie not in pages["魏延"] and sortie not in pages["曹操"]
    client.force_login(world["張飛"].user)
    page = client.get(reverse("army", args=[world.campaign.slug, army.pk])).content.decode()
    assert 'id="sortie"' in page and "出城" in page
