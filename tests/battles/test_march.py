"""§4 Marching to war."""

from datetime import timedelta

import pytest

from battles.models import Army, ArmyMember, Siege
from battles.services.march import march_start
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, Whereabouts
from forum.models import Post
from tests.worlds import arrive


def march(world, organisation, target="漢中", actor="曹操"):
    return march_start(
        actor=world[actor], target=world.city(target), organisation=[(world[n], r) for n, r in organisation]
    )


def nothing_marched():
    return not Army.objects.exists() and not Officer.objects.filter(whereabouts=Whereabouts.ARMY).exists()


def test_r4_1_march_post_on_target_board_with_time_head_count_and_ranks(world, clock):
    army = march(world, [("徐晃", "marshal"), ("許褚", "general")])
    post = Post.objects.get(event_key=f"army:{army.pk}:march")
    assert post.thread.board.city.name == "漢中"
    assert "2" in post.thread.title and "徐晃" in post.body and "許褚" in post.body
    assert "元帥" in post.body and "將軍" in post.body
    assert post.created_at == army.departs_at
    assert {o.whereabouts for o in Officer.objects.filter(name__in=["徐晃", "許褚"])} == {Whereabouts.ARMY}


def test_r4_1_members_are_of_one_city(world, clock):
    with pytest.raises(RuleViolation) as err:
        march(world, [("徐晃", "marshal"), ("曹仁", "general")])  # 曹仁 is in 洛陽
    assert err.value.clause == "R4.1" and nothing_marched()


def test_r4_1_only_officers_who_may_fight(world, clock):
    with pytest.raises(RuleViolation) as err:
        march(world, [("夏侯惇", "marshal"), ("王粲", "general")], target="濡須")  # 王粲 is a historian
    assert err.value.clause == "R1.6" and nothing_marched()


def test_r4_1_an_army_attacks_another_kingdom(world, clock):
    with pytest.raises(RuleViolation) as err:
        march(world, [("徐晃", "marshal")], target="洛陽")
    assert err.value.clause == "R4.1" and nothing_marched()


def test_r4_1_officers_of_no_kingdom_march_for_none(world, clock):
    """An officer left unaffiliated (R10.5) in a city is refused as an army of no kingdom."""
    Officer.objects.filter(pk=world["許褚"].pk).update(kingdom=None)
    with pytest.raises(RuleViolation) as err:
        march(world, [("許褚", "marshal")], actor="徐晃")  # the governor of 長安, where 許褚 is
    assert err.value.clause == "R4.1" and nothing_marched()


def test_r4_2_exactly_one_marshal(world, clock):
    with pytest.raises(RuleViolation) as err:
        march(world, [("徐晃", "marshal"), ("許褚", "marshal")])
    assert err.value.clause == "R4.2" and nothing_marched()
    with pytest.raises(RuleViolation) as err:
        march(world, [("徐晃", "general"), ("許褚", "general")])
    assert err.value.clause == "R4.2"


def test_r4_2_places_per_rank():
    from battles.rules import check_organisation

    generals = [(20, "marshal"), (9, "general"), (8, "general")]
    assert check_organisation(generals) == []
    assert [(v.clause, v.code, v.rank) for v in check_organisation([*generals, (7, "general")])] == [
        ("R4.2", "places", "general")
    ]
    cavalry = [(20, "marshal"), *[(10, "cavalry")] * 5]
    assert [v.code for v in check_organisation(cavalry)] == ["places"]
    assert check_organisation([(20, "marshal"), *[(3, "infantry")] * 30]) == []


def test_r4_3_marshal_has_the_most_stars(world, clock):
    with pytest.raises(RuleViolation) as err:
        march(world, [("許褚", "marshal"), ("徐晃", "general")])
    assert err.value.clause == "R4.3" and nothing_marched()


def test_r4_3_ranks_follow_stars(world, clock):
    # 曹操 25 marshal, 荀彧 14 general, 夏侯惇 21 infantry: 21★ below 14★ breaks R4.3.
    with pytest.raises(RuleViolation) as err:
        march(world, [("曹操", "marshal"), ("荀彧", "general"), ("夏侯惇", "infantry")], target="濡須")
    assert err.value.clause == "R4.3"
    army = march(world, [("曹操", "marshal"), ("夏侯惇", "general"), ("荀彧", "general")], target="濡須")
    assert army.members.count() == 3


def test_r4_4_governor_orders_a_march_of_20_stars_or_fewer(world, clock):
    army = march(world, [("徐晃", "marshal"), ("許褚", "general")], actor="徐晃")
    assert army.status == Army.Status.MARCHING


def test_r4_4_governor_cannot_order_more_than_20_stars(world, clock):
    with pytest.raises(NotAllowed) as err:
        march(world, [("夏侯惇", "marshal"), ("荀彧", "general")], target="濡須", actor="夏侯惇")
    assert err.value.clause == "R4.4" and nothing_marched()


def test_r4_4_others_cannot_order_a_march(world, clock):
    with pytest.raises(NotAllowed) as err:
        march(world, [("徐晃", "marshal"), ("許褚", "general")], actor="曹仁")
    assert err.value.clause == "R4.4" and nothing_marched()


def test_r4_5_army_arrives_after_route_time_with_morale_100(world, clock):
    army = march(world, [("徐晃", "marshal"), ("許褚", "general")], target="成都")  # 長安–漢中–成都
    assert army.arrives_at - army.departs_at == timedelta(minutes=40)
    assert army.morale == 100
    clock.shift(timedelta(minutes=39))
    assert arrive_not_yet(army)
    army = arrive(clock, army)
    assert army.status == Army.Status.BESIEGING and army.morale == 100


def arrive_not_yet(army):
    from campaign.timers import timers_sweep

    timers_sweep()
    return Army.objects.get(pk=army.pk).status == Army.Status.MARCHING


def test_r4_6_without_a_sortie_the_arriving_army_begins_a_siege(world, clock):
    army = arrive(clock, march(world, [("徐晃", "marshal"), ("許褚", "general")]))
    siege = Siege.objects.get(city__name="漢中")
    assert army.siege == siege and siege.status == Siege.Status.ACTIVE
    assert siege.started_at == army.arrives_at
    assert Post.objects.filter(event_key=f"army:{army.pk}:siege", thread__board__city__name="漢中").exists()
    assert set(ArmyMember.objects.filter(army=army).values_list("status", flat=True)) == {"active"}
