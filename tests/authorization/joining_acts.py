"""The matrix's rows for joining and the kingdom pages: applications and invitation links (the
applicant, a user with no officer: "newcomer"), admission and refusal (the king or an organiser),
the crown (an organiser appoints, the king hands it on) and leaving (the officer themself)."""

from datetime import timedelta

from django.contrib.auth import get_user_model

from campaign.models import Campaign, Kingdom
from seasons.services.joining import application_submit, invitation_create
from tests.authorization.cases import Case, allow, refuse

NEWCOMER = "newcomer"


def newcomer_user():
    """The applicant of the joining rows: a user without an officer (acting() logs them in)."""
    user, _created = get_user_model().objects.get_or_create(username=NEWCOMER, defaults={"email": "n@example.org"})
    return user


def _enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()
    return world["曹操"].kingdom


def _application(world):
    return application_submit(user=newcomer_user(), kingdom=_enrolling(world), message="願往")


MANAGERS = {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("曹操")}


def application_submit_case(world, clock):
    return Case([], {"kingdom": _enrolling(world).pk, "message": "願往"}, {"right": allow(NEWCOMER)})


def application_withdraw(world, clock):
    return Case([_application(world).pk], {}, {"other": refuse("孫權"), "right": allow(NEWCOMER)})


def invitation_follow_case(world, clock):
    _invitation, secret = invitation_create(
        user=world["曹操"].user, kingdom=_enrolling(world), expires_in=timedelta(days=1), max_uses=1
    )
    return Case([secret], {}, {"right": allow(NEWCOMER)})


def invitation_new(world, clock):
    return Case([_enrolling(world).pk], {"days": "7", "uses": "2"}, MANAGERS)


def invitation_revoke(world, clock):
    invitation, _secret = invitation_create(
        user=world["曹操"].user, kingdom=_enrolling(world), expires_in=timedelta(days=1), max_uses=1
    )
    return Case([invitation.pk], {}, MANAGERS)


def officer_admit_case(world, clock):
    data = {"name": "新人", "stars": "10", "kind": "general", "title": "校尉", "city": world.city("洛陽").pk}
    return Case([_application(world).pk], data, MANAGERS | {"party": refuse(NEWCOMER)})


def application_refuse_case(world, clock):
    return Case([_application(world).pk], {"reason": "兵員已足"}, MANAGERS | {"party": refuse(NEWCOMER)})


def king_appoint_case(world, clock):
    """An organiser (a site admin is one) names the king of a kingdom without one; not its officers."""
    kingdom = world["曹操"].kingdom
    Kingdom.objects.filter(pk=kingdom.pk).update(king=None)
    return Case(
        [kingdom.pk],
        {"officer": world["司馬懿"].pk},
        {"other": refuse("孫權"), "same": refuse("荀彧"), "party": refuse("司馬懿"), "right": allow("superuser")},
    )


def crown_hand_on_case(world, clock):
    return Case(
        [],
        {"officer": world["司馬懿"].pk},
        {"other": refuse("周瑜"), "same": refuse("荀彧"), "party": refuse("司馬懿"), "right": allow("曹操")},
    )


def officer_leave_case(world, clock):
    return Case([], {}, {"right": allow("郭嘉")})
