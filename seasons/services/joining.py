"""Joining a kingdom: invitation links (made by its king or an organiser, with an expiry and a number
of uses, revocable), applications (by following a link, or with a message while the campaign is
enrolling), and the decision on each (the king or an organiser admits, setting the officer's name,
stars, kind, title and starting city, or refuses with a reason). The applicant is told by mail in
the language they applied in, and on the join page; the kingdom reads the welcome on its palace.

Decisions: a message application only while the campaign is enrolling (the organiser's phase for
it); an invitation link also works during the war (a king recruiting as on the forum), never in a
draft or an ended campaign. A link's secret is kept only as its SHA-256 digest, as access tokens
are; its uses are counted by compare-and-set, so two followers racing for its last use get one
application. One officer per user per campaign: a user whose officer left their kingdom (or lost it,
R10.5) applies again and, admitted, their officer (and its history) joins the new kingdom."""

import logging
import math
import secrets
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from campaign import announcements as texts
from campaign import clock
from campaign.authority import may_manage_members, require_campaign_open, require_two_factor
from campaign.digests import digest
from campaign.errors import NotAllowed, RuleViolation, TooFast
from campaign.models import Campaign, Kingdom, Officer, OfficerKind, Whereabouts
from campaign.rules.names import normal_name
from campaign.rules.personnel import valid_stars
from campaign.selectors.names import officer_name_checked
from campaign.services.notices import duties_recount, notices_send
from campaign.text_refusals import checked_name, checked_text
from campaign.timers import send_soon
from cities.models import City
from forum.services.boards import post_system
from seasons.models import Application, Invitation
from seasons.selectors.joining import invitation_found

log = logging.getLogger(__name__)
MAIL_TASK = "campaign.tasks.send_application_mail"
SECRET_LENGTH = 32  # bytes of randomness in a link (43 characters in the address)
MAX_USES = 100
LONGEST = timedelta(days=60)
SHORTEST = timedelta(hours=1)
JOINING = (Campaign.Status.ENROLMENT, Campaign.Status.WAR)


def _kingdom_open(kingdom: Kingdom, statuses=JOINING) -> None:
    if kingdom.campaign.status not in statuses:
        if tuple(statuses) == (Campaign.Status.ENROLMENT,):
            raise RuleViolation("R1.1", _("%(campaign)s is not enrolling.") % {"campaign": kingdom.campaign.name})
        raise RuleViolation("R1.1", _("%(campaign)s takes no new members now.") % {"campaign": kingdom.campaign.name})
    if kingdom.status != Kingdom.Status.ACTIVE:
        raise RuleViolation("R1.2", _("%(kingdom)s has been destroyed.") % {"kingdom": kingdom.name})


def _require_manager(user, kingdom: Kingdom) -> None:
    if not may_manage_members(user, kingdom):
        raise NotAllowed(
            "R2.1", _("Only the king of %(kingdom)s or an organiser manages its members.") % {"kingdom": kingdom.name}
        )
    require_two_factor(user, kingdom.campaign)


def _no_officer_yet(user, campaign: Campaign) -> Officer | None:
    """The user's officer if it has no kingdom (it left, or lost it); refused if it has one."""
    officer = Officer.objects.filter(campaign=campaign, user=user).select_related("kingdom").first()
    if officer is not None and officer.kingdom_id is not None:
        raise RuleViolation(
            "R1.5",
            _("You already have an officer in this campaign (%(name)s of %(kingdom)s): one officer per player.")
            % {"name": officer.name, "kingdom": officer.kingdom},
        )
    return officer


@transaction.atomic
def invitation_create(*, user, kingdom: Kingdom, expires_in: timedelta, max_uses: int) -> tuple[Invitation, str]:
    """A new link into the kingdom and its secret (shown to its maker; only the digest is kept)."""
    _require_manager(user, kingdom)
    _kingdom_open(kingdom)
    if not SHORTEST <= expires_in <= LONGEST:
        raise RuleViolation("R1.1", _("An invitation lasts from one hour to 60 days."))
    if not 1 <= max_uses <= MAX_USES:
        raise RuleViolation("R1.1", _("An invitation may be used from 1 to %(n)d times.") % {"n": MAX_USES})
    secret = secrets.token_urlsafe(SECRET_LENGTH)
    now = clock.now()
    invitation = Invitation.objects.create(
        campaign=kingdom.campaign,
        kingdom=kingdom,
        token_hash=digest(secret),
        created_by=user,
        created_at=now,
        expires_at=now + expires_in,
        max_uses=max_uses,
    )
    return invitation, secret


@transaction.atomic
def invitation_revoke(*, user, invitation: Invitation) -> Invitation:
    """The link stops working at once; the applications it made stay."""
    _require_manager(user, invitation.kingdom)
    require_campaign_open(invitation.kingdom.campaign)  # an ended war is archived, read-only
    if invitation.revoked_at is None:
        invitation.revoked_at = clock.now()
        Invitation.objects.filter(pk=invitation.pk, revoked_at__isnull=True).update(revoked_at=invitation.revoked_at)
    return invitation


def _withdraw_pending(user, campaign: Campaign) -> None:
    pending = Application.objects.filter(campaign=campaign, user=user, status=Application.Status.PENDING)
    replaced = list(pending)
    pending.update(status=Application.Status.WITHDRAWN, decided_at=clock.now())
    for application in replaced:
        duties_recount(key=application.duty_key)


def _cooled_down(user, kingdom: Kingdom) -> None:
    """Refused (TooFast) while the user's own withdrawal of an application to the kingdom is more
    recent than APPLICATION_COOLDOWN_SECONDS: applying and withdrawing in a loop floods no king."""
    cooldown = timedelta(seconds=settings.APPLICATION_COOLDOWN_SECONDS)
    now = clock.now()
    withdrawn = (
        Application.objects.filter(
            kingdom=kingdom,
            user=user,
            status=Application.Status.WITHDRAWN,
            decided_by=user,
            decided_at__gt=now - cooldown,
        )
        .order_by("-decided_at")
        .values_list("decided_at", flat=True)
        .first()
    )
    if withdrawn is not None:
        wait = (withdrawn + cooldown - now).total_seconds()
        raise TooFast(
            "R1.5",
            _(
                "You withdrew your application to %(kingdom)s moments ago: you may apply to it again in "
                "%(minutes)d minutes."
            )
            % {"kingdom": kingdom.name, "minutes": max(1, math.ceil(wait / 60))},
            retry_after=wait,
        )


def _create(**fields) -> Application:
    """The application, or a refusal when another of the user's, made meanwhile, waits (the
    database keeps one pending application per user and campaign)."""
    try:
        with transaction.atomic():
            return Application.objects.create(**fields)
    except IntegrityError:
        waiting = _("You already have an application awaiting its decision; withdraw it first.")
        raise RuleViolation("R1.5", waiting) from None


def _tell_king(application: Application) -> Application:
    """The kingdom's king hears of a new application on their page, by push and by mail (as their
    mail settings say): a duty until it is decided or withdrawn, one per applicant and kingdom (the
    same applicant applying again is told once)."""
    notices_send(
        campaign_id=application.campaign_id, officer_ids=[application.kingdom.king_id], key=application.duty_key
    )
    return application


@transaction.atomic
def invitation_follow(*, user, campaign: Campaign, secret: str) -> Application:
    """A logged-in user follows a link: an application to its kingdom, marked as invited, that the
    king or an organiser admits. It replaces the user's own pending application, if any."""
    invitation = invitation_found(campaign=campaign, secret=secret)
    _kingdom_open(invitation.kingdom)
    _no_officer_yet(user, campaign)
    _cooled_down(user, invitation.kingdom)
    now = clock.now()
    counted = Invitation.objects.filter(
        pk=invitation.pk, uses__lt=F("max_uses"), revoked_at__isnull=True, expires_at__gt=now
    ).update(uses=F("uses") + 1)
    if counted != 1:  # another follower took the last use since it was read
        raise RuleViolation("R1.1", _("This invitation has been used up."))
    _withdraw_pending(user, campaign)
    application = _create(
        campaign=campaign,
        kingdom=invitation.kingdom,
        user=user,
        invitation=invitation,
        created_at=now,
        language=translation.get_language() or "",
    )
    return _tell_king(application)


@transaction.atomic
def application_submit(*, user, kingdom: Kingdom, message: str) -> Application:
    """A user asks to join a kingdom, with a message for its king (while the campaign enrols)."""
    _kingdom_open(kingdom, (Campaign.Status.ENROLMENT,))
    _no_officer_yet(user, kingdom.campaign)
    _cooled_down(user, kingdom)
    message = checked_text(message.strip(), field=_("message"), clause="R1.5", max_length=2000)
    pending = Application.objects.filter(campaign=kingdom.campaign, user=user, status=Application.Status.PENDING)
    waiting = pending.select_related("kingdom").first()
    if waiting is not None:
        raise RuleViolation(
            "R1.5",
            _("Your application to %(kingdom)s awaits its decision; withdraw it first.") % {"kingdom": waiting.kingdom},
        )
    application = _create(
        campaign=kingdom.campaign,
        kingdom=kingdom,
        user=user,
        message=message,
        created_at=clock.now(),
        language=translation.get_language() or "",
    )
    return _tell_king(application)


def _pending(application: Application, manager=None) -> Application:
    """The application locked; a `manager` (a user) must be its kingdom's king or an organiser, checked
    before whether it still waits (who may not decide learns nothing of its state)."""
    locked = (
        Application.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__campaign", "kingdom__palace", "kingdom__king", "user")
        .get(pk=application.pk)
    )
    if manager is not None:
        _require_manager(manager, locked.kingdom)
    if locked.status != Application.Status.PENDING:
        raise RuleViolation("R1.5", _("This application has already been decided or withdrawn."))
    return locked


@transaction.atomic
def application_withdraw(*, user, application: Application) -> Application:
    if application.user_id != user.pk:
        raise NotAllowed("R1.5", _("Only its applicant withdraws an application."))
    application = _pending(application)
    # decided by its applicant: the cooldown before they apply to that kingdom again counts from it
    application.status, application.decided_at, application.decided_by = Application.Status.WITHDRAWN, clock.now(), user
    application.save(update_fields=["status", "decided_at", "decided_by"])
    duties_recount(key=application.duty_key)
    return application


def _checked_officer(campaign: Campaign, name: str, stars: int, kind: str, title: str) -> tuple[str, str]:
    name = checked_name(normal_name(name), field=_("name"), clause="R1.5", max_length=50)
    if not name:
        raise RuleViolation("R1.5", _("An officer needs a name."))
    title = checked_text(
        title.strip(), field=pgettext("an officer's title", "title"), clause="R1.5", max_length=50, multiline=False
    )
    if not valid_stars(stars):
        raise RuleViolation("R1.5", _("A star level is between 1 and 25."))
    if kind not in OfficerKind.values:
        raise RuleViolation("R1.6", _("An officer is a general, an administrator, a historian or a strategist."))
    return name, title


@transaction.atomic
def officer_admit(
    *, user, application: Application, name: str, stars: int, kind: str, title: str, city: City
) -> Officer:
    """The king or an organiser admits an applicant: their officer, in one of the kingdom's cities
    (R1.5), with the stars (1–25), kind (R1.6) and title given."""
    application = _pending(application, manager=user)
    kingdom, campaign = application.kingdom, application.kingdom.campaign
    _kingdom_open(kingdom)
    name, title = _checked_officer(campaign, name, stars, kind, title)
    if city.kingdom_id != kingdom.pk:
        raise RuleViolation(
            "R1.5", _("%(city)s is not a city of %(kingdom)s.") % {"city": city.name, "kingdom": kingdom.name}
        )
    existing = _no_officer_yet(application.user, campaign)
    if existing is not None and existing.whereabouts in (Whereabouts.PRISONER, Whereabouts.ARMY):
        raise RuleViolation(
            "R10.6", _("%(name)s is held prisoner or with an army: admitted once free.") % {"name": existing.name}
        )
    namesakes = Officer.objects.filter(campaign=campaign, name=name)
    if existing is not None:
        namesakes = namesakes.exclude(pk=existing.pk)
    if namesakes.exists():
        raise RuleViolation("R1.5", _("An officer named %(name)s already serves in this campaign.") % {"name": name})
    name = officer_name_checked(campaign=campaign, name=name, officer=existing)  # no look-alike (R1.5)
    fields = dict(
        kingdom=kingdom, name=name, stars=stars, kind=kind, title=title, whereabouts=Whereabouts.CITY, city=city
    )
    if existing is None:
        officer = Officer.objects.create(campaign=campaign, user=application.user, **fields)
    else:  # the same officer, its games and ledger, joins its new kingdom
        Officer.objects.filter(pk=existing.pk).update(**fields)
        officer = Officer.objects.get(pk=existing.pk)
    now = clock.now()
    application.status, application.decided_at, application.decided_by = Application.Status.ADMITTED, now, user
    application.officer = officer
    application.save(update_fields=["status", "decided_at", "decided_by", "officer"])
    duties_recount(key=application.duty_key)
    title_text, body = texts.officer_admitted(officer, stars, kingdom.name, city)
    post_system(board=kingdom.palace, title=title_text, body=body, at=now, event_key=f"admitted:{application.pk}")
    _mail_on_commit(application.pk)
    return officer


@transaction.atomic
def application_refuse(*, user, application: Application, reason: str) -> Application:
    """The king or an organiser refuses, with a reason the applicant reads (mail, the join page)."""
    application = _pending(application, manager=user)
    require_campaign_open(application.kingdom.campaign)  # an ended war is archived, read-only
    reason = checked_text(reason.strip(), field=_("reason"), clause="R1.5", max_length=2000)
    if not reason:
        raise RuleViolation("R1.5", _("A refusal gives the applicant its reason."))
    application.status, application.decided_at, application.decided_by = (
        Application.Status.REFUSED,
        clock.now(),
        user,
    )
    application.reason = reason
    application.save(update_fields=["status", "decided_at", "decided_by", "reason"])
    duties_recount(key=application.duty_key)
    _mail_on_commit(application.pk)
    return application


def _mail_on_commit(application_id: int) -> None:
    transaction.on_commit(lambda: send_soon(lambda: _queue_mail(application_id)))


def _queue_mail(application_id: int) -> None:
    try:
        current_app.send_task(MAIL_TASK, args=[application_id], ignore_result=True, retry=False)
    except Exception:  # Redis down: the join page still says how it was decided
        log.warning("could not queue the decision mail of application %s", application_id, exc_info=True)


def application_mail_send(*, application_id: int) -> bool:
    """The decision mailed to the applicant's account address, in the language they applied in;
    False when there is nothing to send (no address, not decided)."""
    application = (
        Application.objects.select_related("user", "kingdom__campaign", "officer").filter(pk=application_id).first()
    )
    decided = (Application.Status.ADMITTED, Application.Status.REFUSED)
    if application is None or application.status not in decided or not application.user.email:
        return False
    campaign = application.kingdom.campaign
    with translation.override(application.language or settings.LANGUAGE_CODE):
        names = {"kingdom": application.kingdom.name, "campaign": campaign.name}
        if application.status == Application.Status.ADMITTED:
            assert application.officer is not None  # set as it is admitted
            subject = _("[Chess Siege] Welcome to %(kingdom)s") % names
            link = settings.SITE_URL + reverse("dashboard", args=[campaign.slug])
            body = _("%(kingdom)s of %(campaign)s admitted you as %(name)s.\n\nYour dashboard: %(link)s") % (
                names | {"name": application.officer.name, "link": link}
            )
        else:
            subject = _("[Chess Siege] Your application to %(kingdom)s") % names
            link = settings.SITE_URL + reverse("join", args=[campaign.slug])
            body = _("%(kingdom)s of %(campaign)s refused your application:\n\n%(reason)s\n\n%(link)s") % (
                names | {"reason": application.reason, "link": link}
            )
        EmailMessage(subject, body, to=[application.user.email]).send()
    return True
