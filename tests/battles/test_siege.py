"""§6 Siege: the roster, calls, games and the results of R6.2, with every change in the ledger."""

import pytest

from battles.models import ArmyMember, Defender, LedgerEntry, Ransom
from battles.services.siege import roster_set, siege_call, siege_call_answer
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Officer, Whereabouts
from play.models import Game
from play.services.results import game_result_enter
from tests.worlds import besiege, ledger_holds, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def roster(siege):
    return [(d.officer.name, d.rank) for d in Defender.objects.filter(siege=siege).select_related("officer")]


def test_r6_3_governor_online_heads_the_roster(world, clock):
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    assert roster(army.siege) == [("張飛", "governor"), ("魏延", "patrol")]


def test_r6_4_governor_not_online_highest_stars_acts_as_patrol(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    assert roster(army.siege) == [("張飛", "patrol"), ("魏延", "patrol")]


def test_r6_4_king_in_the_city_stands_on_top_with_12_points(world, clock):
    # 魏 marches on 成都, where 劉備 is (蜀's king); 諸葛亮 governs but may not fight.
    army = besiege(world, clock, "成都", ARMY, online=("諸葛亮",))
    assert roster(army.siege)[0] == ("劉備", "king")
    play(world, army, "徐晃", "劉備", "attacker")
    city = world.city("成都")
    assert city.wall == 800 - 12 and ledger_holds(city)


def test_r6_3_governor_rearranges_the_roster_by_the_rules(world, clock):
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    with pytest.raises(RuleViolation) as err:  # 魏延 15★ as governor: only the governor holds that post
        roster_set(
            actor=world["張飛"], siege=army.siege, roster=[(world["魏延"], "governor"), (world["張飛"], "patrol")]
        )
    assert err.value.clause == "R6.3"
    with pytest.raises(NotAllowed):
        roster_set(actor=world["魏延"], siege=army.siege, roster=[(world["魏延"], "patrol")])
    roster_set(
        actor=world["張飛"], siege=army.siege, roster=[(world["張飛"], "governor"), (world["魏延"], "constable")]
    )
    assert roster(army.siege) == [("張飛", "governor"), ("魏延", "constable")]


def test_r6_1_attacker_calls_a_defender_takes_it_up(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    assert game.status == Game.Status.CALLED
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    assert game.status == Game.Status.PENDING and game.defender_rank == "patrol"
    with pytest.raises(RuleViolation):  # one game at a time for a player
        siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])


def test_r6_1_only_the_commander_calls(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    with pytest.raises(NotAllowed):
        siege_call(actor=world["許褚"], army=army, attacker=world["許褚"])
    assert not Game.objects.exists()


def test_r6_2_attacker_wins_wall_falls_by_defenders_points(world, clock):
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")  # governor: 12
    play(world, army, "徐晃", "魏延", "attacker")  # patrol: 10
    city = world.city("漢中")
    assert city.wall == 500 - 12 - 10
    assert list(city.ledger.order_by("id").values_list("delta", "value_after", "clause")) == [
        (-12, 488, "R6.2"),
        (-10, 478, "R6.2"),
    ]
    assert ledger_holds(city)
    army.refresh_from_db()
    assert army.morale == 100
    assert world["許褚"].whereabouts == Whereabouts.ARMY, "the attacking player may play again"


def test_r6_2_defender_wins_attacker_taken_and_morale_falls_by_rank_points(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")  # general: 10
    army.refresh_from_db()
    assert army.morale == 90
    assert LedgerEntry.objects.get(army=army).delta == -10
    prisoner = world["許褚"]
    assert (
        prisoner.whereabouts == Whereabouts.PRISONER and prisoner.captor.name == "蜀" and prisoner.city.name == "漢中"
    )
    assert ArmyMember.objects.get(officer=prisoner).status == ArmyMember.Status.PRISONER
    assert world.city("漢中").wall == 500


def test_r6_2_draw_attacker_withdraws_home(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "draw")
    assert world["許褚"].whereabouts == Whereabouts.ROAD
    move = Move.objects.get(officer=world["許褚"], status=Move.Status.TRAVELLING)
    assert move.destination.name == "長安"
    army.refresh_from_db()
    assert army.morale == 100 and world.city("漢中").wall == 500


def test_r6_2_a_result_for_a_game_not_pending_is_refused(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    with pytest.raises(RuleViolation) as err:
        game_result_enter(user=world["孫權"].user, game=game, result="attacker")
    assert err.value.clause == "R6.2"
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    game_result_enter(user=world["孫權"].user, game=game, result="attacker")
    with pytest.raises(RuleViolation):
        game_result_enter(user=world["孫權"].user, game=game, result="defender")
    assert world.city("漢中").wall == 490 and LedgerEntry.objects.count() == 1


def test_r11_3_who_may_enter_a_result(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    for name in ("曹操", "劉備", "許褚", "周瑜"):  # kings at war, a player, a neutral non-king
        with pytest.raises(NotAllowed):
            game_result_enter(user=world[name].user, game=game, result="attacker")
    assert world.city("漢中").wall == 500
    game_result_enter(user=world["張飛"].user, game=game, result="defender")  # the besieged city's governor
    assert Game.objects.get(pk=game.pk).result == "defender"


def test_r10_2_ransom_owed_is_ten_per_star(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")
    ransom = Ransom.objects.get(officer=world["許褚"])
    assert ransom.amount == 9 * 10 and ransom.kingdom.name == "蜀" and ransom.status == Ransom.Status.OWED


def test_r10_6_a_prisoner_cannot_march(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")
    from battles.services.march import march_start

    with pytest.raises(RuleViolation):
        march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["許褚"], "marshal")])
    assert Officer.objects.get(name="許褚").whereabouts == Whereabouts.PRISONER
