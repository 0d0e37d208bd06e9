"""Joining a kingdom: invitation links and applications, admitted or refused by the king or an
organiser (R1.5 stars and city, R1.6 kinds); one officer per user per campaign. Each refusal changes
nothing."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Officer
from seasons.models import Application, Invitation
from seasons.services.joining import (
    application_mail_send,
    application_refuse,
    application_submit,
    application_withdraw,
    invitation_create,
    invitation_follow,
    invitation_revoke,
    officer_admit,
)
from tests.battles.test_mail import Inbox, body, free_port
from tests.worlds import make_world

DAY = timedelta(days=1)


@pytest.fixture(autouse=True)
def _english():
    """The refusals are matched in English; the mail test sets each applicant's language itself."""
    with translation.override("en"):
        yield


def enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()
    return world


def newcomer(name="newcomer", email=""):
    return get_user_model().objects.create_user(name, email=email or f"{name}@example.org", password="x-long-pass-1")


def wei(world):
    return world["曹操"].kingdom


def invite(world, uses=1, expires=DAY):
    return invitation_create(user=world["曹操"].user, kingdom=wei(world), expires_in=expires, max_uses=uses)


def admit(world, application, name="新人", stars=10, kind="general", city="洛陽", user=None):
    return officer_admit(
        user=user or world["曹操"].user,
        application=application,
        name=name,
        stars=stars,
        kind=kind,
        title="校尉",
        city=world.city(city),
    )


def test_an_invitation_followed_makes_an_invited_application_the_king_admits(world, clock):
    enrolling(world)
    invitation, secret = invite(world, uses=2)
    assert len(secret) >= 40 and invitation.token_hash != secret  # only its digest is kept
    user = newcomer()
    application = invitation_follow(user=user, campaign=world.campaign, secret=secret)
    assert application.invitation == invitation and application.kingdom == wei(world)
    assert Invitation.objects.get(pk=invitation.pk).uses == 1
    officer = admit(world, application, stars=12, kind="strategist")
    assert (officer.user, officer.kingdom, officer.stars, officer.kind, officer.city.name) == (
        user,
        wei(world),
        12,
        "strategist",
        "洛陽",
    )
    assert Application.objects.get(pk=application.pk).status == Application.Status.ADMITTED
    assert wei(world).palace.threads.filter(title__contains="新人").exists()  # the welcome on the palace


@pytest.mark.parametrize("fault", ["guessed", "expired", "used up", "revoked", "another campaign's"])
def test_an_invitation_that_does_not_work_is_refused_changing_nothing(world, clock, fault):
    enrolling(world)
    invitation, secret = invite(world)
    campaign = world.campaign
    if fault == "guessed":
        secret = secret[:-4] + "AAAA"
    elif fault == "expired":
        clock.shift(DAY + timedelta(seconds=1))
    elif fault == "used up":
        invitation_follow(user=newcomer("first"), campaign=campaign, secret=secret)
    elif fault == "revoked":
        invitation_revoke(user=world["曹操"].user, invitation=invitation)
    else:
        campaign = make_world(slug="other-war", name="另一戰").campaign
    before = Application.objects.count()
    with pytest.raises(RuleViolation) as refused:
        invitation_follow(user=newcomer(), campaign=campaign, secret=secret)
    words = {"guessed": "not known", "expired": "expired", "used up": "used up", "revoked": "revoked"}
    assert words.get(fault, "another campaign") in str(refused.value.message)
    assert Application.objects.count() == before


def test_an_application_to_a_campaign_not_enrolling_is_refused(world):
    """The demo is at war: applications with a message wait for the organiser's enrolment."""
    with pytest.raises(RuleViolation, match="not enrolling"):
        application_submit(user=newcomer(), kingdom=wei(world), message="願效犬馬之勞")
    assert not Application.objects.exists()


def test_a_second_officer_for_one_user_is_refused(world):
    enrolling(world)
    with pytest.raises(RuleViolation, match="one officer per player"):
        application_submit(user=world["郭嘉"].user, kingdom=wei(world), message="再來一個")
    _invitation, secret = invite(world)
    with pytest.raises(RuleViolation, match="one officer per player"):
        invitation_follow(user=world["郭嘉"].user, campaign=world.campaign, secret=secret)
    assert not Application.objects.exists()


def test_a_second_officer_admitted_meanwhile_is_refused_at_admission(world):
    """Two applications (by a link after a withdrawal) admitted one after the other: the second finds the
    officer and is refused."""
    enrolling(world)
    user = newcomer()
    first = application_submit(user=user, kingdom=wei(world), message="甲")
    admit(world, first)
    shu = world["劉備"].kingdom
    second = Application.objects.create(campaign=world.campaign, kingdom=shu, user=user, created_at=first.created_at)
    with pytest.raises(RuleViolation, match="one officer per player"):
        officer_admit(
            user=world["劉備"].user,
            application=second,
            name="又一人",
            stars=5,
            kind="general",
            title="",
            city=world.city("成都"),
        )
    assert Officer.objects.filter(user=user).count() == 1


@pytest.mark.parametrize("stars", [0, 26])
def test_r1_5_stars_outside_1_to_25_are_refused(world, stars):
    enrolling(world)
    application = application_submit(user=newcomer(), kingdom=wei(world), message="")
    with pytest.raises(RuleViolation, match="between 1 and 25"):
        admit(world, application, stars=stars)
    assert Application.objects.get(pk=application.pk).status == Application.Status.PENDING
    assert not Officer.objects.filter(name="新人").exists()


def test_r1_5_the_starting_city_is_one_of_the_kingdoms(world):
    enrolling(world)
    application = application_submit(user=newcomer(), kingdom=wei(world), message="")
    with pytest.raises(RuleViolation, match="not a city of"):
        admit(world, application, city="成都")
    assert not Officer.objects.filter(name="新人").exists()


def test_r1_6_the_kind_is_one_of_the_four(world):
    enrolling(world)
    application = application_submit(user=newcomer(), kingdom=wei(world), message="")
    with pytest.raises(RuleViolation):
        admit(world, application, kind="emperor")
    assert not Officer.objects.filter(name="新人").exists()


@pytest.mark.parametrize("who", ["孫權", "荀彧", "newcomer"])
def test_r2_1_only_the_king_or_an_organiser_admits_refuses_and_invites(world, who):
    """Another kingdom's king, a governor of the kingdom, the applicant: 403-type refusals."""
    enrolling(world)
    user = newcomer()
    application = application_submit(user=user, kingdom=wei(world), message="")
    actor = user if who == "newcomer" else world[who].user
    with pytest.raises(NotAllowed):
        admit(world, application, user=actor)
    with pytest.raises(NotAllowed):
        application_refuse(user=actor, application=application, reason="不收")
    with pytest.raises(NotAllowed):
        invitation_create(user=actor, kingdom=wei(world), expires_in=DAY, max_uses=1)
    assert Application.objects.get(pk=application.pk).status == Application.Status.PENDING
    assert not Invitation.objects.exists()


def test_an_organiser_admits_into_any_kingdom(world):
    enrolling(world)
    organiser = newcomer("organiser")
    world.campaign.organisers.add(organiser)
    application = application_submit(user=newcomer(), kingdom=wei(world), message="")
    assert admit(world, application, user=organiser).kingdom == wei(world)


def test_a_refusal_gives_its_reason_and_the_applicant_may_apply_again(world):
    enrolling(world)
    user = newcomer()
    application = application_submit(user=user, kingdom=wei(world), message="願往")
    with pytest.raises(RuleViolation, match="reason"):
        application_refuse(user=world["曹操"].user, application=application, reason="  ")
    refused = application_refuse(user=world["曹操"].user, application=application, reason="兵員已足")
    assert (refused.status, refused.reason) == (Application.Status.REFUSED, "兵員已足")
    with pytest.raises(RuleViolation, match="already been decided"):
        admit(world, application)
    assert application_submit(user=user, kingdom=world["劉備"].kingdom, message="改投蜀").status == "pending"


def test_one_pending_application_at_a_time_and_withdrawn_by_its_applicant(world):
    enrolling(world)
    user = newcomer()
    application = application_submit(user=user, kingdom=wei(world), message="")
    with pytest.raises(RuleViolation, match="withdraw it first"):
        application_submit(user=user, kingdom=world["劉備"].kingdom, message="")
    with pytest.raises(NotAllowed):
        application_withdraw(user=newcomer("other"), application=application)
    assert application_withdraw(user=user, application=application).status == Application.Status.WITHDRAWN


def test_an_invitation_replaces_the_pending_application(world):
    enrolling(world)
    user = newcomer()
    own = application_submit(user=user, kingdom=world["劉備"].kingdom, message="")
    _invitation, secret = invite(world)
    invited = invitation_follow(user=user, campaign=world.campaign, secret=secret)
    assert Application.objects.get(pk=own.pk).status == Application.Status.WITHDRAWN
    assert invited.status == Application.Status.PENDING


def test_an_invitation_works_in_the_war_but_an_expiry_or_uses_out_of_bounds_is_refused(world):
    """The demo is at war: a king may still recruit by link."""
    _invitation, secret = invite(world)
    assert invitation_follow(user=newcomer(), campaign=world.campaign, secret=secret).invitation is not None
    for expires, uses in [(timedelta(minutes=5), 1), (timedelta(days=61), 1), (DAY, 0), (DAY, 101)]:
        with pytest.raises(RuleViolation):
            invite(world, uses=uses, expires=expires)
    assert Invitation.objects.count() == 1


@pytest.fixture
def mail_server(settings):
    """A real local SMTP server (aiosmtpd) as the site's mail server."""
    inbox = Inbox()
    inbox.start(free_port())
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", inbox.controller.port
    yield inbox
    inbox.stop()


def test_the_applicant_is_mailed_the_decision_in_the_language_they_applied_in(world, mail_server):
    enrolling(world)
    english = application_submit(user=newcomer("reader", "reader@example.org"), kingdom=wei(world), message="")
    with translation.override("zh-hant"):
        chinese = application_submit(user=newcomer("lector"), kingdom=wei(world), message="")
    assert (english.language, chinese.language) == ("en", "zh-hant")
    admit(world, english, name="讀者")
    application_refuse(user=world["曹操"].user, application=chinese, reason="兵員已足")
    assert application_mail_send(application_id=english.pk) and application_mail_send(application_id=chinese.pk)
    (welcome,) = mail_server.to("reader@example.org")
    assert "Welcome to 魏" in welcome["Subject"] and "讀者" in body(welcome)
    assert "/c/three-kingdoms/" in body(welcome)
    (refusal,) = mail_server.to("lector@example.org")
    assert "兵員已足" in body(refusal) and "魏" in refusal["Subject"]
    assert refusal["Subject"].startswith("［象棋攻城］")  # in the applicant's Chinese
    pending = application_submit(user=newcomer("waiting"), kingdom=wei(world), message="")
    assert not application_mail_send(application_id=pending.pk)  # nothing decided, nothing mailed


def test_a_user_whose_officer_left_is_admitted_again_with_the_same_officer(world):
    from orders.services.kingdoms import officer_leave

    enrolling(world)
    guojia = world["郭嘉"]
    officer_leave(actor=guojia)
    application = application_submit(user=guojia.user, kingdom=world["劉備"].kingdom, message="改投")
    officer = officer_admit(
        user=world["劉備"].user,
        application=application,
        name="郭奉孝",
        stars=13,
        kind="strategist",
        title="",
        city=world.city("成都"),
    )
    assert officer.pk == guojia.pk and officer.kingdom.name == "蜀" and officer.name == "郭奉孝"
