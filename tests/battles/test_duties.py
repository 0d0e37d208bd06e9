"""Duties (待辦): each duty lists for exactly the officers whose action the service
would take, with the deadline of its window, and leaves the list when done or lapsed; the event
that makes a duty writes its notices (the outbox) in the same transaction."""

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext

from battles.models import Pursuit, Ransom
from battles.selectors.duties import officer_duties
from battles.services.march import march_start
from battles.services.prisoners import ransom_settle, retreat_money_confirm, retreat_money_offer
from battles.services.pursuit import pursuit_declare
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import stratagem_accept, stratagem_challenge
from battles.timer_kinds import PERIOD
from campaign import clock as site_clock
from campaign.authority import officer_of
from campaign.models import Notice, Officer, Timer
from campaign.timers import timers_sweep
from orders.services.moves import move_approve, move_request
from orders.services.personnel import promotion_decide, promotion_recommend
from play.models import Game
from play.services.records import game_claim_answer, game_report
from play.services.results import game_result_enter
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
EVERYONE = ("曹操", "徐晃", "許褚", "郭嘉", "劉備", "張飛", "魏延", "諸葛亮", "法正", "孫權", "魯肅")


def officer(world, name: str) -> Officer:
    """As a page reads the visitor's officer (campaign/pages.py: with the counts of the navigation
    bar, `marches_on` among them, and the campaign)."""
    found = officer_of(world[name].user, world.campaign, letters=True)
    found.campaign = world.campaign
    return found


def duties(world, name: str) -> dict:
    return {duty.key: duty for duty in officer_duties(officer=officer(world, name), now=site_clock.now())}


def holders(world, key: str) -> set[str]:
    """Who has the duty `key` now, among everyone the demo world's war touches."""
    return {name for name in EVERYONE if key in duties(world, name)}


def noticed(key: str) -> set[str]:
    return set(Notice.objects.filter(key=key).values_list("officer__name", flat=True))


def test_r6_1_r7_3_a_siege_call_waits_on_the_defenders_the_governor_and_the_king(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    key = f"game:{game.pk}:call"
    assert holders(world, key) == {"張飛", "魏延", "劉備"} == noticed(key)
    period = Timer.objects.get(kind=PERIOD, object_id=army.siege_id, status="pending")
    assert duties(world, "魏延")[key].deadline == period.due_at  # answered within its 30 minutes (R7.3)
    siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    assert holders(world, key) == set()
    start = f"game:{game.pk}:start"
    assert holders(world, start) == {"魏延", "許褚"} == noticed(start)
    game_result_enter(user=world["孫權"].user, game=game, result="draw")
    assert holders(world, start) == set()


def test_r9_3_a_stratagem_challenge_waits_on_the_general_for_ten_minutes(world, clock):
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    key = f"stratagem:{stratagem.pk}:challenge"
    assert holders(world, key) == {"張飛"} == noticed(key)
    assert duties(world, "張飛")[key].deadline == stratagem.challenged_at + timedelta(minutes=10)
    clock.shift(timedelta(minutes=10, seconds=1))
    timers_sweep()  # the window lapses: the stratagem takes effect
    assert holders(world, key) == set()


def test_r9_3_a_taken_challenge_leaves_the_list_and_the_schemer_is_told_of_the_game(world, clock):
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    assert holders(world, f"stratagem:{stratagem.pk}:challenge") == set()
    play = f"banqi:{stratagem.banqi_id}:play"
    assert holders(world, play) == {"郭嘉", "張飛"} and noticed(play) == {"郭嘉"}
    assert duties(world, "郭嘉")[play].deadline is not None  # the schemer moves first: their flag
    assert duties(world, "張飛")[play].deadline is None


def test_r3_2_a_move_waits_on_both_governors_the_king_and_an_administrator_standing_in(world, clock):
    world.online("張飛")  # 諸葛亮, governor of 成都, is not online: 法正 (administrator there) decides too
    move = move_request(actor=world["魏延"], destination=world.city("成都"))
    key = f"move:{move.pk}:request"
    assert holders(world, key) == {"張飛", "諸葛亮", "法正", "劉備"}
    assert noticed(key) == {"張飛", "諸葛亮", "法正", "劉備"}
    world.online("諸葛亮")
    assert holders(world, key) == {"張飛", "諸葛亮", "劉備"}  # the governor is back: 法正 no longer
    move_approve(actor=world["張飛"], move=move)
    assert holders(world, key) == {"諸葛亮", "劉備"}  # 漢中's side agreed; 成都's still waits
    move_approve(actor=world["諸葛亮"], move=move)
    assert holders(world, key) == set()


def test_r2_3_a_recommended_promotion_waits_on_the_king(world, clock):
    promotion = promotion_recommend(actor=world["張飛"], officer=world["魏延"], stars=16, title="鎮北將軍")
    key = f"promotion:{promotion.pk}:recommend"
    assert holders(world, key) == {"劉備"} == noticed(key)
    promotion_decide(actor=world["劉備"], promotion=promotion, approve=True)
    assert holders(world, key) == set()


def test_r11_3_a_claim_waits_on_the_opponent_only(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    game = game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７", claimed="attacker")
    key = f"game:{game.pk}:claim"
    assert holders(world, key) == {"魏延"} == noticed(key)
    assert f"game:{game.pk}:start" not in duties(world, "許褚")  # their claim waits on the opponent
    game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    assert holders(world, key) == set()  # disputed: the authority decides (R11.3)


def test_r8_2_a_pursuit_waits_on_the_governor_present_and_the_king_for_ten_minutes(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    pursuit = Pursuit.objects.get(army=army)
    key = f"pursuit:{pursuit.pk}:open"
    assert holders(world, key) == {"張飛", "劉備"} == noticed(key)
    assert duties(world, "張飛")[key].deadline == pursuit.deadline
    world.online("許褚")
    pursuit_declare(actor=world["張飛"], pursuit=pursuit, pursuers=[world["魏延"]], opponents=[world["許褚"]])
    assert holders(world, key) == set()
    game = Game.objects.get(pursuit=pursuit)
    assert holders(world, f"game:{game.pk}:start") == {"魏延", "許褚"} == noticed(f"game:{game.pk}:start")


def test_r8_2_an_unanswered_pursuit_window_lapses(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    key = f"pursuit:{Pursuit.objects.get(army=army).pk}:open"
    clock.shift(timedelta(minutes=10, seconds=1))
    assert holders(world, key) == set()  # past its deadline, even before the timer applies
    timers_sweep()
    assert holders(world, key) == set()


def test_r10_2_r10_1_ransoms_and_retreat_money_wait_on_the_kings(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    ransom = retreat_money_offer(actor=world["魏延"], siege=army.siege)
    key = f"ransom:{ransom.pk}:owed"
    assert holders(world, key) == {"曹操"} == noticed(key)
    assert duties(world, "曹操")[key].kind == "retreat"
    retreat_money_confirm(actor=world["曹操"], ransom=ransom)
    assert holders(world, key) == set()
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["張飛"], game=game, defender=world["張飛"])
    game_result_enter(user=world["孫權"].user, game=game, result="defender")  # 許褚 is taken (R6.2)
    owed = Ransom.objects.get(officer=world["許褚"], kind="ransom", status="owed")
    key = f"ransom:{owed.pk}:owed"
    assert holders(world, key) == {"劉備"} == noticed(key)
    assert duties(world, "許褚") == {}  # a prisoner has no duty (R10)
    ransom_settle(actor=world["劉備"], ransom=owed, paid=True)
    assert holders(world, key) == set()


def test_duties_come_most_urgent_first_and_cost_a_fixed_number_of_queries(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    world.online("張飛")
    stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    move_request(actor=world["黃忠"], destination=world.city("成都"))  # 漢中 is besieged: nobody leaves
    promotion_recommend(actor=world["張飛"], officer=world["魏延"], stars=16, title="鎮北將軍")
    king = officer(world, "劉備")
    with CaptureQueriesContext(connection) as queries:
        found = officer_duties(officer=king, now=site_clock.now())
    # games and calls, challenges, dark chess, moves, pursuits, applications, promotions, ransoms
    assert len(queries) == 8, [q["sql"][:90] for q in queries]
    assert [d.kind for d in found] == ["call", "move", "promotion"]
    general = officer(world, "張飛")
    with CaptureQueriesContext(connection) as queries:
        found = officer_duties(officer=general, now=site_clock.now())
    assert len(queries) == 5  # the king's four are not asked
    assert [d.kind for d in found] == ["stratagem", "call"]  # 10 minutes, then 30
    plain = officer(world, "許褚")
    with CaptureQueriesContext(connection) as queries:
        officer_duties(officer=plain, now=site_clock.now())
    assert len(queries) == 3  # an officer with no post, not in a city: games, challenges, dark chess
    march_start(actor=world["孫權"], target=world.city("江州"), organisation=[(world["呂蒙"], "marshal")])
    king, general = officer(world, "劉備"), officer(world, "張飛")
    with CaptureQueriesContext(connection) as queries:
        found = officer_duties(officer=king, now=site_clock.now())
    assert len(queries) == 9  # one more while an army marches on a city of theirs (R4.6)
    assert sorted(d.kind for d in found) == ["call", "march", "move", "promotion"]
    with CaptureQueriesContext(connection) as queries:
        officer_duties(officer=general, now=site_clock.now())
    assert len(queries) == 5, "not for the governor of another city"


def test_a_notice_whose_duty_is_gone_by_delivery_is_not_sent(world, clock):
    """Nothing sent to the wrong person: the call answered (or the officer captured, or gone
    away) before the worker delivers its notices, the others' notices are not sent."""
    from delivery.services.deliver import notices_deliver

    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    key = f"game:{game.pk}:call"
    siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    ids = list(Notice.objects.filter(key=key).values_list("officer_id", flat=True))
    assert notices_deliver(key=key, officer_ids=ids) == 0
    assert set(Notice.objects.filter(key=key).values_list("push", flat=True)) == {"void"}
    start = f"game:{game.pk}:start"
    ids = list(Notice.objects.filter(key=start).values_list("officer_id", flat=True))
    assert notices_deliver(key=start, officer_ids=ids) == 2
    assert notices_deliver(key=start, officer_ids=ids) == 0, "once"


def test_a_notice_for_an_officer_captured_meanwhile_is_not_sent(world, clock):
    from battles.services.prisoners import prisoner_take
    from campaign import clock as site_clock
    from campaign.models import Kingdom
    from delivery.services.deliver import notices_deliver

    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    key = f"game:{game.pk}:call"
    wei = Kingdom.objects.get(campaign=world.campaign, name="魏")
    prisoner_take(officer=world["魏延"], captor=wei, held_in=world.city("長安"), at=site_clock.now())
    ids = list(Notice.objects.filter(key=key).values_list("officer_id", flat=True))
    assert notices_deliver(key=key, officer_ids=ids) == 2  # the governor and the king
    assert dict(Notice.objects.filter(key=key).values_list("officer__name", "push")) == {
        "魏延": "void",
        "張飛": "sent",
        "劉備": "sent",
    }


def test_a_live_game_is_your_move_with_the_flag_for_the_side_to_move(world, clock):
    from play.services.live import live_move, live_ready, live_resign

    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    live_ready(actor=world["許褚"], game=game)
    game = live_ready(actor=world["魏延"], game=game)
    play = f"game:{game.pk}:play"
    flag = Timer.objects.get(key=f"game:{game.pk}:flag:0")
    red, black = duties(world, "許褚")[play], duties(world, "魏延")[play]
    assert red.summary == "輪到你走棋（對 魏延）" and red.deadline == flag.due_at
    assert black.summary == "你與 許褚 的對局進行中" and black.deadline is None
    live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    assert duties(world, "許褚")[play].deadline is None and duties(world, "魏延")[play].deadline is not None
    live_resign(actor=world["魏延"], game=Game.objects.get(pk=game.pk))
    assert holders(world, play) == set()


def test_a_dark_chess_game_leaves_the_list_when_it_ends(world, clock):
    from battles.services.stratagems import banqi_act

    world.online("張飛")
    stratagem = stratagem_accept(
        actor=world["張飛"], stratagem=stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    )
    play = f"banqi:{stratagem.banqi_id}:play"
    assert holders(world, play) == {"郭嘉", "張飛"}
    banqi_act(actor=world["郭嘉"], game=stratagem.banqi, action="resign")
    assert holders(world, play) == set()


def test_r1_5_an_application_waits_on_its_kingdoms_king_until_decided_or_withdrawn(world, clock):
    """A player who applies (with a message, or by a king's link) is a duty of the kingdom's king,
    noticed to them alone, until admitted, refused or withdrawn."""
    from django.contrib.auth import get_user_model

    from campaign.models import Campaign
    from seasons.services.joining import (
        application_refuse,
        application_submit,
        application_withdraw,
        invitation_create,
        invitation_follow,
        officer_admit,
    )

    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()
    users = [get_user_model().objects.create_user(f"new{i}", password="x-long-pass-1") for i in range(3)]
    wei, shu = world["曹操"].kingdom, world["劉備"].kingdom
    asked = application_submit(user=users[0], kingdom=wei, message="願往")
    key = asked.duty_key
    assert holders(world, key) == {"曹操"} == noticed(key)
    assert duties(world, "曹操")[key].path.endswith(f"/kingdoms/{wei.pk}/")
    city = world.city("洛陽")
    king = world["曹操"].user
    officer_admit(user=king, application=asked, name="新人", stars=10, kind="general", title="", city=city)
    assert holders(world, key) == set()
    day = timedelta(days=1)
    _invitation, secret = invitation_create(user=world["劉備"].user, kingdom=shu, expires_in=day, max_uses=2)
    invited = invitation_follow(user=users[1], campaign=world.campaign, secret=secret)
    key = invited.duty_key
    assert holders(world, key) == {"劉備"} == noticed(key)
    application_refuse(user=world["劉備"].user, application=invited, reason="兵員已足")
    assert holders(world, key) == set()
    withdrawn = application_submit(user=users[2], kingdom=shu, message="")
    application_withdraw(user=users[2], application=withdrawn)
    assert holders(world, withdrawn.duty_key) == set()
