"""§3 Moving between cities."""

from datetime import timedelta

import pytest
import time_machine

from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Officer, Timer, Whereabouts
from campaign.timers import timers_sweep
from forum.models import Post
from orders.services.moves import move_approve, move_cancel, move_order, move_reject, move_request


def counts():
    return Move.objects.count(), Post.objects.count(), Timer.objects.count()


def board_titles(city):
    return list(Post.objects.filter(thread__board=city.board).values_list("thread__title", flat=True))


def test_r3_2_both_governors_must_agree(world):
    world.online("曹仁", "徐晃")
    move = move_request(actor=world["郭嘉"], destination=world.city("長安"))  # 洛陽 → 長安
    assert move.status == Move.Status.REQUESTED
    move = move_approve(actor=world["曹仁"], move=move)
    assert move.status == Move.Status.REQUESTED, "one governor is not enough"
    move = move_approve(actor=world["徐晃"], move=move)
    assert move.status == Move.Status.TRAVELLING
    assert (move.origin_approver.name, move.destination_approver.name) == ("曹仁", "徐晃")


def test_r3_2_a_stranger_cannot_approve(world):
    move = move_request(actor=world["郭嘉"], destination=world.city("長安"))
    before = counts()
    with pytest.raises(NotAllowed) as err:
        move_approve(actor=world["張遼"], move=move)
    assert err.value.clause == "R3.2"
    assert counts() == before


def test_r3_2_administrator_decides_when_governor_not_online(world):
    # 合肥: governor 張遼 is not online; administrator 陳群 is there. 許昌: governor 夏侯惇.
    world.online("陳群", "夏侯惇")
    move = move_request(actor=world["王粲"], destination=world.city("合肥"))  # 許昌 → 合肥
    move = move_approve(actor=world["陳群"], move=move)
    assert move.destination_approver.name == "陳群"
    move = move_approve(actor=world["夏侯惇"], move=move)
    assert move.status == Move.Status.TRAVELLING


def test_r3_2_administrator_cannot_decide_while_governor_online(world):
    world.online("陳群", "張遼")
    move = move_request(actor=world["王粲"], destination=world.city("合肥"))
    with pytest.raises(NotAllowed):
        move_approve(actor=world["陳群"], move=move)


def test_r3_2_governor_orders_a_move_from_own_city(world):
    world.online("曹仁")
    move = move_order(actor=world["徐晃"], officer=world["許褚"], destination=world.city("洛陽"))
    assert move.origin_approver.name == "徐晃"
    move = move_approve(actor=world["曹仁"], move=move)
    assert move.status == Move.Status.TRAVELLING


def test_r3_2_governor_cannot_order_moves_in_another_city(world):
    with pytest.raises(NotAllowed):
        move_order(actor=world["曹仁"], officer=world["許褚"], destination=world.city("洛陽"))
    assert not Move.objects.exists()


def test_r3_1_king_orders_any_move_at_once(world):
    move = move_order(actor=world["曹操"], officer=world["司馬懿"], destination=world.city("合肥"))
    assert move.status == Move.Status.TRAVELLING


def test_r3_1_officers_of_21_stars_are_moved_by_the_king_only(world):
    world.online("夏侯惇", "曹仁")
    move = move_request(actor=world["司馬懿"], destination=world.city("洛陽"))
    assert move.needs_king
    for governor in ("夏侯惇", "曹仁"):
        with pytest.raises(NotAllowed) as err:
            move_approve(actor=world[governor], move=move)
        assert err.value.clause == "R3.1"
    move = move_approve(actor=world["曹操"], move=move)
    assert move.status == Move.Status.TRAVELLING


def test_r3_1_governor_cannot_order_a_21_star_officer(world):
    with pytest.raises(NotAllowed) as err:
        move_order(actor=world["夏侯惇"], officer=world["司馬懿"], destination=world.city("洛陽"))
    assert err.value.clause == "R3.1"


def test_r2_2_requests_of_21_stars_go_to_the_palace(world):
    move_request(actor=world["司馬懿"], destination=world.city("洛陽"))
    palace = Post.objects.filter(thread__board__kingdom__name="魏").values_list("thread__title", flat=True)
    assert any("司馬懿" in t for t in palace)


def test_r3_3_departure_is_posted_on_the_city_left_and_officer_is_on_the_road(world):
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    officer = world["郭嘉"]
    assert officer.whereabouts == Whereabouts.ROAD and officer.city is None
    post = Post.objects.get(event_key=f"move:{move.pk}:depart")
    assert post.thread.board.city.name == "洛陽"
    assert post.created_at == move.departs_at
    assert "郭嘉" in post.thread.title


def test_r3_4_arrival_after_20_minutes_with_post_on_new_city(world):
    start = clock.now()
    with time_machine.travel(start, tick=False) as traveller:
        move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        assert move.arrives_at == start + timedelta(minutes=20)
        traveller.shift(timedelta(minutes=19, seconds=59))
        assert timers_sweep() == 0, "not due yet"
        assert world["郭嘉"].whereabouts == Whereabouts.ROAD
        traveller.shift(timedelta(seconds=1))
        assert timers_sweep() == 1
    officer = world["郭嘉"]
    assert officer.whereabouts == Whereabouts.CITY and officer.city.name == "許昌"
    post = Post.objects.get(event_key=f"move:{move.pk}:arrive")
    assert post.thread.board.city.name == "許昌"
    assert post.created_at == move.arrives_at
    assert Move.objects.get(pk=move.pk).arrived_at == move.arrives_at


def test_r1_4_multi_leg_journey_follows_shortest_route_and_sums_legs(world):
    # 合肥 → 長安: 合肥–許昌–洛陽–長安 (3 legs) through 魏 only.
    move = move_order(actor=world["曹操"], officer=world["陳群"], destination=world.city("長安"))
    names = dict(world.campaign.cities.values_list("pk", "name"))
    assert [names[c] for c in move.route] == ["合肥", "許昌", "洛陽", "長安"]
    assert move.arrives_at - move.departs_at == timedelta(minutes=60)


def test_r1_4_route_may_not_pass_through_other_kingdoms(world):
    # 長安 → 合肥 the short way is 長安–洛陽–許昌–合肥; cut 洛陽 off and no own road is left.
    world.city("洛陽").__class__.objects.filter(name="洛陽", campaign=world.campaign).update(
        kingdom=world["劉備"].kingdom
    )
    before = counts()
    with pytest.raises(RuleViolation) as err:
        move_order(actor=world["曹操"], officer=world["許褚"], destination=world.city("合肥"))
    assert err.value.clause == "R1.4"
    assert counts() == before


def test_r3_decision_entering_an_enemy_city_is_not_a_move(world):
    before = counts()
    with pytest.raises(RuleViolation) as err:
        move_order(actor=world["曹操"], officer=world["徐晃"], destination=world.city("漢中"))
    assert err.value.clause == "§3"
    assert counts() == before


def test_r3_5_on_the_road_no_second_move(world):
    move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    before = counts()
    with pytest.raises(RuleViolation) as err:
        move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("合肥"))
    assert err.value.clause == "R3.5"
    assert counts() == before


def test_r3_5_a_second_request_while_one_is_pending_is_refused(world):
    move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    with pytest.raises(RuleViolation) as err:
        move_request(actor=world["郭嘉"], destination=world.city("長安"))
    assert err.value.clause == "R3.5"
    assert Move.objects.count() == 1


def test_r3_5_a_governor_on_the_road_cannot_approve(world):
    world.online("曹仁", "徐晃")
    move = move_request(actor=world["郭嘉"], destination=world.city("長安"))
    move_order(actor=world["曹操"], officer=world["曹仁"], destination=world.city("許昌"))
    with pytest.raises(NotAllowed):
        move_approve(actor=world["曹仁"], move=move)


def test_r10_6_a_prisoner_cannot_move(world):
    officer = world["許褚"]
    Officer.objects.filter(pk=officer.pk).update(whereabouts=Whereabouts.PRISONER, captor=world["劉備"].kingdom)
    with pytest.raises(RuleViolation) as err:
        move_order(actor=world["曹操"], officer=officer, destination=world.city("洛陽"))
    assert err.value.clause == "R10.6"


def test_r3_2_rejected_and_withdrawn_requests_change_nothing_else(world):
    world.online("曹仁")
    move = move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    move = move_reject(actor=world["曹仁"], move=move)
    assert move.status == Move.Status.REJECTED
    assert world["郭嘉"].whereabouts == Whereabouts.CITY
    again = move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    with pytest.raises(NotAllowed):
        move_cancel(actor=world["張遼"], move=again)
    assert move_cancel(actor=world["郭嘉"], move=again).status == Move.Status.CANCELLED
