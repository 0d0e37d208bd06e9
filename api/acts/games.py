"""The games that decide battles, through the API (R11.3): a record reported and its claim
answered, off-hours agreed (R7.4), a game played on the site, a judge's result."""

from django.utils.translation import gettext as _
from ninja import Field, Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.router import act
from campaign import lookups as campaign_lookups
from campaign.errors import RuleViolation
from play import lookups as play_lookups
from play.inputs import reported_start
from play.services import live, live_claims
from play.services.records import game_agree_off_hours, game_claim_answer, game_report
from play.services.results import game_result_enter


class Report(Schema):
    record: str
    claimed: str = ""
    started_at: str = ""


class Claim(Schema):
    confirm: bool
    claim: str = ""


@act("/c/{slug}/games/{game_id}/report", schemas.GameOut, "game-report", operation_id="api_acts_game_report_act")
def game_report_act(request, slug: str, game_id: schemas.Id, data: Report):
    """Report the record of a game played elsewhere (R11.3): replayed and judged by the site, then
    a claim whatever its ending (mate included): `claimed` is the result when the board does not
    decide it. The opponent confirms or disputes it; unanswered, it stands when the campaign's
    confirmation window of war time ends (the game's `claim_due`)."""
    campaign, actor = _actor(request, slug)
    game = play_lookups.game(campaign, game_id)
    started_at = reported_start(data.started_at, campaign)
    return game_report(actor=actor, game=game, text=data.record, claimed=data.claimed, started_at=started_at)


@act("/c/{slug}/games/{game_id}/claim", schemas.GameOut, "game-claim", operation_id="api_acts_game_claim")
def game_claim(request, slug: str, game_id: schemas.Id, data: Claim):
    """Confirm or dispute the opponent's claimed result (R11.3); `claim` is the claim's token as
    read on the game (a claim changed since is refused)."""
    campaign, actor = _actor(request, slug)
    game = play_lookups.game(campaign, game_id)
    return game_claim_answer(actor=actor, game=game, confirm=data.confirm, claim=data.claim)


@act("/c/{slug}/games/{game_id}/agree", schemas.GameOut, "game-agree", operation_id="api_acts_game_agree")
def game_agree(request, slug: str, game_id: schemas.Id):
    """Agree to play the game outside the hours of war (R7.4)."""
    campaign, actor = _actor(request, slug)
    return game_agree_off_hours(actor=actor, game=play_lookups.game(campaign, game_id))


class LiveAction(Schema):
    action: str = Field(description="ready, move, resign, draw or claim (as the game page's socket)")
    move: str = Field("", max_length=16, description="a move in Chinese notation, WXF or ICCS (chess: SAN or UCI)")
    ply: int | None = Field(None, description="for a move: the number of moves already played, as read")
    offer: bool = Field(True, description="for a draw: offer or accept (true), or decline or withdraw")


@act("/c/{slug}/games/{game_id}/live", schemas.GameDetailOut, "live-act", operation_id="api_acts_live_act")
def live_act(request, slug: str, game_id: schemas.Id, data: LiveAction):
    """Play a game on the site (R11.3), as its page's socket does: say you are ready (the clocks
    start when both are), move (`ply` is the number of moves you saw: a move sent twice or after
    the board changed is a 409), resign, offer, accept or decline a draw, or claim what the
    position lets you claim (R11.3: a repetition, or in chess fifty moves; the game's
    `claimable` says who may claim what). Watchers of the game's page see each change at once."""
    campaign, actor = _actor(request, slug)
    game = play_lookups.game(campaign, game_id)
    if data.action == "move":
        if data.ply is None:
            raise RuleViolation("R11.3", _("A move names the move and the number of moves already played."))
        live.live_move(actor=actor, game=game, move=data.move, ply=data.ply)
    elif data.action == "resign":
        live.live_resign(actor=actor, game=game)
    elif data.action == "draw":
        live.live_draw(actor=actor, game=game, offer=data.offer)
    elif data.action == "ready":
        live.live_ready(actor=actor, game=game)
    elif data.action == "claim":
        live_claims.live_claim(actor=actor, game=game)
    else:
        raise RuleViolation("R11.3", _("Unknown action."))
    return play_lookups.game(campaign, game_id)


class Result(Schema):
    result: str
    note: str = ""


@act("/c/{slug}/games/{game_id}/result", schemas.GameOut, "result-enter", operation_id="api_acts_war_result_enter")
def result_enter(request, slug: str, game_id: schemas.Id, data: Result):
    """Enter a game's result as its judge (R11.3: a neutral king, or the site's administrators)."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    game = play_lookups.game(campaign, game_id)
    return game_result_enter(user=request.auth.user, game=game, result=data.result, note=data.note)
