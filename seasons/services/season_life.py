"""A campaign's life (R1.1): draft → enrolment → war → ended, moved only by its organisers (and by
its own timers: the start instant, the end instant, the planned end of a pause).

Each service locks the campaign's row first (`select_for_update`), so two organisers acting at
once get one result and, for the second, a clear refusal; each refusal changes nothing.

A pause holds the campaign's pending timers due after its instant with one compare-and-set
UPDATE (`pending` → `paused`: a timer a worker has claimed is already `done` and is left alone;
PostgreSQL's row locks make the UPDATE wait for a claiming batch and then skip what it took).
The resume makes them pending again, due the pause's length later, `sent_at` cleared so the
sweeper sends each as it nears; the war moves what its pages and clocks read
(`hooks.war_resume_hooks`). While paused, every war action is refused
(`authority.require_war_running`), so nothing schedules a war timer that the pause would miss.
"""

import json
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from campaign import announcements as texts
from campaign import clock, hooks
from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.models import Campaign, Move, Timer
from campaign.models.moves import ARRIVAL
from campaign.timers import UNPAUSED_KINDS, timer_handler, timer_schedule, timers_cancel, timers_pause_missed_hold
from forum.models import Board
from forum.services.boards import post_system
from seasons.models import WarPause
from seasons.world.export import world_export

WAR_START = "campaign.war_start"  # the instant the organiser set: the war begins
WAR_RESUME = "campaign.war_resume"  # a pause's planned end (never held by the pause)
WAR_END = "campaign.war_end"  # the end instant the organiser set (held and moved by a pause)
UNPAUSED_KINDS.update({WAR_START, WAR_RESUME, WAR_END})


def start_key(campaign: Campaign) -> str:
    return f"campaign:{campaign.pk}:war-start"


def end_key(campaign: Campaign) -> str:
    return f"campaign:{campaign.pk}:war-end"


def campaign_lock(campaign: Campaign) -> Campaign:
    """The campaign's row, locked for the rest of the transaction: the life's services and the
    war's end take it first. FOR NO KEY UPDATE (PostgreSQL): it serialises the organisers without
    blocking the rows that merely point at the campaign (a handler inserting its next timer or a
    ledger row takes FOR KEY SHARE on it), so a pause waiting for a claiming batch's timers never
    waits on a batch that waits on it."""
    return Campaign.objects.select_for_update(no_key=True).get(pk=campaign.pk)


def _local(campaign: Campaign, instant: datetime) -> str:
    return texts.local(campaign, instant)[:16]


def _require_not_ended(campaign: Campaign) -> None:
    if campaign.status == Campaign.Status.ENDED:
        assert campaign.ended_at is not None  # an ended campaign records when
        raise RuleViolation(
            "R1.1", _("The war already ended at %(time)s.") % {"time": _local(campaign, campaign.ended_at)}
        )


def _require_before_war(campaign: Campaign) -> None:
    _require_not_ended(campaign)
    if campaign.status == Campaign.Status.WAR:
        raise RuleViolation("R1.1", _("The war has already started."))


def _require_future(at: datetime, what: str) -> None:
    if at <= clock.now():
        raise RuleViolation("R1.1", _("The %(what)s must be in the future.") % {"what": what})


def _palace_posts(campaign: Campaign, key: str, at: datetime, post: tuple[str, str]) -> None:
    title, body = post
    for board in Board.objects.filter(campaign=campaign, kind=Board.Kind.PALACE).order_by("pk"):
        post_system(board=board, title=title, body=body, at=at, event_key=f"{key}:{board.pk}")


def _timer_set(campaign: Campaign, *, key: str, kind: str, due_at: datetime) -> None:
    """The campaign's one timer under `key` due at `due_at` (an instant the organiser changes). Set
    during a pause, it is taken as given: not held, not moved by the rest of the pause."""
    Timer.objects.filter(key=key).delete()  # the key is unique; a message already sent finds nothing due
    timer_schedule(campaign=campaign, key=key, kind=kind, object_id=campaign.pk, due_at=due_at, pausable=False)


@transaction.atomic
def campaign_open_enrolment(*, user: User, campaign: Campaign) -> Campaign:
    """Draft → enrolment: players may join; boards and personnel work, no war action yet."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_before_war(campaign)
    if campaign.status != Campaign.Status.DRAFT:
        raise RuleViolation("R1.1", _("Enrolment is already open."))
    campaign.status = Campaign.Status.ENROLMENT
    campaign.save(update_fields=["status"])
    return campaign


@transaction.atomic
def war_start_set(*, user: User, campaign: Campaign, at: datetime) -> Campaign:
    """The instant the war starts (in draft or enrolment; changeable until then): a timer of its
    own starts it."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_before_war(campaign)
    _require_future(at, _("start instant"))
    if campaign.war_ends_at is not None and at >= campaign.war_ends_at:
        raise RuleViolation("R1.1", _("The war must start before its end instant."))
    campaign.war_starts_at = at
    campaign.save(update_fields=["war_starts_at"])
    _timer_set(campaign, key=start_key(campaign), kind=WAR_START, due_at=at)
    return campaign


@transaction.atomic
def war_start_now(*, user: User, campaign: Campaign) -> Campaign:
    """The war starts now, by the organiser's word (in draft or enrolment, before any end instant
    set); the start instant set before, if any, is dropped with its timer."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_before_war(campaign)
    at = clock.now()
    if campaign.war_ends_at is not None and at >= campaign.war_ends_at:
        raise RuleViolation("R1.1", _("The war must start before its end instant."))
    Timer.objects.filter(key=start_key(campaign)).delete()
    campaign.war_starts_at = at
    campaign.save(update_fields=["war_starts_at"])
    return war_start(campaign=campaign, at=at)


@timer_handler(WAR_START)
def war_start_due(timer: Timer) -> None:
    campaign = campaign_lock(Campaign(pk=timer.object_id))
    if campaign.status in (Campaign.Status.DRAFT, Campaign.Status.ENROLMENT) and campaign.war_starts_at == timer.due_at:
        war_start(campaign=campaign, at=timer.due_at)


def war_start(*, campaign: Campaign, at: datetime) -> Campaign:
    """The war begins at `at` (the start timer's instant): the world as it stands is kept as the
    season's opening world (the world file's plain form), the first local midnight is scheduled
    (R7.1), and every palace hears of it. Called with the campaign locked, in its transaction."""
    campaign.status = Campaign.Status.WAR
    campaign.opening_world = json.loads(world_export(campaign, fmt="json"))
    campaign.save(update_fields=["status", "opening_world"])
    for hook in hooks.war_start_hooks:
        hook(campaign, at)
    _palace_posts(campaign, f"campaign:{campaign.pk}:started", at, texts.war_started(campaign, at))
    return campaign


@transaction.atomic
def war_pause(*, user: User, campaign: Campaign, until: datetime | None = None) -> WarPause:
    """A holiday: every pending deadline after now is held (its timer `paused`) until the
    resume moves it by the pause's length. `until`: the war resumes by itself then."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_not_ended(campaign)
    if campaign.status != Campaign.Status.WAR:
        raise RuleViolation("R1.1", _("Only a war that has started can be paused."))
    if campaign.paused_at is not None:
        raise RuleViolation(
            "R1.1", _("The war is already paused (since %(time)s).") % {"time": _local(campaign, campaign.paused_at)}
        )
    if until is not None:
        _require_future(until, _("end of the pause"))
    now = clock.now()
    Timer.objects.filter(campaign=campaign, status=Timer.Status.PENDING, due_at__gt=now).update(
        status=Timer.Status.PAUSED
    )
    pause = WarPause.objects.create(campaign=campaign, started_at=now, planned_until=until, paused_by=user)
    campaign.paused_at, campaign.paused_until = now, until
    campaign.save(update_fields=["paused_at", "paused_until"])
    if until is not None:  # scheduled after the hold: the resume is the one timer the pause keeps running
        timer_schedule(
            campaign=campaign,
            key=f"campaign:{campaign.pk}:resume:{pause.pk}",
            kind=WAR_RESUME,
            object_id=pause.pk,
            due_at=until,
            pausable=False,
        )
    _palace_posts(campaign, f"pause:{pause.pk}", now, texts.war_paused(campaign, now, until))
    return pause


@transaction.atomic
def war_resume(*, user: User, campaign: Campaign) -> Campaign:
    """The organiser ends the pause now."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_not_ended(campaign)
    if campaign.paused_at is None:
        raise RuleViolation("R1.1", _("The war is not paused."))
    return _resume(campaign, at=clock.now())


@timer_handler(WAR_RESUME)
def war_resume_due(timer: Timer) -> None:
    """A pause's planned end: the war resumes by itself (unless it was resumed by hand)."""
    campaign = campaign_lock(Campaign(pk=timer.campaign_id))
    if campaign.paused_at is not None and WarPause.objects.filter(pk=timer.object_id, ended_at__isnull=True).exists():
        _resume(campaign, at=timer.due_at)


def _resume(campaign: Campaign, *, at: datetime) -> Campaign:
    """Every timer the pause held is pending again, due the pause's length later; what the pages
    read of those deadlines moves with them (a move's departure and arrival here, the war's
    through its hooks)."""
    paused_at = campaign.paused_at
    assert paused_at is not None  # the callers checked
    length = at - paused_at
    timers_pause_missed_hold(campaign=campaign, paused_at=paused_at)
    for hook in hooks.war_resume_hooks:
        hook(campaign, paused_at, at)
    held = Timer.objects.filter(campaign=campaign, status=Timer.Status.PAUSED)
    Move.objects.filter(pk__in=held.filter(kind=ARRIVAL).values("object_id")).update(
        departs_at=F("departs_at") + length, arrives_at=F("arrives_at") + length
    )
    held.update(status=Timer.Status.PENDING, due_at=F("due_at") + length, sent_at=None)
    pause = WarPause.objects.get(campaign=campaign, ended_at__isnull=True)
    WarPause.objects.filter(pk=pause.pk).update(ended_at=at)
    timers_cancel(kind=WAR_RESUME, object_ids=[pause.pk])
    ends = Timer.objects.filter(key=end_key(campaign), status=Timer.Status.PENDING).values_list("due_at", flat=True)
    campaign.war_ends_at = next(iter(ends), campaign.war_ends_at)
    campaign.paused_at, campaign.paused_until = None, None
    campaign.save(update_fields=["paused_at", "paused_until", "war_ends_at"])
    minutes = round(length / timedelta(minutes=1))
    _palace_posts(campaign, f"resume:{pause.pk}", at, texts.war_resumed(campaign, at, minutes))
    return campaign
