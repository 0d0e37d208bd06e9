"""Acting as an officer through the API, with a token made for acting: each endpoint finds the objects
named (in the campaign; 404 otherwise, or a refusal naming the rule for a field's value) and
calls the service the page's form calls, which checks who may do it and what the rules allow.
The fields are the forms' fields; each endpoint's URL name is its form's (tests/test_authorization.py
tries both with the same cases)."""

from django.utils.translation import gettext as _
from ninja import Field, Schema

from api import schemas
from api.forms import as_form
from api.router import act
from battles import lookups as battle_lookups
from battles.inputs import reported_start
from battles.services import live, live_claims
from battles.services import siege as siege_services
from battles.services.records import game_agree_off_hours, game_claim_answer, game_report
from campaign import lookups as campaign_lookups
from campaign.authority import require_officer
from campaign.errors import RuleViolation
from campaign.inputs import posted_object
from campaign.models import Campaign, Move, Officer
from forum import lookups as forum_lookups
from forum.services.boards import post_reply, thread_create
from orders.services import moves as move_services


class Destination(Schema):
    destination: int


class Order(Schema):
    officer: int
    destination: int


class Call(Schema):
    army: int
    attacker: int
    off_hours: bool = False


class Answer(Schema):
    defender: int
    off_hours: bool = False


class Report(Schema):
    record: str
    claimed: str = ""
    started_at: str = ""


class Claim(Schema):
    confirm: bool
    claim: str = ""


class NewThread(Schema):
    title: str
    body: str
    nonce: str = ""


class Reply(Schema):
    body: str
    nonce: str = ""


def _actor(request, slug: str) -> tuple[Campaign, Officer]:
    campaign = campaign_lookups.campaign_by_slug(slug)
    return campaign, require_officer(request.auth.user, campaign)


@act("/c/{slug}/moves/request", schemas.MoveOut, "move-request")
def move_request(request, slug: str, data: Destination):
    """Ask to move to a city (R3.2): on the road at once where no approval is needed."""
    campaign, officer = _actor(request, slug)
    destination = posted_object(as_form(data), "destination", campaign_lookups.cities(campaign), "R1.4")
    return move_services.move_request(actor=officer, destination=destination)


@act("/c/{slug}/moves/order", schemas.MoveOut, "move-order")
def move_order(request, slug: str, data: Order):
    """Order an officer to a city (R3.1: the king, or a governor within their city's reach)."""
    campaign, actor = _actor(request, slug)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R3.1")
    destination = posted_object(as_form(data), "destination", campaign_lookups.cities(campaign), "R1.4")
    return move_services.move_order(actor=actor, officer=officer, destination=destination)


def _decide(request, slug: str, move_id: int, service) -> Move:
    campaign, actor = _actor(request, slug)
    return service(actor=actor, move=campaign_lookups.move(campaign, move_id))


@act("/c/{slug}/moves/{move_id}/approve", schemas.MoveOut, "move-approve")
def move_approve(request, slug: str, move_id: schemas.Id):
    """Approve a requested move (R3.2: the governors of both ends, or the king)."""
    return _decide(request, slug, move_id, move_services.move_approve)


@act("/c/{slug}/moves/{move_id}/reject", schemas.MoveOut, "move-reject")
def move_reject(request, slug: str, move_id: schemas.Id):
    """Refuse a requested move (R3.2: the governors of both ends, or the king)."""
    return _decide(request, slug, move_id, move_services.move_reject)


@act("/c/{slug}/moves/{move_id}/cancel", schemas.MoveOut, "move-cancel")
def move_cancel(request, slug: str, move_id: schemas.Id):
    """Withdraw one's own request, or an order one gave, before it leaves (R3.3)."""
    return _decide(request, slug, move_id, move_services.move_cancel)


@act("/c/{slug}/boards/{board_id}/threads", schemas.ThreadOut, "thread-new")
def thread_new(request, slug: str, board_id: schemas.Id, data: NewThread):
    """Open a thread on a board one may write on (R1.2)."""
    campaign, officer = _actor(request, slug)
    board = forum_lookups.board(campaign, board_id)
    return thread_create(actor=officer, board=board, title=data.title, body=data.body, nonce=data.nonce[:40])


@act("/c/{slug}/threads/{thread_id}/posts", schemas.PostOut, "reply-new")
def reply_new(request, slug: str, thread_id: schemas.Id, data: Reply):
    """Reply in a thread on a board one may write on (R1.2)."""
    campaign, officer = _actor(request, slug)
    thread = forum_lookups.thread(campaign, thread_id)
    return post_reply(actor=officer, thread=thread, body=data.body, nonce=data.nonce[:40])


@act("/c/{slug}/sieges/{siege_id}/calls", schemas.GameOut, "call-new")
def call_new(request, slug: str, siege_id: schemas.Id, data: Call):
    """Call a siege game (R6.1: the army's marshal or its king names one of its attackers)."""
    campaign, actor = _actor(request, slug)
    army = posted_object(as_form(data), "army", battle_lookups.armies_at(campaign, siege_id), "R6.1")
    attacker = posted_object(as_form(data), "attacker", campaign_lookups.officers(campaign), "R6.1")
    return siege_services.siege_call(actor=actor, army=army, attacker=attacker, off_hours=data.off_hours)


@act("/c/{slug}/sieges/{siege_id}/games/{game_id}/answer", schemas.GameOut, "call-answer")
def call_answer(request, slug: str, siege_id: schemas.Id, game_id: schemas.Id, data: Answer):
    """Take up a siege call (R6.3: a defender of the city, named by themselves or by the city's governor)."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.siege_game(campaign, siege_id, game_id)
    defender = posted_object(as_form(data), "defender", campaign_lookups.officers(campaign), "R6.3")
    return siege_services.siege_call_answer(actor=actor, game=game, defender=defender, off_hours=data.off_hours)


@act("/c/{slug}/games/{game_id}/report", schemas.GameOut, "game-report")
def game_report_act(request, slug: str, game_id: schemas.Id, data: Report):
    """Report the record of a game played elsewhere (R11.3): replayed and judged by the site, then
    a claim whatever its ending (mate included): `claimed` is the result when the board does not
    decide it. The opponent confirms or disputes it; unanswered, it stands when the campaign's
    confirmation window of war time ends (the game's `claim_due`)."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.game(campaign, game_id)
    started_at = reported_start(data.started_at, campaign)
    return game_report(actor=actor, game=game, text=data.record, claimed=data.claimed, started_at=started_at)


@act("/c/{slug}/games/{game_id}/claim", schemas.GameOut, "game-claim")
def game_claim(request, slug: str, game_id: schemas.Id, data: Claim):
    """Confirm or dispute the opponent's claimed result (R11.3); `claim` is the claim's token as
    read on the game (a claim changed since is refused)."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.game(campaign, game_id)
    return game_claim_answer(actor=actor, game=game, confirm=data.confirm, claim=data.claim)


@act("/c/{slug}/games/{game_id}/agree", schemas.GameOut, "game-agree")
def game_agree(request, slug: str, game_id: schemas.Id):
    """Agree to play the game outside the hours of war (R7.4)."""
    campaign, actor = _actor(request, slug)
    return game_agree_off_hours(actor=actor, game=battle_lookups.game(campaign, game_id))


class LiveAction(Schema):
    action: str = Field(description="ready, move, resign, draw or claim (as the game page's socket)")
    move: str = Field("", max_length=16, description="a move in Chinese notation, WXF or ICCS (chess: SAN or UCI)")
    ply: int | None = Field(None, description="for a move: the number of moves already played, as read")
    offer: bool = Field(True, description="for a draw: offer or accept (true), or decline or withdraw")


@act("/c/{slug}/games/{game_id}/live", schemas.GameDetailOut, "live-act")
def live_act(request, slug: str, game_id: schemas.Id, data: LiveAction):
    """Play a game on the site (R11.3), as its page's socket does: say you are ready (the clocks
    start when both are), move (`ply` is the number of moves you saw: a move sent twice or after
    the board changed is a 409), resign, offer, accept or decline a draw, or claim what the
    position lets you claim (R11.3: a repetition, or in chess fifty moves; the game's
    `claimable` says who may claim what). Watchers of the game's page see each change at once."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.game(campaign, game_id)
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
    return battle_lookups.game(campaign, game_id)
