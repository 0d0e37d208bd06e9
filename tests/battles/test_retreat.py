"""§8 Retreat (R8.1) and the end of a siege when no attacker is left (R6.1)."""

import pytest

from battles.models import Army, Siege
from battles.services.retreat import army_retreat
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Whereabouts
from tests.battles.conftest import besiege, play
from tests.conftest import make_world


def test_r8_1_morale_at_zero_forces_a_retreat(db, clock):
    world = make_world(starting_morale=10)
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    play(world, army, "許褚", "魏延", "defender")  # general: −10 → morale 0
    army.refresh_from_db()
    assert army.morale == 0 and army.status == Army.Status.ENDED and "R8.1" in army.end_reason
    assert world["徐晃"].whereabouts == Whereabouts.ROAD
    assert Move.objects.get(officer=world["徐晃"]).destination.name == "長安"
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.LIFTED


def test_r8_1_all_high_ranks_prisoners_forces_a_retreat(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "infantry")])
    play(world, army, "徐晃", "魏延", "defender")
    army.refresh_from_db()
    assert army.status == Army.Status.ENDED and army.morale == 88
    assert world["許褚"].whereabouts == Whereabouts.ROAD


def test_r8_1_a_high_rank_left_keeps_the_army_in_the_field(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "cavalry")])
    play(world, army, "徐晃", "魏延", "defender")
    assert Army.objects.get(pk=army.pk).status == Army.Status.BESIEGING


def test_r8_1_marshal_retreats_at_will(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    with pytest.raises(NotAllowed):
        army_retreat(actor=world["許褚"], army=army)
    army_retreat(actor=world["徐晃"], army=army)
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert {world[n].whereabouts for n in ("徐晃", "許褚")} == {Whereabouts.ROAD}
    with pytest.raises(RuleViolation):
        army_retreat(actor=world["徐晃"], army=army)


def test_r8_1_highest_remaining_member_commands_when_the_marshal_is_taken(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    play(world, army, "徐晃", "魏延", "defender")
    army_retreat(actor=world["許褚"], army=army)
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED


def test_r6_1_siege_ends_when_no_attacker_is_left(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal")])
    play(world, army, "徐晃", "魏延", "draw")
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.LIFTED
