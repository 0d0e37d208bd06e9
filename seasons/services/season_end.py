"""The end of a war (R10, R1.1): by the organiser, at the end instant they set (a timer, held and
moved by a pause like every deadline), or when one kingdom holds every capital (R10, after a
city falls: the war calls `war_end_if_capitals`). The end names the winner by the campaign's rule
(campaign/rules/standings.py: capitals, then cities, then total wall; a tie names nobody),
cancels every pending timer and freezes the campaign (archived, read-only)."""

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from campaign import announcements as texts
from campaign import clock
from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Timer
from campaign.rules.standings import KingdomTally, holds_every_capital, winner
from campaign.timers import timer_handler, timers_campaign_ended
from cities.models import City
from seasons.models import WarPause
from seasons.services.season_life import (
    WAR_END,
    _palace_posts,
    _require_future,
    _require_not_ended,
    _timer_set,
    campaign_lock,
    end_key,
)


def kingdom_tallies(campaign: Campaign) -> list[KingdomTally]:
    """Each kingdom's capitals, cities and total wall (one query; kingdoms without a city count 0)."""
    capitals = Kingdom.objects.filter(campaign=campaign, capital__isnull=False).values("capital_id")
    rows = {
        row["kingdom"]: row
        for row in City.objects.filter(campaign=campaign, kingdom__isnull=False)
        .values("kingdom")
        .annotate(cities=Count("pk"), wall=Sum("wall"), capitals=Count("pk", filter=Q(pk__in=capitals)))
    }
    ids = Kingdom.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True)
    return [
        KingdomTally(
            kingdom_id=pk,
            capitals=rows.get(pk, {}).get("capitals", 0),
            cities=rows.get(pk, {}).get("cities", 0),
            wall=rows.get(pk, {}).get("wall") or 0,
        )
        for pk in ids
    ]


@transaction.atomic
def war_end_set(*, user: User, campaign: Campaign, at: datetime) -> Campaign:
    """The instant the war ends by itself (changeable until then; moved by a pause)."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_not_ended(campaign)
    _require_future(at, _("end instant"))
    if campaign.war_starts_at is not None and at <= campaign.war_starts_at:
        raise RuleViolation("R1.1", _("The war must end after its start instant."))
    campaign.war_ends_at = at
    campaign.save(update_fields=["war_ends_at"])
    _timer_set(campaign, key=end_key(campaign), kind=WAR_END, due_at=at)
    return campaign


@transaction.atomic
def war_end(*, user: User, campaign: Campaign) -> Campaign:
    """The organiser ends the war now."""
    require_organiser(user, campaign)
    campaign = campaign_lock(campaign)
    _require_not_ended(campaign)
    if campaign.status != Campaign.Status.WAR:
        raise RuleViolation("R1.1", _("Only a war that has started can end."))
    return _end(campaign, at=clock.now(), reason=Campaign.EndReason.ORGANISER)


@transaction.atomic
def war_end_if_capitals(*, campaign: Campaign, at: datetime) -> bool:
    """R10: after a city fell, the war ends if one kingdom now holds every capital."""
    owners: list[int | None] = list(
        City.objects.filter(
            pk__in=Kingdom.objects.filter(campaign=campaign, capital__isnull=False).values("capital_id")
        ).values_list("kingdom_id", flat=True)
    )
    if holds_every_capital(owners) is None:
        return False
    campaign = campaign_lock(campaign)
    if campaign.status != Campaign.Status.WAR:
        return False
    _end(campaign, at=at, reason=Campaign.EndReason.CAPITALS)
    return True


@timer_handler(WAR_END)
def war_end_due(timer: Timer) -> None:
    """The end instant came (its timer, moved by any pause)."""
    campaign = campaign_lock(Campaign(pk=timer.object_id))
    if campaign.status == Campaign.Status.WAR:
        _end(campaign, at=timer.due_at, reason=Campaign.EndReason.DEADLINE)


def _end(campaign: Campaign, *, at: datetime, reason: str) -> Campaign:
    """The winner named, every pending (or held) timer cancelled, the pause closed if one was
    open, and the end posted on every palace. Called with the campaign locked."""
    won = winner(kingdom_tallies(campaign))
    Timer.objects.filter(campaign=campaign, status__in=[Timer.Status.PENDING, Timer.Status.PAUSED]).update(
        status=Timer.Status.CANCELLED
    )
    WarPause.objects.filter(campaign=campaign, ended_at__isnull=True).update(ended_at=at)
    campaign.status, campaign.ended_at, campaign.end_reason = Campaign.Status.ENDED, at, reason
    campaign.winner_id = won
    campaign.paused_at = campaign.paused_until = None
    campaign.save(update_fields=["status", "ended_at", "end_reason", "winner", "paused_at", "paused_until"])
    timers_campaign_ended(campaign_id=campaign.pk)  # what a batch claimed with the ending timer stays undone
    name = Kingdom.objects.filter(pk=won).values_list("name", flat=True).first() if won else None
    label = Campaign.EndReason(reason).label  # lazy: written in the site's language
    _palace_posts(campaign, f"campaign:{campaign.pk}:ended", at, texts.war_ended(campaign, at, name, label))
    return campaign
