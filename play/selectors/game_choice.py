"""The games an officer may open, for a front end that lists them to choose one (the terminal's
games screen): those being played on the site (R11.3: pending, both players, no record or claim;
the reader's own first, then those they may watch: every reader may watch a live game), then the
campaign's decided games, newest first, a page at a time (R11.6: every game kept). And what
opening one shows: the live board, the replay, or why there is nothing to show."""

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Case, IntegerField, Q, Value, When
from django.db.models.functions import Coalesce

from campaign.models import Campaign
from play.models import Game

LIVE_SHOWN = 50  # games being played at once, listed (a campaign has a few)
FINISHED_PER_PAGE = 20

# Played on the site, live: as `game_detail` decides `playable` (the game's page shows the live board).
PLAYABLE = Q(status=Game.Status.PENDING, defender__isnull=False, record="", claim_status="")
LISTED = ("attacker", "defender", "siege__city", "field_battle__city", "pursuit__city")


@dataclass(frozen=True)
class GameChoice:
    live: list[Game]  # annotated `mine`: 0 when the reader plays it
    finished: Page  # of decided games, newest first


def games_to_open(*, campaign: Campaign, officer_id: int | None, page: int) -> GameChoice:
    """Three queries: the games being played, the decided ones' count and their page."""
    theirs = Q(attacker_id=officer_id) | Q(defender_id=officer_id)
    live = (
        Game.objects.filter(PLAYABLE, campaign=campaign)
        .annotate(mine=Case(When(theirs, then=Value(0)), default=Value(1), output_field=IntegerField()))
        .select_related(*LISTED)
        .order_by("mine", Coalesce("live_since", "started_at", "called_at").desc(), "-id")
        .defer("record", "moves")
    )
    finished = (
        Game.objects.filter(campaign=campaign, status=Game.Status.DECIDED)
        .select_related(*LISTED)
        .order_by(Coalesce("decided_at", "started_at", "called_at").desc(), "-id")
        .defer("record", "moves")
    )
    shown = Paginator(finished, FINISHED_PER_PAGE).get_page(page)
    shown.object_list = list(shown.object_list)  # read here, not where it is drawn
    return GameChoice(live=list(live[:LIVE_SHOWN]), finished=shown)


def game_opening(*, campaign: Campaign, game_id: int) -> str:
    """What opening the game shows (one query): "live" (being played on the site: its board, to
    play or watch), "replay" (decided, or a record reported and awaiting its answer), or why
    there is nothing to show: "called" (no defender yet), "cancelled", "missing" (no such game
    in this campaign); or "tactics" for a battle decided by a hero tactics game (W1), which is
    shown on its own board."""
    found = (
        Game.objects.filter(pk=game_id, campaign=campaign)
        .annotate(playable=Case(When(PLAYABLE, then=Value(1)), default=Value(0), output_field=IntegerField()))
        .values_list("status", "playable", "game_kind")
        .first()
    )
    if found is None:
        return "missing"
    status, playable, kind = found
    if kind == "tactics" and status not in (Game.Status.CALLED, Game.Status.CANCELLED):
        return "tactics"
    if playable:
        return "live"
    if status in (Game.Status.DECIDED, Game.Status.PENDING):
        return "replay"
    return "called" if status == Game.Status.CALLED else "cancelled"
