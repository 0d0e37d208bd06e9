"""A kingdom's crown and its members' going (R1.2, R2.1, R2.4, R2.5, R10.6), and two followers racing
for an invitation's last use."""

from datetime import timedelta
from functools import partial

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Kingdom, Officer, Whereabouts
from forum.models import BoardModerator
from orders.services.kingdoms import crown_hand_on, king_appoint, officer_leave
from seasons.models import Application, Invitation
from seasons.services.joining import invitation_create, invitation_follow
from tests.races import at_once
from tests.worlds import make_world


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def organiser_of(world):
    user = get_user_model().objects.create_user("organiser", password="x-long-pass-1")
    world.campaign.organisers.add(user)
    return user


def without_king(world, name="魏"):
    Kingdom.objects.filter(campaign=world.campaign, name=name).update(king=None)
    return Kingdom.objects.select_related("campaign").get(campaign=world.campaign, name=name)


def test_r1_2_an_organiser_appoints_the_king_of_a_kingdom_without_one(world):
    kingdom = without_king(world)
    king_appoint(user=organiser_of(world), kingdom=kingdom, officer=world["司馬懿"])
    kingdom.refresh_from_db()
    assert kingdom.king.name == "司馬懿" and kingdom.king.user.is_staff
    assert kingdom.palace.threads.filter(title__contains="司馬懿").exists()


def test_r1_2_a_kingdom_with_a_king_is_not_given_another_and_only_an_organiser_appoints(world):
    organiser = organiser_of(world)
    with pytest.raises(RuleViolation, match="only the king hands the crown on"):
        king_appoint(user=organiser, kingdom=world["曹操"].kingdom, officer=world["司馬懿"])
    kingdom = without_king(world)
    with pytest.raises(NotAllowed):
        king_appoint(user=world["孫權"].user, kingdom=kingdom, officer=world["司馬懿"])
    with pytest.raises(RuleViolation, match="not an officer of"):
        king_appoint(user=organiser, kingdom=kingdom, officer=world["劉備"])
    assert Kingdom.objects.get(pk=kingdom.pk).king is None


def test_r2_1_the_king_hands_the_crown_to_another_officer_of_the_kingdom(world):
    with pytest.raises(NotAllowed):
        crown_hand_on(actor=world["司馬懿"], officer=world["郭嘉"])
    with pytest.raises(RuleViolation, match="not an officer of"):
        crown_hand_on(actor=world["曹操"], officer=world["劉備"])
    with pytest.raises(RuleViolation, match="already wear"):
        crown_hand_on(actor=world["曹操"], officer=world["曹操"])
    crown_hand_on(actor=world["曹操"], officer=world["司馬懿"])
    assert Kingdom.objects.get(name="魏").king.name == "司馬懿"
    with pytest.raises(NotAllowed):  # the crown is handed on: the old king decides nothing any more
        crown_hand_on(actor=world["曹操"], officer=world["郭嘉"])


def test_r10_6_the_crown_is_not_handed_to_a_prisoner(world):
    Officer.objects.filter(pk=world["郭嘉"].pk).update(
        whereabouts=Whereabouts.PRISONER, captor=world["劉備"].kingdom, city=world.city("成都")
    )
    with pytest.raises(RuleViolation, match="prisoner"):
        crown_hand_on(actor=world["曹操"], officer=world["郭嘉"])


def test_r2_4_r2_5_an_officer_who_leaves_vacates_their_posts_and_keeps_their_officer(world):
    """夏侯惇 governs 許昌; 荀彧 moderates its board: both posts are vacated when they leave."""
    officer_leave(actor=world["夏侯惇"])
    officer_leave(actor=world["荀彧"])
    assert world.city("許昌").governor is None
    assert not BoardModerator.objects.filter(officer__name="荀彧").exists()
    left = world["夏侯惇"]
    assert (left.kingdom, left.title, left.whereabouts, left.city.name, left.stars) == (None, "", "city", "許昌", 21)
    with pytest.raises(RuleViolation, match="serve no kingdom"):
        officer_leave(actor=left)


def test_r2_1_a_king_hands_on_the_crown_before_leaving(world):
    with pytest.raises(RuleViolation, match="hands the crown on before leaving"):
        officer_leave(actor=world["曹操"])
    assert world["曹操"].kingdom.name == "魏"


@pytest.mark.parametrize("may_leave", [False, True])
def test_r10_6_a_prisoner_leaves_only_where_the_campaign_allows_and_stays_held(world, may_leave):
    Campaign.objects.filter(pk=world.campaign.pk).update(prisoners_may_leave=may_leave)
    Officer.objects.filter(pk=world["郭嘉"].pk).update(
        whereabouts=Whereabouts.PRISONER, captor=world["劉備"].kingdom, city=world.city("成都")
    )
    if not may_leave:
        with pytest.raises(RuleViolation, match="until freed"):
            officer_leave(actor=world["郭嘉"])
        assert world["郭嘉"].kingdom.name == "魏"
        return
    officer_leave(actor=world["郭嘉"])
    held = world["郭嘉"]
    assert held.kingdom is None and held.whereabouts == Whereabouts.PRISONER and held.captor.name == "蜀"


@pytest.mark.django_db(transaction=True)
def test_two_followers_racing_for_the_last_use_of_an_invitation_get_one_application(clock):
    """The uses are counted by compare-and-set: two clicks at the same instant on a link with one use
    left make one application; the other is told it is used up; neither is a 500."""
    world = make_world()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    _invitation, secret = invitation_create(
        user=world["曹操"].user, kingdom=world["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=1
    )
    users = [get_user_model().objects.create_user(f"racer{n}", password="x-long-pass-1") for n in range(2)]
    raised = at_once(*(partial(invitation_follow, user=u, campaign=world.campaign, secret=secret) for u in users))
    assert [exc for exc in raised if not isinstance(exc, RuleViolation)] == []
    assert Application.objects.count() == 1 and Invitation.objects.get().uses == 1
    assert len(raised) == 1 and raised[0].clause == "R1.1"  # "used up", in the thread's language
