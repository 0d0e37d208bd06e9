"""§8 Retreat (R8.1) and pursuit (R8.2); the end of a siege when no attacker is left (R6.1)."""

from datetime import timedelta

import pytest

from battles.models import Army, ArmyMember, Pursuit, Siege
from battles.services.pursuit import pursuit_declare
from battles.services.retreat import army_retreat
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Whereabouts
from campaign.timers import timers_sweep
from play.models import Game
from tests.worlds import besiege, make_world, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def after_window(clock, army):
    clock.move_to(Pursuit.objects.get(army=army).deadline + timedelta(seconds=1))
    timers_sweep()
    return Army.objects.get(pk=army.pk)


def test_r8_1_morale_at_zero_forces_a_retreat(db, clock):
    world = make_world(starting_morale=10)
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")  # general: −10 → morale 0
    army.refresh_from_db()
    assert army.morale == 0 and army.status == Army.Status.RETREATING
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.LIFTED
    assert not Pursuit.objects.get(army=army).has_rearguard, "a forced retreat leaves no rearguard"
    army = after_window(clock, army)
    assert army.status == Army.Status.ENDED
    assert world["徐晃"].whereabouts == Whereabouts.ROAD
    assert Move.objects.get(officer=world["徐晃"]).destination.name == "長安"


def test_r8_1_all_high_ranks_prisoners_forces_a_retreat(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "infantry")])
    play(world, army, "徐晃", "魏延", "defender")
    army.refresh_from_db()
    assert army.status == Army.Status.RETREATING and army.morale == 88


def test_r8_1_a_high_rank_left_keeps_the_army_in_the_field(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "cavalry")])
    play(world, army, "徐晃", "魏延", "defender")
    assert Army.objects.get(pk=army.pk).status == Army.Status.BESIEGING


def test_r8_1_marshal_retreats_at_will_naming_a_rearguard(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    with pytest.raises(NotAllowed):
        army_retreat(actor=world["許褚"], army=army)
    army_retreat(actor=world["徐晃"], army=army, rearguard=[world["許褚"]])
    assert Army.objects.get(pk=army.pk).status == Army.Status.RETREATING
    assert ArmyMember.objects.get(officer=world["許褚"]).rearguard
    with pytest.raises(RuleViolation):
        army_retreat(actor=world["徐晃"], army=army)


def test_r8_1_highest_remaining_member_commands_when_the_marshal_is_taken(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "徐晃", "魏延", "defender")
    army_retreat(actor=world["許褚"], army=army)
    assert Army.objects.get(pk=army.pk).status == Army.Status.RETREATING


def test_r8_2_no_pursuit_within_10_minutes_the_retreat_succeeds(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    pursuit = Pursuit.objects.get(army=army)
    assert pursuit.deadline - pursuit.opened_at == timedelta(minutes=10)
    clock.shift(timedelta(minutes=9, seconds=59))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status == Army.Status.RETREATING
    army = after_window(clock, army)
    assert army.status == Army.Status.ENDED
    assert {world[n].whereabouts for n in ("徐晃", "許褚")} == {Whereabouts.ROAD}
    with pytest.raises(RuleViolation) as err:
        pursuit_declare(actor=world["張飛"], pursuit=pursuit, pursuers=[world["魏延"]], opponents=[world["許褚"]])
    assert err.value.clause == "R8.2"


def test_r8_2_pursuit_losers_on_either_side_are_taken(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    world.online("徐晃", "許褚")
    pursuit = pursuit_declare(
        actor=world["劉備"],
        pursuit=Pursuit.objects.get(army=army),
        pursuers=[world["張飛"], world["魏延"]],
        opponents=[world["徐晃"], world["許褚"]],
    )
    games = list(Game.objects.filter(pursuit=pursuit).order_by("board"))
    assert [g.attacker_moves_first for g in games] == [False, False], "the pursuers have the first move"
    from play.services.results import game_result_enter

    game_result_enter(user=world["孫權"].user, game=games[0], result="defender")  # 張飛 beats 徐晃
    game_result_enter(user=world["孫權"].user, game=games[1], result="attacker")  # 許褚 beats 魏延
    assert world["徐晃"].whereabouts == Whereabouts.PRISONER and world["徐晃"].captor.name == "蜀"
    assert world["魏延"].whereabouts == Whereabouts.PRISONER and world["魏延"].captor.name == "魏"
    assert world["許褚"].whereabouts == Whereabouts.ROAD
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED


def test_r8_2_a_chosen_member_not_online_is_taken_at_once(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    clock.shift(timedelta(minutes=1))
    pursuit_declare(
        actor=world["劉備"], pursuit=Pursuit.objects.get(army=army), pursuers=[world["魏延"]], opponents=[world["許褚"]]
    )
    assert world["許褚"].whereabouts == Whereabouts.PRISONER
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert world["徐晃"].whereabouts == Whereabouts.ROAD


def test_r8_2_the_rearguard_faces_the_pursuers(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army, rearguard=[world["許褚"]])
    with pytest.raises(RuleViolation) as err:
        pursuit_declare(
            actor=world["劉備"],
            pursuit=Pursuit.objects.get(army=army),
            pursuers=[world["魏延"]],
            opponents=[world["徐晃"]],
        )
    assert err.value.clause == "R8.2"
    with pytest.raises(RuleViolation):  # a historian or strategist cannot pursue
        pursuit_declare(
            actor=world["劉備"],
            pursuit=Pursuit.objects.get(army=army),
            pursuers=[world["諸葛亮"]],
            opponents=[world["許褚"]],
        )
    with pytest.raises(NotAllowed):
        pursuit_declare(
            actor=world["魏延"],
            pursuit=Pursuit.objects.get(army=army),
            pursuers=[world["魏延"]],
            opponents=[world["許褚"]],
        )


def test_r6_1_siege_ends_when_no_attacker_is_left(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal")])
    play(world, army, "徐晃", "魏延", "draw")
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.LIFTED
