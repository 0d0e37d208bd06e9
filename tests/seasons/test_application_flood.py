"""Applications cannot flood a king (R1.5, the security property): one pending application per
player and campaign (a database constraint too), a cooldown after a withdrawal before the same
kingdom is applied to again (APPLICATION_COOLDOWN_SECONDS), and the king's notices of one applicant
coalesced into one duty, however often they apply."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import translation

from campaign import clock as war_clock
from campaign.errors import RuleViolation, TooFast
from campaign.models import Campaign, Notice
from seasons.models import Application
from seasons.services.joining import application_submit, application_withdraw, invitation_create, invitation_follow

CYCLES = 30


@pytest.fixture
def enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()
    return world


@pytest.fixture
def spammer(db):
    return get_user_model().objects.create_user("spammer", email="spam@example.org", password="x-long-pass-1")


def cycles(world, clock, user, n=CYCLES) -> list[RuleViolation]:
    """Apply to 魏 and withdraw, n times within 3 seconds; the refusals met."""
    refusals = []
    for _ in range(n):
        clock.shift(timedelta(seconds=3 / n))
        try:
            application = application_submit(user=user, kingdom=world["曹操"].kingdom, message="願往")
        except RuleViolation as refusal:
            refusals.append(refusal)
            continue
        application_withdraw(user=user, application=application)
    return refusals


def king_notices(world) -> list[str]:
    return list(Notice.objects.filter(officer=world["曹操"]).values_list("key", flat=True))


def test_r1_5_thirty_apply_and_withdraw_cycles_tell_the_king_once_and_are_refused_clearly(enrolling, clock, spammer):
    """30 cycles in 3 s: one application, one notice to the king; the 29 others refused, 429-like,
    with a message naming the kingdom and the wait, in the user's language."""
    with translation.override("en"):
        refusals = cycles(enrolling, clock, spammer)
    assert len(king_notices(enrolling)) == 1
    assert Application.objects.filter(user=spammer).count() == 1
    assert len(refusals) == CYCLES - 1 and all(isinstance(r, TooFast) for r in refusals)
    assert "You withdrew your application to 魏 moments ago: you may apply to it again in 10 minutes." in str(
        refusals[0]
    )
    assert 0 < refusals[-1].retry_after <= 600
    with translation.override("zh-hant"), pytest.raises(TooFast, match="撤回"):
        application_submit(user=spammer, kingdom=enrolling["曹操"].kingdom, message="")


def test_r1_5_without_a_cooldown_the_same_applicant_is_still_one_duty_of_the_king(enrolling, clock, spammer, settings):
    """The notices coalesce by applicant and kingdom: 30 applications, one notice, one duty key."""
    settings.APPLICATION_COOLDOWN_SECONDS = 0
    assert cycles(enrolling, clock, spammer) == []
    assert Application.objects.filter(user=spammer).count() == CYCLES
    keys = king_notices(enrolling)
    assert len(keys) == 1 and keys == [Application.objects.filter(user=spammer).first().duty_key]


def test_r1_5_the_cooldown_ends_and_other_kingdoms_are_open_meanwhile(enrolling, clock, spammer):
    """The cooldown is per kingdom and lasts APPLICATION_COOLDOWN_SECONDS (10 minutes by default)."""
    wei, shu = enrolling["曹操"].kingdom, enrolling["劉備"].kingdom
    application_withdraw(user=spammer, application=application_submit(user=spammer, kingdom=wei, message=""))
    to_shu = application_submit(user=spammer, kingdom=shu, message="改投蜀")
    application_withdraw(user=spammer, application=to_shu)
    clock.shift(timedelta(minutes=9, seconds=59))
    with pytest.raises(TooFast):
        application_submit(user=spammer, kingdom=wei, message="")
    clock.shift(timedelta(seconds=2))
    assert application_submit(user=spammer, kingdom=wei, message="").status == Application.Status.PENDING


def test_r1_5_a_link_followed_after_a_withdrawal_waits_the_cooldown_too(enrolling, clock, spammer):
    """Following the kingdom's invitation is applying to it: the same cooldown, no use of the link spent."""
    invitation, secret = invitation_create(
        user=enrolling["曹操"].user, kingdom=enrolling["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=5
    )
    application_withdraw(
        user=spammer, application=invitation_follow(user=spammer, campaign=enrolling.campaign, secret=secret)
    )
    with pytest.raises(TooFast):
        invitation_follow(user=spammer, campaign=enrolling.campaign, secret=secret)
    invitation.refresh_from_db()
    assert invitation.uses == 1 and len(king_notices(enrolling)) == 1


def test_r1_5_the_database_keeps_one_pending_application_per_player_and_campaign(enrolling, spammer):
    """A second pending row, however it is written, is refused by the constraint."""
    fields = dict(campaign=enrolling.campaign, user=spammer, created_at=war_clock.now())
    Application.objects.create(kingdom=enrolling["曹操"].kingdom, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        Application.objects.create(kingdom=enrolling["劉備"].kingdom, **fields)
