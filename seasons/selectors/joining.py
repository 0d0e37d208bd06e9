"""The reads of joining and of the kingdom pages: the join page (the kingdoms to apply to, the
visitor's application), an invitation link, the list of kingdoms, and a kingdom's page (king,
capital, cities, the table of posts 官職表 and the roster with presence, R2.6; for its king or an
organiser the pending applications and the invitations). Each a fixed number of queries."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Prefetch, Q
from django.http import Http404
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import may_manage_members, officer_online
from campaign.digests import digest
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Officer, OfficerKind
from cities.models import City
from forum.markup import render_markdown
from forum.models import BoardModerator
from seasons.models import Application, Invitation


@dataclass(frozen=True)
class JoinView:
    enrolling: bool
    kingdoms: list[Kingdom]
    application: Application | None  # the visitor's latest, pending or decided


def join_page_for(*, user, campaign: Campaign) -> JoinView:
    """Two queries: the visitor's latest application (its kingdom, its officer) and the kingdoms."""
    application = (
        Application.objects.filter(campaign=campaign, user=user)
        .exclude(status=Application.Status.WITHDRAWN)
        .select_related("kingdom", "officer")
        .order_by("-created_at", "-pk")
        .first()
    )
    if application is not None and application.reason:
        application.reason_html = render_markdown(application.reason)  # type: ignore[attr-defined]
    enrolling = campaign.status == Campaign.Status.ENROLMENT
    kingdoms = list(campaign.kingdoms.filter(status=Kingdom.Status.ACTIVE).order_by("pk")) if enrolling else []
    return JoinView(enrolling=enrolling, kingdoms=kingdoms, application=application)


def invitation_found(*, campaign: Campaign, secret: str) -> Invitation:
    """The invitation a link names, or the refusal that says why it does not work (one query)."""
    found = None
    if 20 <= len(secret) <= 100 and secret.isascii() and "\x00" not in secret:
        found = (
            Invitation.objects.select_related("kingdom__campaign", "campaign").filter(token_hash=digest(secret)).first()
        )
    if found is None:
        raise RuleViolation("R1.1", _("This invitation link is not known: check that it was copied whole."))
    if found.campaign_id != campaign.pk:
        raise RuleViolation("R1.1", _("This invitation is for another campaign, %(name)s.") % {"name": found.campaign})
    if found.revoked_at is not None:
        raise RuleViolation("R1.1", _("This invitation was revoked."))
    if found.expires_at <= clock.now():
        raise RuleViolation("R1.1", _("This invitation has expired."))
    if found.uses >= found.max_uses:
        raise RuleViolation("R1.1", _("This invitation has been used up."))
    return found


def kingdoms_of(*, campaign: Campaign) -> list[Kingdom]:
    """Every kingdom with its king and capital, and how many cities and officers it has (one query)."""
    return list(
        campaign.kingdoms.select_related("king", "capital")
        .annotate(
            city_count=Count("cities", distinct=True),
            officer_count=Count("officers", distinct=True),
        )
        .order_by("pk")
    )


@dataclass(frozen=True)
class Post:
    """A row of the table of posts 官職表: the post, the city or board it is of, who holds it."""

    post: str
    where: str
    holder: Officer | None


@dataclass(frozen=True)
class KingdomView:
    kingdom: Kingdom
    cities: list[City]
    officers: list[Officer]  # the roster, most stars first; each with `online` (R2.6)
    posts: list[Post]
    manages: bool  # the viewer is its king or an organiser
    applications: list[Application] = field(default_factory=list)
    invitations: list[Invitation] = field(default_factory=list)


def _posts(kingdom: Kingdom, cities: list[City], officers: list[Officer]) -> list[Post]:
    by_id = {o.pk: o for o in officers}
    posts = [Post(_("King"), kingdom.name, by_id.get(kingdom.king_id or 0))]
    posts += [Post(_("Governor"), c.name, by_id.get(c.governor_id or 0)) for c in cities]
    for city in cities:
        posts += [Post(_("Board moderator"), city.name, by_id.get(m.officer_id)) for m in city.board.moderators.all()]
    civil = [o for o in officers if o.kind != OfficerKind.GENERAL]
    posts += [Post(o.get_kind_display(), o.title, o) for o in sorted(civil, key=lambda o: (o.kind, -o.stars, o.name))]
    return posts


def kingdom_page_for(*, campaign: Campaign, kingdom_id: int, user, now: datetime) -> KingdomView:
    """Three queries (the kingdom, its cities with their boards' moderators, its officers with their
    presence), four more for its king or an organiser (the organiser check, the applications, the
    invitations)."""
    kingdom = (
        Kingdom.objects.filter(campaign=campaign, pk=kingdom_id).select_related("king", "capital", "campaign").first()
    )
    if kingdom is None:
        raise Http404
    kingdom.campaign = campaign
    cities = list(
        City.objects.filter(kingdom=kingdom)
        .select_related("board")
        .prefetch_related(Prefetch("board__moderators", queryset=BoardModerator.objects.order_by("pk")))
        .order_by("pk")
    )
    officers = list(
        Officer.objects.filter(kingdom=kingdom).select_related("city", "user__presence").order_by("-stars", "name")
    )
    for officer in officers:
        officer.campaign = campaign
        officer.online = officer_online(officer, now)  # type: ignore[attr-defined]
    manages = may_manage_members(user, kingdom)
    applications: list[Application] = []
    invitations: list[Invitation] = []
    if manages:
        applications = list(
            kingdom.applications.filter(status=Application.Status.PENDING).select_related("user").order_by("pk")
        )
        for application in applications:
            application.message_html = render_markdown(application.message)  # type: ignore[attr-defined]
        invitations = list(
            kingdom.invitations.filter(Q(revoked_at__isnull=True, expires_at__gt=now)).order_by("-created_at")
        )
    return KingdomView(
        kingdom=kingdom,
        cities=cities,
        officers=officers,
        posts=_posts(kingdom, cities, officers),
        manages=manages,
        applications=applications,
        invitations=invitations,
    )


def pending_applications(kingdom: Kingdom) -> list[Application]:
    return list(kingdom.applications.filter(status=Application.Status.PENDING).select_related("user").order_by("pk"))


def invitations_of(kingdom: Kingdom) -> list[Invitation]:
    """Every link of the kingdom, the newest first (their secrets are not kept)."""
    return list(kingdom.invitations.order_by("-created_at", "-pk"))


def applications_of(*, user, campaign: Campaign) -> list[Application]:
    """The user's applications in the campaign, the newest first."""
    found = Application.objects.filter(campaign=campaign, user=user).select_related("user")
    return list(found.order_by("-created_at", "-pk"))
