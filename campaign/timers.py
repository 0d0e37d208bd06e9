"""The timer machinery (DESIGN.md "Timers are data").

A timer row says what is due and when. Two paths apply it: an ETA Celery message per *tick*
(`apply_due`, one for all the timers due in the same tenth of a second) and the beat sweeper
(`timers_sweep` on its own queue, every few seconds: recovers lost messages, dead workers,
restarted Redis). Both apply what is due in batches (`timers_apply_due`: one claim and one
transaction for up to 500 rows, each handler in a savepoint, arrivals set-based). The message is
sent on commit for a timer due within TIMER_LEAD_SECONDS, else by the sweeper once it is that
near (`sent_at` says it went): a live game's flag, set again by every move, costs no broker
message unless it may really fall, and no message outlives the broker's visibility timeout.
A claim is a compare-and-set inside the same transaction as the handlers' writes, so a timer is
applied exactly once however often it is triggered: a second caller finds it no longer pending
(PostgreSQL: `SKIP LOCKED` leaves it to the first; SQLite's IMMEDIATE transactions queue it).
"""

import logging
import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.db.models import F, Q, QuerySet

from campaign import clock
from campaign.busy import database_busy
from campaign.models import Campaign, Heartbeat, Timer

APPLY_DUE_TASK = "campaign.tasks.apply_due"
TICK_MS = 100  # timers due within the same tenth of a second share one message
# A timer whose handler failed this often is set aside (operators see it on /ops/ and retry it
# there), so that one broken timer does not hold up the rest; a failure that a retry can mend (a
# lock timed out, a restart) rarely fails five times in a row.
MAX_ATTEMPTS = 5


def _new_sender() -> ThreadPoolExecutor:
    """One thread per process sends the fast path's messages, in order (a process that exits
    sends what it was handed first; a message lost anyway is the sweeper's)."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="timer-enqueue")


def _sender_after_fork() -> None:
    """A forked child (a Celery prefork worker) inherits the executor but not its thread, and
    an executor that had one starts no other: what the child handed it would never be sent."""
    global _sender
    _sender = _new_sender()


_sender = _new_sender()
os.register_at_fork(after_in_child=_sender_after_fork)
log = logging.getLogger(__name__)

Handler = Callable[[Timer], None]
HANDLERS: dict[str, Handler] = {}


def timer_handler(kind: str) -> Callable[[Handler], Handler]:
    """Register the service that applies timers of `kind`. It runs inside the claiming
    transaction and is handed the timer (its `due_at` is the instant to evaluate at)."""

    def register(func: Handler) -> Handler:
        HANDLERS[kind] = func
        return func

    return register


BatchHandler = Callable[[list[Timer]], None]
BATCH_HANDLERS: dict[str, BatchHandler] = {}
# The kinds a pause never holds: the campaign's own instants, each set under the campaign's row lock
# (so never racing a pause), and the pause's planned end.
UNPAUSED_KINDS: set[str] = set()


def timer_batch_handler(kind: str) -> Callable[[BatchHandler], BatchHandler]:
    """Register a service that applies many due timers of `kind` at once, with the outcome of
    its one-timer handler for each (arrivals are applied as a set: a season has thousands). A batch whose handler fails
    is applied again one timer at a time."""

    def register(func: BatchHandler) -> BatchHandler:
        BATCH_HANDLERS[kind] = func
        return func

    return register


def timer_schedule(
    *, campaign: Campaign, key: str, kind: str, object_id: int, due_at: datetime, seq: int = 0, pausable: bool = True
) -> Timer:
    """Store what is due and enqueue the fast path once the caller's transaction commits. The
    key makes scheduling idempotent. A timer a handler schedules while the war is paused (the
    next period after one that was due before the pause) is held like the others, to move by the
    pause's length on resume (`pausable=False`: the pause's own planned end)."""
    now = clock.now()
    held = pausable and campaign.paused_at is not None and due_at > campaign.paused_at
    soon = due_at - now <= _lead() and not held
    fields = {"campaign": campaign, "kind": kind, "object_id": object_id, "due_at": due_at, "seq": seq}
    fields.update(created_at=now, sent_at=now if soon else None)
    if held:
        fields["status"] = Timer.Status.PAUSED
    timer, _created = Timer.objects.get_or_create(key=key, defaults=fields)
    if soon:
        transaction.on_commit(lambda: _enqueue(due_at))
    return timer


def timer_move(*, key: str, to_key: str, due_at: datetime, seq: int) -> bool:
    """A pending timer made due at another instant under a new key, in the caller's transaction
    (a live game's flag, moved by every move: one row per game, one statement per move). Its
    message, if one went, finds it no longer due at its old instant and does nothing. False when
    no such timer is pending (the caller schedules one)."""
    now = clock.now()
    soon = due_at - now <= _lead()
    moved = Timer.objects.filter(key=key, status=Timer.Status.PENDING).update(
        key=to_key, due_at=due_at, seq=seq, created_at=now, sent_at=now if soon else None
    )
    if moved and soon:
        transaction.on_commit(lambda: _enqueue(due_at))
    return bool(moved)


def timers_cancel(*, kind: str, object_ids: Iterable[int] | QuerySet[Any, Any]) -> int:
    """The pending timers of `kind` for objects whose outcome is settled (a game over: its flag
    can no longer fall; a challenge taken: its deadline is moot) marked cancelled, in the caller's
    transaction: the sweeper never claims them and the operators' page no longer lists them as
    pending. `object_ids` may be a queryset of ids (a subquery: no read). Returns how many."""
    pending = Timer.objects.filter(kind=kind, object_id__in=object_ids, status=Timer.Status.PENDING)
    if connection.features.has_select_for_update_skip_locked:
        # A row locked now is being claimed by a sweep (which holds it, then the game's locks the
        # caller holds): it is being applied, and its handler finds the game over. Never wait for it.
        pending = Timer.objects.filter(
            pk__in=list(pending.select_for_update(skip_locked=True).values_list("pk", flat=True))
        )
    return pending.update(status=Timer.Status.CANCELLED)


def _lead() -> timedelta:
    return timedelta(seconds=settings.TIMER_LEAD_SECONDS)


def send_soon(send: Callable[[], None]) -> None:
    """Hand any broker send to the process's sending thread (a notice's delivery task, say):
    the caller does not wait for the broker, and a broker that is down costs it nothing."""
    _sender.submit(send)


def _enqueue(due_at: datetime) -> None:
    """Hand the message to the sending thread: the caller (a web request, a move on a live
    game's socket) does not wait for the broker. One message per tick: the timers due
    in the same tenth of a second are applied together by the task it wakes."""
    tick = _tick(due_at)
    if tick in _ticks_sent and tick > _tick(clock.now()) + 10:
        return  # its message is on its way (a tick less than a second off may have run: send again)
    _ticks_sent[tick] = None
    if len(_ticks_sent) > 10_000:  # forget the oldest half: a repeated tick only costs a message
        for old in list(_ticks_sent)[:5_000]:
            _ticks_sent.pop(old, None)
    _sender.submit(_send_tick, tick)


# The ticks this process has sent (insertion order): a burst of timers costs one message a tick.
_ticks_sent: dict[int, None] = {}


def _tick(due_at: datetime) -> int:
    """The tick (in TICK_MS steps since the epoch) at or after `due_at`."""
    return -(-int(due_at.timestamp() * 1000) // TICK_MS)


def _send_tick(tick: int) -> None:
    at = datetime.fromtimestamp(tick * TICK_MS / 1000, tz=UTC)
    try:  # by the task's name: the tasks (an edge on top) import this module, not the reverse
        current_app.send_task(APPLY_DUE_TASK, args=[at.isoformat()], eta=at, retry=False)
    except Exception as exc:  # noqa: BLE001 - the broker being down must not undo the user's action
        _ticks_sent.pop(tick, None)
        log.warning("could not enqueue the timers due at %s (%s); the sweeper will apply them", at, exc)


class _Raced(Exception):
    """Another process claimed part of a batch between its read and its claim (the claim's
    compare-and-set found fewer rows pending than were read): the batch is undone, nothing of
    it applied, and read again."""


def timers_apply_due(*, now: datetime, limit: int = 500, failed: set[int] | None = None) -> int:
    """Apply every timer due by `now`, `limit` at a time: per batch one claim and one
    transaction, each handler in its own savepoint (a handler that fails is undone alone, its
    timer back in line with the error noted, or set aside after MAX_ATTEMPTS). A worker
    killed mid-batch commits nothing of it: the batch is pending again, for the next tick or
    sweep. A timer that fails is not tried again by this call (nor by a caller passing the same
    `failed` set). Returns how many were applied."""
    applied, failed = 0, set() if failed is None else failed
    while True:
        try:
            done, claimed = _apply_batch(now=now, limit=limit, failed=failed)
        except _Raced:
            # Read what is still pending again: a race means another process claimed part of the
            # batch (and applies it), so the pending rows only get fewer.
            continue
        applied += done
        if claimed < limit:
            return applied


def _apply_batch(*, now: datetime, limit: int, failed: set[int]) -> tuple[int, int]:
    """(applied, claimed) for one batch."""
    with transaction.atomic():
        due = (
            Timer.objects.filter(status=Timer.Status.PENDING, due_at__lte=now)
            .exclude(pk__in=failed)
            .exclude(_pause_missed())
            .order_by("due_at", "id")
        )
        if connection.features.has_select_for_update_skip_locked:  # PostgreSQL: workers take disjoint batches
            # The timers' rows only (`of`): the pause's test joins the campaign, whose row a plain
            # FOR UPDATE would hold to the batch's end against every commit of a row pointing at it.
            due = due.select_for_update(skip_locked=True, of=("self",))
        timers = list(due[:limit])  # SQLite: the IMMEDIATE transaction holds the write lock from here
        if not timers:
            return 0, 0
        claimed = Timer.objects.filter(pk__in=[t.pk for t in timers], status=Timer.Status.PENDING).update(
            status=Timer.Status.DONE, applied_at=now, attempts=F("attempts") + 1
        )
        if claimed != len(timers):
            raise _Raced
        applied: list[int] = []
        _ends.campaigns = set()
        for kind, run in _by_kind(timers):
            group = _still_at_war(run)
            if not group:
                continue
            if kind in BATCH_HANDLERS and len(group) > 1:
                try:
                    with transaction.atomic():  # a savepoint: the whole group, or nothing of it
                        BATCH_HANDLERS[kind](group)
                    applied += [timer.pk for timer in group]
                    continue
                except Exception:
                    log.exception("a batch of %s timers failed; applying them one at a time", kind)
            applied += _apply_each(group, failed)
        # Stamped when the batch's work is done (it commits next), not when it was claimed.
        Timer.objects.filter(pk__in=applied).update(applied_at=clock.now())
        _ends.campaigns = set()
        return len(applied), len(timers)


_ends = threading.local()  # the campaigns whose war ended in the batch being applied


def timers_campaign_ended(*, campaign_id: int) -> None:
    """The war of `campaign_id` ended (R10) inside the batch being applied, by one of its timers:
    the timers of that campaign claimed with it are not applied (its end cancelled every pending
    one; these were already claimed)."""
    ended = getattr(_ends, "campaigns", None)
    if ended is not None:
        ended.add(campaign_id)


def _still_at_war(timers: list[Timer]) -> list[Timer]:
    """The timers whose campaign did not end earlier in this batch; the others cancelled. Asked of
    the database only after an end was noted (an end undone with its savepoint does not count)."""
    noted = getattr(_ends, "campaigns", None)
    if not noted or not any(timer.campaign_id in noted for timer in timers):
        return timers
    ended = set(Campaign.objects.filter(pk__in=noted, status=Campaign.Status.ENDED).values_list("pk", flat=True))
    late = [timer.pk for timer in timers if timer.campaign_id in ended]
    Timer.objects.filter(pk__in=late).update(status=Timer.Status.CANCELLED, applied_at=None)
    return [timer for timer in timers if timer.campaign_id not in ended]


def _pause_missed() -> Q:
    """A pending timer of a paused campaign due after the pause's instant: scheduled by a war action
    that read the war running and committed just after the pause held the campaign's timers (on
    PostgreSQL the pause's UPDATE does not see a row not yet committed). It waits for the resume,
    which holds and moves it like the others (`timers_pause_missed_hold`)."""
    return (
        Q(campaign__paused_at__isnull=False)
        & Q(due_at__gt=F("campaign__paused_at"))
        & ~Q(kind__in=sorted(UNPAUSED_KINDS))
    )


def timers_pause_missed_hold(*, campaign: Campaign, paused_at: datetime) -> int:
    """At the resume, in its transaction: the timers the pause missed (`_pause_missed`) held, so
    that they move by the pause's length with the others. Returns how many."""
    missed = Timer.objects.filter(campaign=campaign, status=Timer.Status.PENDING, due_at__gt=paused_at)
    return missed.exclude(kind__in=sorted(UNPAUSED_KINDS)).update(status=Timer.Status.PAUSED)


def _by_kind(timers: list[Timer]) -> list[tuple[str, list[Timer]]]:
    """The batch in runs of one kind, in due order (a run of arrivals is applied together)."""
    runs: list[tuple[str, list[Timer]]] = []
    for timer in timers:
        if runs and runs[-1][0] == timer.kind:
            runs[-1][1].append(timer)
        else:
            runs.append((timer.kind, [timer]))
    return runs


def _apply_each(timers: list[Timer], failed: set[int]) -> list[int]:
    """Each timer in its own savepoint: one that fails is undone alone and back in line."""
    applied = []
    for timer in timers:
        if not _still_at_war([timer]):
            continue
        try:
            with transaction.atomic():
                HANDLERS[timer.kind](timer)
            applied.append(timer.pk)
        except Exception as exc:
            log.exception("timer %s failed", timer.pk)
            _failed_in_batch(timer, exc)
            failed.add(timer.pk)
    return applied


def _failed_in_batch(timer: Timer, exc: Exception) -> None:
    attempts = timer.attempts + 1  # the claim counted this attempt
    Timer.objects.filter(pk=timer.pk).update(
        status=Timer.Status.FAILED if attempts >= MAX_ATTEMPTS else Timer.Status.PENDING,
        applied_at=None,
        last_error=f"{type(exc).__name__}: {exc}"[:2000],
    )


def timers_sweep(*, limit: int = 500, rounds: int = 50) -> int:
    """Apply everything overdue, oldest first, in batches, including what the applied timers
    schedule as already due (a day or period after an outage schedules the next one). Returns
    how many this pass applied, and notes the sweeper's heartbeat for the operators' page. A busy
    database (SQLite's lock held past the timeout) ends the pass early, never in an error."""
    applied, failed = 0, set[int]()
    try:
        for _round in range(rounds):
            done = timers_apply_due(now=clock.now(), limit=limit, failed=failed)
            applied += done
            if not done:
                break
        sent = timers_send_nearing(now=clock.now(), limit=limit)
    except OperationalError as exc:
        if not database_busy(exc):
            raise
        # Another writer held the lock past the timeout: what this pass did not claim stays
        # pending (a batch is one transaction), and the next pass goes on with it.
        log.warning("the timers' sweep met a busy database; the next pass goes on")
        return applied
    beat = {"at": clock.now(), "detail": f"applied {applied}, sent {sent}", "applied": applied, "sent": sent}
    if not Heartbeat.objects.filter(name="sweeper").update(**beat):
        Heartbeat.objects.get_or_create(name="sweeper", defaults=beat)
    return applied


def timers_send_nearing(*, now: datetime, limit: int, rounds: int = 50) -> int:
    """Send the on-time message of every pending timer now due within TIMER_LEAD_SECONDS that has
    none yet (scheduled further ahead), `limit` at a time until none is left (a season's burst of
    thousands due in one minute goes out in one sweep). Marked sent first: a message lost after
    that is the sweeper's to apply when due, as any lost message is."""
    sent = 0
    for _round in range(rounds):
        nearing = list(
            Timer.objects.filter(status=Timer.Status.PENDING, sent_at__isnull=True, due_at__lte=now + _lead())
            .order_by("due_at", "id")
            .values_list("id", "due_at")[:limit]
        )
        Timer.objects.filter(pk__in=[timer_id for timer_id, _due in nearing]).update(sent_at=now)
        for _timer_id, due_at in nearing:
            _enqueue(due_at)  # one message a tick
        sent += len(nearing)
        if len(nearing) < limit:
            break
    return sent


def timer_retry(*, timer_id: int) -> bool:
    """An operator puts a timer that was set aside back in line (after fixing its cause)."""
    with transaction.atomic():
        changed = Timer.objects.filter(pk=timer_id, status=Timer.Status.FAILED).update(
            status=Timer.Status.PENDING, attempts=0
        )
        if changed:
            due_at = Timer.objects.values_list("due_at", flat=True).get(pk=timer_id)
            transaction.on_commit(lambda: _enqueue(due_at))
    return bool(changed)
