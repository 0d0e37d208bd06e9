"""The season through the API: the standings, the merit table and a day of the chronicle (anyone,
as the standings page), the campaign's archive (an organiser's token), a historian's pin and an
organiser's next season (tokens made for acting; the forms' names, fields and services)."""

import tempfile
from datetime import date, datetime

from django.http import FileResponse
from ninja import Field, Schema

from api import schemas
from api.router import act, read
from campaign import lookups as campaign_lookups
from campaign.authority import require_officer, require_organiser
from forum import lookups as forum_lookups
from forum.services.chronicle import chronicle_pin, chronicle_unpin
from record.selectors.chronicle import chronicle_day
from record.selectors.export import campaign_export
from record.selectors.standings import merit_table, standings_page
from seasons.services.season_next import season_next

SPOOL_BYTES = 8 * 1024 * 1024


class StandingOut(Schema):
    rank: int
    kingdom_id: int
    name: str
    capitals: int = Field(description="capitals held (R10)")
    cities: int
    wall: int = Field(description="the total of its cities' walls")


class StandingsOut(Schema):
    status: str = Field(description="draft, enrolment, war or ended")
    winner_id: int | None = Field(description="the winning kingdom, once the war has ended (none: a tie)")
    end_reason: str = Field(description="capitals, deadline or organiser; empty while the war goes on")
    ended_at: datetime | None
    kingdoms: list[StandingOut]


class MeritOut(Schema):
    officer_id: int
    name: str
    kingdom_id: int | None
    cities_taken: int
    games_won: int
    prisoners_taken: int
    stratagems: int = Field(description="stratagems that took effect (R9.1)")


class ChronicleLedgerOut(schemas.LedgerOut):
    city_id: int | None
    army_id: int | None
    cause_text: str = Field(description="the cause in the reader's language")


class DailyOut(Schema):
    field: str
    rows: int
    total: int


class PinOut(Schema):
    post_id: int
    pinned_by_id: int
    day: date


class ChronicleOut(Schema):
    day: date = Field(description="in the campaign's zone")
    first: date
    last: date
    previous: date | None
    following: date | None
    ledger: list[ChronicleLedgerOut]
    daily: list[DailyOut] = Field(description="the day's change (R7.1), summed")
    posts: list[schemas.PostOut] = Field(description="the city boards' system posts")
    pins: list[PinOut] = Field(description="the historians' accounts (R1.6)")
    pinned: list[schemas.PostOut]


class Pin(Schema):
    pinned: bool = True


class NextSeason(Schema):
    name: str
    slug: str
    officers: bool = False


class PinnedOut(Schema):
    post_id: int
    pinned: bool


@read("/c/{slug}/standings", StandingsOut, "api-standings")
def standings(request, slug: str):
    """The kingdoms ranked by capitals held, then cities, then total wall; the winner once ended."""
    view = standings_page(campaign=campaign_lookups.campaign_by_slug(slug))
    c = view.campaign
    return {
        "status": c.status,
        "winner_id": view.winner.pk if view.winner else None,
        "end_reason": c.end_reason,
        "ended_at": c.ended_at,
        "kingdoms": [
            {"rank": k.rank, "kingdom_id": k.kingdom.pk, "name": k.kingdom.name}
            | {"capitals": k.capitals, "cities": k.cities, "wall": k.wall}
            for k in view.kingdoms
        ],
    }


@read("/c/{slug}/merit", list[MeritOut], "api-merit")
def merit(request, slug: str):
    """The merit table 戰功榜: cities taken, games won, prisoners taken, stratagems that worked."""
    return [
        {"officer_id": m.officer.pk, "name": m.officer.name, "kingdom_id": m.officer.kingdom_id}
        | {"cities_taken": m.cities_taken, "games_won": m.games_won}
        | {"prisoners_taken": m.prisoners_taken, "stratagems": m.stratagems}
        for m in merit_table(campaign=campaign_lookups.campaign_by_slug(slug))
    ]


@read("/c/{slug}/chronicle", ChronicleOut, "api-chronicle")
def chronicle(request, slug: str, day: date | None = None):
    """One day of the war's chronicle (`?day=YYYY-MM-DD`; the last day when none)."""
    d = chronicle_day(campaign=campaign_lookups.campaign_by_slug(slug), day=day)
    return {
        "day": d.day,
        "first": d.first,
        "last": d.last,
        "previous": d.previous,
        "following": d.following,
        "ledger": d.ledger,
        "daily": d.daily,
        "posts": d.posts,
        "pins": d.pins,
        "pinned": [pin.post for pin in d.pins],
    }


@read("/c/{slug}/export", None, "api-export")
def export(request, slug: str):
    """The whole campaign as one zip (docs/organising.md "The campaign archive"): a token of an organiser."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    require_organiser(request.auth.user, campaign)
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    campaign_export(campaign, spool, reader=request.auth.user)
    spool.seek(0)
    return FileResponse(spool, as_attachment=True, filename=f"{campaign.slug}.zip", content_type="application/zip")


@act("/c/{slug}/posts/{post_id}/pin", PinnedOut, "post-pin")
def post_pin(request, slug: str, post_id: schemas.Id, data: Pin):
    """A historian pins their own post into the chronicle, or (`pinned: false`) takes it out (R1.6)."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    officer = require_officer(request.auth.user, campaign)
    post = forum_lookups.post(campaign, post_id)
    if data.pinned:
        chronicle_pin(actor=officer, post=post)
    else:
        chronicle_unpin(actor=officer, post=post)
    return {"post_id": post.pk, "pinned": data.pinned}


@act("/c/{slug}/next-season", schemas.CampaignOut, "season-next")
def next_season(request, slug: str, data: NextSeason):
    """An organiser makes the next season: a campaign in draft with this one's opening world."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    return season_next(
        user=request.auth.user, campaign=campaign, name=data.name, slug=data.slug, officers=data.officers
    )
