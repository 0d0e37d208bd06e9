"""What the API returns: the war's objects as JSON (times in UTC, ISO 8601; related objects by id)."""

from datetime import datetime
from typing import Annotated

from django.urls import reverse
from ninja import Field, Schema

from campaign.rules.text import ID_MAX
from forum.rules.comments import score_mark
from play.services.live_claims import game_claims

# The one type of every id in a path or a query: an id the database could hold, else refused
# before any lookup (a path's as 404, a query's as 400 naming it: api/errors.py), never a 500.
Id = Annotated[int, Field(ge=1, le=ID_MAX, description="an id: 1 to 2⁶³−1")]


class CampaignOut(Schema):
    id: int
    slug: str
    name: str
    time_zone: str
    battle_game: str = Field(description="xiangqi, chess or tactics (戰棋: R11.1, W1)")
    war_start_minute: int = Field(description="the hours of war begin, minutes after midnight (R7.4)")
    war_end_minute: int
    status: str = Field(description="the campaign's life (R1.1): draft, enrolment, war or ended")
    war_starts_at: datetime | None
    war_ends_at: datetime | None = Field(description="the war ends by itself then (moved by a pause)")
    paused_at: datetime | None = Field(description="the war is paused since then (null: not paused)")
    paused_until: datetime | None = Field(description="a pause's planned end (null: until resumed)")
    ended_at: datetime | None
    end_reason: str = Field(description="capitals (R10), deadline or organiser")
    winner_id: int | None = Field(description="the winning kingdom (capitals, cities, total wall; null: a tie)")


class KingdomOut(Schema):
    id: int
    name: str
    colour: str
    king_id: int | None
    capital_id: int | None
    status: str


class CityOut(Schema):
    id: int
    name: str
    kind: str = Field(description="capital, buffer or frontier (R1.1)")
    kingdom_id: int | None
    governor_id: int | None
    wall: int
    wall_max: int
    position: int


class RoadOut(Schema):
    a_id: int
    b_id: int


class OfficerOut(Schema):
    id: int
    name: str
    kingdom_id: int | None
    stars: int
    kind: str
    title: str
    whereabouts: str = Field(description="city, road, army or prison")
    city_id: int | None
    army_id: int | None


class MoveOut(Schema):
    id: int
    officer_id: int
    origin_id: int
    destination_id: int
    status: str
    route: list[int]
    created_at: datetime
    departs_at: datetime | None
    arrives_at: datetime | None


class MemberOut(Schema):
    officer_id: int
    rank: str
    status: str


class ArmyOut(Schema):
    id: int
    kingdom_id: int
    origin_id: int
    target_id: int
    status: str
    morale: int
    siege_id: int | None
    departs_at: datetime
    arrives_at: datetime | None
    members: list[MemberOut] = Field(alias="members_list")

    @staticmethod
    def resolve_members_list(army) -> list:
        return list(army.members.all())


class DefenderOut(Schema):
    officer_id: int
    rank: str
    since: datetime
    until: datetime | None


class GameOut(Schema):
    id: int
    kind: str = Field(description="siege, field or pursuit game")
    game_kind: str = Field(description="xiangqi, chess or tactics (戰棋, W1: played as a hero tactics game)")
    status: str
    siege_id: int | None
    army_id: int
    attacker_id: int
    attacker_rank: str
    defender_id: int | None
    defender_rank: str
    attacker_moves_first: bool
    result: str
    termination: str
    claim_status: str
    called_at: datetime
    started_at: datetime | None
    decided_at: datetime | None


class GameDetailOut(GameOut):
    moves: list[str] = Field(description="the moves, in the notation the game was recorded in")
    record: str = Field(description="the record as reported or played (PGN for chess)")
    claimed_result: str = Field(description="a result claimed by the reporting player, awaiting the opponent (R11.3)")
    claim: str = Field(description="the claim's token, sent back to confirm or dispute it (empty: no claim awaits)")
    claim_due: datetime | None = Field(
        None,
        description="a claim awaiting the opponent: when it stands unanswered, the campaign's confirmation window "
        "of war time after the report (R11.3)",
    )
    pgn_url: str = Field(description="the record as a PGN file (the site's download)")
    claimable: dict[str, dict[str, str]] | None = Field(
        None,
        description="a game played live: attacker / defender → what that side may claim now (R11.3): `kind` "
        "(repetition, perpetual or fifty_moves) and the `result` the claim gives; null: nothing to claim",
    )

    @staticmethod
    def resolve_claimable(game) -> dict | None:
        return game_claims(game) or None

    @staticmethod
    def resolve_pgn_url(game, context) -> str:
        request = context["request"]
        return request.build_absolute_uri(reverse("game-pgn", args=[game.campaign.slug, game.pk]))

    @staticmethod
    def resolve_claim(game) -> str:
        return game.claim_token() if game.claim_status == "claimed" else ""

    @staticmethod
    def resolve_claim_due(game) -> datetime | None:
        return getattr(game, "claim_due", None) if game.claim_status == "claimed" else None


class SiegeOut(Schema):
    id: int
    city_id: int
    status: str
    started_at: datetime
    ended_at: datetime | None
    taken_by_id: int | None


class DueOut(Schema):
    what: str = Field(description="in the reader's language")
    at: datetime


class SiegeDetailOut(SiegeOut):
    due: list[DueOut] = Field(description="what the clock does next at this city: periods, the day, arrivals, pursuits")
    armies: list[ArmyOut] = Field(alias="army_list")
    defenders: list[DefenderOut]
    games: list[GameOut] = Field(alias="all_games")

    @staticmethod
    def resolve_army_list(siege) -> list:
        return list(siege.armies.all())


class LedgerOut(Schema):
    id: int
    field: str = Field(description="wall or morale")
    delta: int
    value_after: int
    clause: str
    cause: str
    game_id: int | None
    due_at: datetime
    applied_at: datetime


class BoardOut(Schema):
    id: int
    kind: str = Field(description="city or palace (R1.2)")
    city_id: int | None
    kingdom_id: int | None


class ThreadOut(Schema):
    id: int
    board_id: int
    title: str
    is_system: bool
    created_at: datetime
    last_activity_at: datetime
    post_count: int
    score: int = Field(description="推 − 噓 of the shown comments under its posts")
    mark: str = Field(description="the score as PTT's lists show it: the number, 爆 (100 or more), X1…X9, XX")

    @staticmethod
    def resolve_mark(thread) -> str:
        return score_mark(thread.score)


class PostOut(Schema):
    id: int
    thread_id: int
    author_id: int | None
    is_system: bool
    body: str = Field(description="as written (Markdown)")
    html: str = Field(description="as shown, sanitised")
    created_at: datetime
    edited_at: datetime | None
    comment_count: int = Field(description="its shown 推/噓/→ comments")
    score: int = Field(description="推 − 噓 of its shown comments")


class CommentOut(Schema):
    id: int
    post_id: int
    author_id: int | None
    kind: str = Field(description="push (推, +1), boo (噓, −1) or arrow (→, a comment only)")
    text: str = Field(description="one line of plain text, at most 50 terminal columns")
    created_at: datetime


class CommentAddedOut(CommentOut):
    note: str = Field(
        description="why the kind written is not the one asked (a → on one's own post, or a 推 or 噓 within 90 "
        "seconds of one's last comment on the post); empty when it is"
    )


class PostDetailOut(PostOut):
    comments: list[CommentOut] = Field(description="its shown comments, oldest first")

    @staticmethod
    def resolve_comments(post) -> list:
        return post.shown_comments


class ThreadPageOut(Schema):
    count: int = Field(description="the threads listed, on every page")
    page: int
    pages: int
    news: bool = Field(description="the system's threads (the war's news) listed, beneath the players'")
    next: str | None = Field(description="the next page's address (null on the last)")
    previous: str | None = Field(description="the previous page's address (null on the first)")
    results: list[ThreadOut]


class SearchOut(Schema):
    count: int = Field(description="matches counted, at most 1,001 (see counted_all)")
    counted_all: bool = Field(description="false when more than 1,000 posts match")
    page: int
    has_next: bool
    results: list[PostOut]


class Done(Schema):  # an act that answers nothing but that it was done (no docstring: it would be the schema's)
    ok: bool = True


class AccountOut(Schema):
    username: str
    email: str = Field(description="the account's address; empty for an account made without one")
    email_confirmed: bool = Field(description="the address was confirmed by the link mailed to it")
    two_factor: bool = Field(description="log-in asks for an authenticator app's code (TOTP)")
    campaigns: list[str] = Field(description="the slugs of the campaigns where the account has an officer")
