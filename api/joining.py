"""Joining and the kingdom pages through the API: a kingdom's page (king, capital, cities, the table
of posts and the roster with presence), its pending applications and invitation links (its king or an
organiser), the caller's own application; and every act of the join and kingdom pages, with the URL
names of their forms, calling the forms' services (which check who may)."""

from datetime import datetime, timedelta

from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Schema

from api import schemas
from api.forms import as_form
from api.router import act, read
from campaign import clock, lookups
from campaign.authority import may_manage_members, require_officer
from campaign.errors import NotAllowed
from campaign.inputs import posted_int, posted_object
from campaign.models import Kingdom
from orders.services import kingdoms
from seasons import lookups as season_lookups
from seasons.models import Application
from seasons.selectors.joining import (
    applications_of,
    invitations_of,
    kingdom_page_for,
    pending_applications,
)
from seasons.services import joining


class RosterOfficerOut(schemas.OfficerOut):
    online: bool


class PostOut(Schema):
    post: str
    where: str
    holder_id: int | None


class KingdomPageOut(schemas.KingdomOut):
    city_ids: list[int]
    posts: list[PostOut]
    officers: list[RosterOfficerOut]


class ApplicationOut(Schema):
    id: int
    kingdom_id: int
    username: str
    status: str
    message: str
    reason: str
    invited: bool
    created_at: datetime
    decided_at: datetime | None
    officer_id: int | None


class InvitationOut(Schema):
    id: int
    kingdom_id: int
    created_at: datetime
    expires_at: datetime
    max_uses: int
    uses: int
    revoked_at: datetime | None


class NewInvitationOut(InvitationOut):
    link: str  # shown this once: only its digest is kept


class Apply(Schema):
    kingdom: int
    message: str = ""


class NewInvitation(Schema):
    days: int
    uses: int


class Admission(Schema):
    name: str
    stars: int
    kind: str
    title: str = ""
    city: int


class Refusal(Schema):
    reason: str


class Choice(Schema):
    officer: int


def _application_out(application: Application) -> dict:
    return {
        "id": application.pk,
        "kingdom_id": application.kingdom_id,
        "username": application.user.username,
        "status": application.status,
        "message": application.message,
        "reason": application.reason,
        "invited": application.invitation_id is not None,
        "created_at": application.created_at,
        "decided_at": application.decided_at,
        "officer_id": application.officer_id,
    }


def _managed(request, slug: str, kingdom_id: int) -> Kingdom:
    kingdom = lookups.kingdom(lookups.campaign_by_slug(slug), kingdom_id)
    if not may_manage_members(request.auth.user, kingdom):
        raise NotAllowed(
            "R2.1", _("Only the king of %(kingdom)s or an organiser manages its members.") % {"kingdom": kingdom.name}
        )
    return kingdom


@read("/c/{slug}/kingdoms/{kingdom_id}", KingdomPageOut, "api-kingdom")
def kingdom(request, slug: str, kingdom_id: schemas.Id):
    """A kingdom's page: king, capital, cities, the table of posts 官職表 and the roster, each officer
    with their presence (R2.6)."""
    campaign = lookups.campaign_by_slug(slug)
    view = kingdom_page_for(campaign=campaign, kingdom_id=kingdom_id, user=request.auth.user, now=clock.now())
    found = view.kingdom
    return {
        "id": found.pk,
        "name": found.name,
        "colour": found.colour,
        "king_id": found.king_id,
        "capital_id": found.capital_id,
        "status": found.status,
        "city_ids": [c.pk for c in view.cities],
        "posts": [
            {"post": p.post, "where": p.where, "holder_id": p.holder.pk if p.holder else None} for p in view.posts
        ],
        "officers": view.officers,
    }


@read("/c/{slug}/kingdoms/{kingdom_id}/applications", list[ApplicationOut], "api-kingdom-applications")
def kingdom_applications(request, slug: str, kingdom_id: schemas.Id):
    """The applications waiting for the kingdom's decision (its king or an organiser)."""
    found = _managed(request, slug, kingdom_id)
    return [_application_out(a) for a in pending_applications(found)]


@read("/c/{slug}/kingdoms/{kingdom_id}/invitations", list[InvitationOut], "api-kingdom-invitations")
def kingdom_invitations(request, slug: str, kingdom_id: schemas.Id):
    """The kingdom's invitation links, the newest first (its king or an organiser); never their secret."""
    return invitations_of(_managed(request, slug, kingdom_id))


@read("/c/{slug}/join", list[ApplicationOut], "api-join")
def my_applications(request, slug: str):
    """The token's user's applications in this campaign, the newest first (their status and reason)."""
    campaign = lookups.campaign_by_slug(slug)
    if not request.auth.user.is_authenticated:
        raise NotAllowed(
            "R1.5", _("Send a valid personal access token: “Authorization: Bearer cs_…” (made on the Tokens page).")
        )
    return [_application_out(a) for a in applications_of(user=request.auth.user, campaign=campaign)]


@act("/c/{slug}/join/apply", ApplicationOut, "application-submit")
def application_submit(request, slug: str, data: Apply):
    """Apply to a kingdom with a message for its king (while the campaign enrols)."""
    campaign = lookups.campaign_by_slug(slug)
    found = posted_object(as_form(data), "kingdom", lookups.kingdoms(campaign).select_related("campaign"), "R1.2")
    return _application_out(joining.application_submit(user=request.auth.user, kingdom=found, message=data.message))


def _application(slug: str, application_id: int) -> Application:
    return season_lookups.application(lookups.campaign_by_slug(slug), application_id)


@act("/c/{slug}/join/applications/{application_id}/withdraw", ApplicationOut, "application-withdraw")
def application_withdraw(request, slug: str, application_id: schemas.Id):
    """Withdraw one's own pending application."""
    application = _application(slug, application_id)
    return _application_out(joining.application_withdraw(user=request.auth.user, application=application))


@act("/c/{slug}/join/{secret}/follow", ApplicationOut, "invitation-follow")
def invitation_follow(request, slug: str, secret: str):
    """Follow an invitation link: an application to its kingdom, marked as invited."""
    campaign = lookups.campaign_by_slug(slug)
    application = joining.invitation_follow(user=request.auth.user, campaign=campaign, secret=secret)
    return _application_out(application)


@act("/c/{slug}/kingdoms/{kingdom_id}/invitations", NewInvitationOut, "invitation-new")
def invitation_new(request, slug: str, kingdom_id: schemas.Id, data: NewInvitation):
    """Make an invitation link (its king or an organiser): `days` 1–60, `uses` 1–100; the link is in
    this answer only."""
    found = lookups.kingdom(lookups.campaign_by_slug(slug), kingdom_id)
    form = as_form(data)
    days = posted_int(form, "days", "R1.1", minimum=1, maximum=60)
    uses = posted_int(form, "uses", "R1.1", minimum=1, maximum=1000)
    invitation, secret = joining.invitation_create(
        user=request.auth.user, kingdom=found, expires_in=timedelta(days=days), max_uses=uses
    )
    link = request.build_absolute_uri(reverse("invitation", args=[slug, secret]))
    return InvitationOut.from_orm(invitation).dict() | {"link": link}


@act("/c/{slug}/invitations/{invitation_id}/revoke", InvitationOut, "invitation-revoke")
def invitation_revoke(request, slug: str, invitation_id: schemas.Id):
    """Revoke an invitation link (its king or an organiser)."""
    invitation = season_lookups.invitation(lookups.campaign_by_slug(slug), invitation_id)
    return joining.invitation_revoke(user=request.auth.user, invitation=invitation)


@act("/c/{slug}/applications/{application_id}/admit", schemas.OfficerOut, "officer-admit")
def officer_admit(request, slug: str, application_id: schemas.Id, data: Admission):
    """Admit an applicant (the king or an organiser): the officer's name, stars 1–25 (R1.5), kind (R1.6),
    title and starting city, one of the kingdom's."""
    application = _application(slug, application_id)
    form = as_form(data)
    city = posted_object(form, "city", lookups.cities(lookups.campaign_by_slug(slug)), "R1.5")
    return joining.officer_admit(
        user=request.auth.user,
        application=application,
        name=data.name,
        stars=posted_int(form, "stars", "R1.5", maximum=1000),
        kind=data.kind,
        title=data.title,
        city=city,
    )


@act("/c/{slug}/applications/{application_id}/refuse", ApplicationOut, "application-refuse")
def application_refuse(request, slug: str, application_id: schemas.Id, data: Refusal):
    """Refuse an applicant with a reason they read (the king or an organiser)."""
    application = _application(slug, application_id)
    return _application_out(
        joining.application_refuse(user=request.auth.user, application=application, reason=data.reason)
    )


@act("/c/{slug}/kingdoms/{kingdom_id}/king", schemas.KingdomOut, "king-appoint")
def king_appoint(request, slug: str, kingdom_id: schemas.Id, data: Choice):
    """Appoint the king of a kingdom that has none (an organiser)."""
    campaign = lookups.campaign_by_slug(slug)
    officer = posted_object(as_form(data), "officer", lookups.officers(campaign), "R1.2")
    return kingdoms.king_appoint(user=request.auth.user, kingdom=lookups.kingdom(campaign, kingdom_id), officer=officer)


@act("/c/{slug}/crown", schemas.KingdomOut, "crown-hand-on")
def crown_hand_on(request, slug: str, data: Choice):
    """Hand the crown to another officer of the kingdom (the king, R2.1)."""
    campaign = lookups.campaign_by_slug(slug)
    actor = require_officer(request.auth.user, campaign)
    officer = posted_object(as_form(data), "officer", lookups.officers(campaign), "R2.1")
    return kingdoms.crown_hand_on(actor=actor, officer=officer)


@act("/c/{slug}/leave", schemas.OfficerOut, "officer-leave")
def officer_leave(request, slug: str):
    """Leave one's kingdom: one's posts are vacated, the officer stays without a kingdom."""
    return kingdoms.officer_leave(actor=require_officer(request.auth.user, lookups.campaign_by_slug(slug)))
