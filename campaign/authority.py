"""Reads that answer "who holds which post" (R2). Services use these before they write."""

from datetime import datetime

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign import hooks
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Kingdom, Officer, OfficerKind, Presence, Whereabouts
from campaign.rules.personnel import is_online
from cities.models import City


def officer_of(user: User | AnonymousUser, campaign: Campaign, *, letters: bool = False) -> Officer | None:
    """The user's officer in the campaign; `letters`: with the navigation bar's counts of what waits
    for them, in the same query (`hooks.officer_counts`: the forum's `unread_letters`)."""
    if not user.is_authenticated:
        return None
    officers = Officer.objects.select_related("kingdom", "city", "user__presence")
    if letters:
        officers = officers.annotate(**{name: count() for name, count in hooks.officer_counts.items()})
    return officers.filter(campaign=campaign, user=user).first()


def require_officer(user: User | AnonymousUser, campaign: Campaign, *, letters: bool = False) -> Officer:
    officer = officer_of(user, campaign, letters=letters)
    if officer is None:
        raise NotAllowed("R1.5", _("You have no officer in this campaign."))
    return officer


def is_king(officer: Officer, kingdom: Kingdom | None) -> bool:
    """R2.1: the king of an active kingdom."""
    return (
        kingdom is not None
        and kingdom.status == Kingdom.Status.ACTIVE
        and kingdom.king_id == officer.pk
        and officer.whereabouts != Whereabouts.PRISONER
    )


def officer_online(officer: Officer, now: datetime) -> bool:
    """R2.6, read from the officer's user's last request."""
    try:
        last_seen = officer.user.presence.last_seen
    except Presence.DoesNotExist:
        last_seen = None
    return is_online(last_seen, now, officer.campaign.online_window)


def is_present_in(officer: Officer, city: City) -> bool:
    return officer.whereabouts == Whereabouts.CITY and officer.city_id == city.pk


def governor_can_act(city: City, now: datetime) -> bool:
    """The governor is there to decide: named, online (R2.6), and not on the road or held (R3.5)."""
    governor = city.governor
    return governor is not None and governor.whereabouts == Whereabouts.CITY and officer_online(governor, now)


def decides_for_city(officer: Officer, city: City, now: datetime, mover_id: int | None = None) -> bool:
    """R3.2: the city's governor decides; when the governor is not online, an administrator
    civil officer present in the city decides in their place. The king decides for every
    city of the kingdom (R2.1). When the governor is the one moving (`mover_id`), they are a
    party: an administrator present decides in their place, as when they are not online."""
    if is_king(officer, city.kingdom):
        return True
    if officer.kingdom_id != city.kingdom_id or officer.whereabouts != Whereabouts.CITY:
        return False  # R3.5: nobody on the road or held prisoner approves anything
    if city.governor_id == officer.pk:
        return True
    return (
        officer.kind == OfficerKind.ADMINISTRATOR
        and is_present_in(officer, city)
        and (not governor_can_act(city, now) or city.governor_id == mover_id)
    )


def may_manage_personnel(officer: Officer | None) -> bool:
    """The Personnel page has something for the king and for governors (R2.1, R2.3, R2.4, R3.2);
    no query for a king."""
    if officer is None:
        return False
    if officer.kingdom is not None and is_king(officer, officer.kingdom):
        return True
    return City.objects.filter(governor=officer).exists()


def is_organiser(user: User | AnonymousUser, campaign: Campaign) -> bool:
    """One of the campaign's organisers (several per campaign), or a site admin."""
    if not user.is_authenticated:
        return False
    return bool(user.is_superuser) or campaign.organisers.filter(pk=user.pk).exists()


def require_organiser(user: User | AnonymousUser, campaign: Campaign) -> None:
    """An organiser, logged in with the two factors the campaign may require of them."""
    if not is_organiser(user, campaign):
        raise NotAllowed("R1.1", _("Only the campaign's organisers may do this."))
    require_two_factor(user, campaign)


def two_factor_refusal() -> str:
    return _(
        "This campaign requires two-factor log-in of its organisers and kings: set up an "
        "authenticator app first (Account, Two-factor log-in)."
    )


def require_two_factor(user: User | AnonymousUser, campaign: Campaign) -> None:
    """Of one who runs the campaign (an organiser, a king), in every service they act through, so
    that no front end (pages, API) lets them past: an authenticator app (TOTP) when the campaign
    requires it. No query when it does not."""
    if (
        campaign.mfa_required
        and not Authenticator.objects.filter(user_id=user.pk, type=Authenticator.Type.TOTP).exists()
    ):
        raise NotAllowed("R1.1", two_factor_refusal())


def may_manage_members(user: User | AnonymousUser, kingdom: Kingdom) -> bool:
    """Who admits, refuses and invites into a kingdom: its king (R2.1) or an organiser."""
    if not user.is_authenticated:
        return False
    king = kingdom.king
    if king is not None and king.user_id == user.pk and is_king(king, kingdom):
        return True
    return is_organiser(user, kingdom.campaign)


def _local(campaign: Campaign, instant: datetime) -> str:
    return instant.astimezone(campaign.zone).strftime("%Y-%m-%d %H:%M")


def require_campaign_open(campaign: Campaign) -> None:
    """R1.1: an ended war is archived and read-only: boards, personnel and every other write are
    refused (a campaign in draft, enrolment or war is open)."""
    if campaign.status == Campaign.Status.ENDED:
        raise RuleViolation("R1.1", _("The war is over: this campaign is archived and read-only."))


def require_war_running(campaign: Campaign) -> None:
    """R1.1: the war's actions (moves, marches, sorties, sieges, stratagems, games) only while the
    war runs: not before it starts, not while it is paused, not after it ended."""
    require_campaign_open(campaign)
    if campaign.status != Campaign.Status.WAR:
        if campaign.war_starts_at is not None:
            raise RuleViolation(
                "R1.1",
                _("The war has not started yet: it starts at %(time)s.")
                % {"time": _local(campaign, campaign.war_starts_at)},
            )
        raise RuleViolation("R1.1", _("The war has not started yet."))
    if campaign.paused_at is not None:
        if campaign.paused_until is not None:
            raise RuleViolation(
                "R1.1", _("The war is paused until %(time)s.") % {"time": _local(campaign, campaign.paused_until)}
            )
        raise RuleViolation("R1.1", _("The war is paused."))


ORGANISE_PERMISSION = "campaign.organise_campaigns"


def creators_confirmed() -> bool:
    """The site's rule (CAMPAIGN_CREATORS): every confirmed account creates campaigns ("confirmed",
    the default), or only those a site admin gave the permission ("permitted")."""
    return settings.CAMPAIGN_CREATORS == "confirmed"


def may_create_campaigns(user: User | AnonymousUser) -> bool:
    """A user a site admin gave the permission (on their admin page); under the "confirmed" rule
    every user with a confirmed address too."""
    if not user.is_authenticated:
        return False
    if user.has_perm(ORGANISE_PERMISSION):  # a superuser has every permission
        return True
    return creators_confirmed() and EmailAddress.objects.filter(user=user, verified=True).exists()


def organise_link_shown(user: User | AnonymousUser) -> bool:
    """The menu's Organise: to every account under the "confirmed" rule (no query: a logged-in
    account has confirmed its address); under "permitted", to those given the permission and to
    the organisers others added to a campaign."""
    if not user.is_authenticated:
        return False
    if creators_confirmed() or user.has_perm(ORGANISE_PERMISSION):
        return True
    return Campaign.organisers.through.objects.filter(user_id=user.pk).exists()


def require_campaign_creator(user: User | AnonymousUser) -> None:
    if may_create_campaigns(user):
        return
    if creators_confirmed():
        raise NotAllowed("R1.1", _("Confirm your account's address first: every confirmed account may organise."))
    raise NotAllowed(
        "R1.1",
        _(
            "On this site the site's admins give the right to organise campaigns: ask them for it on the "
            "Organise page (/organise/)."
        ),
    )


def require_draft_room(user: User) -> None:
    """A few drafts at a time (DRAFTS_PER_ORGANISER) for an account that organises by the
    "confirmed" rule; one given the permission is not counted. The caller holds the user's row
    locked where it can (two creations at once count one after the other)."""
    if user.has_perm(ORGANISE_PERMISSION):
        return
    limit = settings.DRAFTS_PER_ORGANISER
    drafts = Campaign.objects.filter(organisers=user, status=Campaign.Status.DRAFT).count()
    if drafts >= limit:
        raise RuleViolation(
            "R1.1",
            ngettext(
                "You organise %(n)d campaign in draft, the most this site allows an organiser at a time: "
                "open its enrolment first (its season page).",
                "You organise %(n)d campaigns in draft, the most this site allows an organiser at a time: "
                "open one's enrolment first (its season page).",
                drafts,
            )
            % {"n": drafts},
        )
