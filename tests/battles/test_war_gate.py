"""The gate of the war's actions (R1.1): while the war is paused, and after it ended, every war
action is refused by name and changes nothing — a sortie, a siege call and its answer, a
retreat, a reported game and an entered result, a live move, a stratagem, a reinforcement; and two
organisers pausing at the same instant get one pause and one clear refusal."""

from functools import partial

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from battles.models import Army, Stratagem
from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.reinforce import reinforcement_send
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call
from battles.services.stratagems import stratagem_challenge
from campaign.errors import RuleViolation
from campaign.models import Campaign
from play.models import Game
from play.services.live import live_move
from play.services.records import game_report
from play.services.results import game_result_enter
from seasons.models import WarPause
from seasons.services.season_end import war_end
from seasons.services.season_life import war_pause
from tests.play.test_live import ready
from tests.play.test_records import MATE, pending_game
from tests.races import at_once
from tests.worlds import make_world

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def organiser_of(campaign) -> User:
    user = User.objects.create_user(f"organiser{User.objects.count()}", password="x")
    campaign.organisers.add(user)
    return user


def war_actions(world, clock):
    """One of each family, set up while the war ran; each a call to try once it is not running."""
    live = ready(world, pending_game(world, clock))
    reported = Game.objects.exclude(pk=live.pk).filter(siege=live.siege).first() or live
    army = Army.objects.get(pk=live.siege.armies.get().pk)
    marching = march_start(actor=world["孫權"], target=world.city("合肥"), organisation=[(world["呂蒙"], "marshal")])
    world.online("張飛", "張遼")
    return {
        "sortie (R4.6)": partial(field_sortie, actor=world["曹操"], army=marching, officers=[world["張遼"]]),
        "siege call (R6.1)": partial(siege_call, actor=world["徐晃"], army=army, attacker=world["徐晃"]),
        "retreat (R8.1)": partial(army_retreat, actor=world["徐晃"], army=army),
        "reported game (R11.3)": partial(game_report, actor=world["許褚"], game=reported, text=MATE),
        "entered result (R11.3)": partial(game_result_enter, user=world["孫權"].user, game=live, result="attacker"),
        "live move (R11.3)": partial(live_move, actor=world["許褚"], game=live, move="炮二平五", ply=0),
        "stratagem (R9.1)": partial(stratagem_challenge, actor=world["郭嘉"], target=world["張飛"], kind="siege"),
        "reinforcement (R8.3)": partial(reinforcement_send, actor=world["曹操"], army=army, officers=[world["曹仁"]]),
    }


@pytest.mark.django_db
@pytest.mark.parametrize("state", ["paused", "ended"])
def test_r1_1_no_war_action_while_the_war_is_paused_or_after_it_ended(world, clock, state):
    actions = war_actions(world, clock)
    organiser = organiser_of(world.campaign)
    if state == "paused":
        war_pause(user=organiser, campaign=world.campaign)
    else:
        war_end(user=organiser, campaign=world.campaign)
    campaign = Campaign.objects.get(pk=world.campaign.pk)
    before = (Game.objects.count(), Army.objects.count(), Stratagem.objects.count())
    with translation.override("en"):
        for family, action in actions.items():
            for value in action.keywords.values():  # the actors as the pages pass them: with the campaign
                if hasattr(value, "campaign_id") and hasattr(value, "whereabouts"):
                    value.campaign = campaign
            try:
                action()
            except RuleViolation as refused:
                assert refused.clause == "R1.1" and ("paused" in refused.message or "over" in refused.message), family
            else:
                raise AssertionError(f"{family}: done in a war {state}")
    assert (Game.objects.count(), Army.objects.count(), Stratagem.objects.count()) == before


@pytest.mark.django_db(transaction=True)
def test_r1_1_two_organisers_pausing_at_once_get_one_pause_and_one_refusal(clock):
    world = make_world()
    first, second = organiser_of(world.campaign), organiser_of(world.campaign)
    raised = at_once(
        partial(war_pause, user=first, campaign=world.campaign),
        partial(war_pause, user=second, campaign=world.campaign),
    )
    assert len(raised) == 1 and isinstance(raised[0], RuleViolation) and raised[0].clause == "R1.1"
    assert WarPause.objects.filter(campaign=world.campaign).count() == 1
