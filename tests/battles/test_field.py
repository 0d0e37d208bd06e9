"""§5 Field battles after a sortie (R4.6), and reinforcements of an attack (R8.3)."""

from datetime import timedelta

import pytest

from battles.models import Army, ArmyMember, FieldBattle, LedgerEntry, Siege
from battles.services.field import field_battle_advance, field_battle_choose, field_sortie
from battles.services.march import march_start
from battles.services.reinforce import reinforcement_send
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Whereabouts
from play.services.results import game_result_enter
from tests.worlds import arrive

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def march(world, organisation=ARMY, target="漢中", actor="曹操"):
    return march_start(
        actor=world[actor], target=world.city(target), organisation=[(world[n], r) for n, r in organisation]
    )


def results(world, battle, outcomes):
    for game, outcome in zip(battle.games.order_by("board"), outcomes):
        game_result_enter(user=world["孫權"].user, game=game, result=outcome)
    return FieldBattle.objects.get(pk=battle.pk)


def test_r4_6_sortie_before_arrival_makes_a_field_battle(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    assert Army.objects.get(pk=army.pk).status == Army.Status.FIELD_BATTLE
    arrive(clock, army)
    assert not Siege.objects.exists(), "no siege while the field battle is fought"
    assert battle.games.count() == 2


def test_r4_6_no_sortie_once_the_army_has_arrived(world, clock):
    army = arrive(clock, march(world))
    with pytest.raises(RuleViolation) as err:
        field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    assert err.value.clause == "R4.6"


def test_r4_6_only_the_governor_or_king_orders_a_sortie(world, clock):
    army = march(world)
    with pytest.raises(NotAllowed):
        field_sortie(actor=world["魏延"], army=army, officers=[world["魏延"]])
    assert not FieldBattle.objects.exists()


def test_r5_3_pairing_by_rank_order_and_alternating_first_move(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"], world["張飛"]])  # named out of order
    games = list(battle.games.order_by("board").select_related("attacker", "defender"))
    assert [(g.attacker.name, g.defender.name) for g in games] == [("徐晃", "張飛"), ("許褚", "魏延")]
    assert [g.attacker_moves_first for g in games] == [True, False]


def test_r5_2_larger_attacker_sends_as_many_and_the_rest_march_on(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    assert [g.attacker.name for g in battle.games.all()] == ["徐晃"], "by default the highest rank plays"
    column = Army.objects.get(split_from=army)
    assert [m.officer.name for m in column.members.all()] == ["許褚"]
    assert column.arrives_at == army.arrives_at
    field_battle_choose(actor=world["徐晃"], battle=battle, officers=[world["許褚"]])
    assert [g.attacker.name for g in battle.games.all()] == ["許褚"], "the larger side chooses who plays"
    assert Army.objects.get(split_from=army).members.get().officer.name == "徐晃"
    column = arrive(clock, Army.objects.get(split_from=army))
    assert column.status == Army.Status.BESIEGING, "the members not sent arrive and besiege"


def test_r5_2_larger_defence_sends_only_as_many(world, clock):
    army = march(world, organisation=[("徐晃", "marshal")])
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"], world["張飛"]])
    assert [(g.attacker.name, g.defender.name) for g in battle.games.select_related("attacker", "defender")] == [
        ("徐晃", "魏延")
    ], "the defence chose by the order it named"


def test_r5_1_r5_4_defenders_win_losers_taken_others_home(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    battle = results(world, battle, ["defender", "draw"])
    assert battle.winner == "defender"
    assert world["徐晃"].whereabouts == Whereabouts.PRISONER
    assert world["許褚"].whereabouts == Whereabouts.ROAD, "the others retreat safely home"
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED


def test_r5_1_r5_4_attackers_win_then_advance_to_a_siege(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    battle = results(world, battle, ["attacker", "draw"])
    assert battle.winner == "attacker"
    assert world["張飛"].whereabouts == Whereabouts.PRISONER and world["張飛"].captor.name == "魏"
    assert world["魏延"].whereabouts == Whereabouts.CITY
    with pytest.raises(NotAllowed):
        field_battle_advance(actor=world["許褚"], battle=battle, advance=True)
    clock.move_to(army.arrives_at + timedelta(minutes=1))
    army = field_battle_advance(actor=world["徐晃"], battle=battle, advance=True)
    assert Army.objects.get(pk=army.pk).status == Army.Status.BESIEGING


def test_r5_1_decision_equal_wins_is_a_drawn_battle_nobody_taken(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    battle = results(world, battle, ["attacker", "defender"])
    assert battle.winner == "draw"
    assert {world[n].whereabouts for n in ("張飛", "魏延")} == {Whereabouts.CITY}
    assert {world[n].whereabouts for n in ("徐晃", "許褚")} == {Whereabouts.ARMY}
    field_battle_advance(actor=world["徐晃"], battle=battle, advance=False)
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert world["徐晃"].whereabouts == Whereabouts.ROAD


def test_r8_3_reinforcements_join_at_a_free_rank_and_raise_morale(world, clock):
    army = arrive(clock, march(world, organisation=[("徐晃", "marshal")]))
    column = reinforcement_send(actor=world["曹操"], army=army, officers=[world["曹仁"]])
    arrive(clock, column)  # 曹仁 18★ ≥ 徐晃 16★: an independent army
    assert Army.objects.get(pk=column.pk).status == Army.Status.BESIEGING
    assert Army.objects.get(pk=column.pk).morale == 100
    second = reinforcement_send(actor=world["曹操"], army=army, officers=[world["荀彧"]])  # 14★ < 16★
    arrive(clock, second)
    member = ArmyMember.objects.get(officer=world["荀彧"])
    assert member.army_id == army.pk and member.rank == "general"
    army.refresh_from_db()
    assert army.morale == 103
    assert LedgerEntry.objects.get(army=army).clause == "R8.3"
    assert world["荀彧"].army_id == army.pk


def test_r8_3_no_free_rank_forms_an_independent_army():
    from battles.rules import free_rank_for

    full = [(20, "marshal"), (19, "general"), (18, "general"), (17, "cavalry_captain"), (16, "cavalry_captain")]
    assert free_rank_for(18, full) is None
    assert free_rank_for(10, full) == "cavalry"
