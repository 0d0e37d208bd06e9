"""Moves through the API (R3), as the moves' page's forms: a request, an order, and a
request approved, refused or withdrawn."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.forms import as_form
from api.router import act
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object
from campaign.models import Move
from orders.services import moves as move_services


class Destination(Schema):
    destination: int


class Order(Schema):
    officer: int
    destination: int


@act("/c/{slug}/moves/request", schemas.MoveOut, "move-request", operation_id="api_acts_move_request")
def move_request(request, slug: str, data: Destination):
    """Ask to move to a city (R3.2): on the road at once where no approval is needed."""
    campaign, officer = _actor(request, slug)
    destination = posted_object(as_form(data), "destination", campaign_lookups.cities(campaign), "R1.4")
    return move_services.move_request(actor=officer, destination=destination)


@act("/c/{slug}/moves/order", schemas.MoveOut, "move-order", operation_id="api_acts_move_order")
def move_order(request, slug: str, data: Order):
    """Order an officer to a city (R3.1: the king, or a governor within their city's reach)."""
    campaign, actor = _actor(request, slug)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R3.1")
    destination = posted_object(as_form(data), "destination", campaign_lookups.cities(campaign), "R1.4")
    return move_services.move_order(actor=actor, officer=officer, destination=destination)


def _decide(request, slug: str, move_id: int, service) -> Move:
    campaign, actor = _actor(request, slug)
    return service(actor=actor, move=campaign_lookups.move(campaign, move_id))


@act("/c/{slug}/moves/{move_id}/approve", schemas.MoveOut, "move-approve", operation_id="api_acts_move_approve")
def move_approve(request, slug: str, move_id: schemas.Id):
    """Approve a requested move (R3.2: the governors of both ends, or the king)."""
    return _decide(request, slug, move_id, move_services.move_approve)


@act("/c/{slug}/moves/{move_id}/reject", schemas.MoveOut, "move-reject", operation_id="api_acts_move_reject")
def move_reject(request, slug: str, move_id: schemas.Id):
    """Refuse a requested move (R3.2: the governors of both ends, or the king)."""
    return _decide(request, slug, move_id, move_services.move_reject)


@act("/c/{slug}/moves/{move_id}/cancel", schemas.MoveOut, "move-cancel", operation_id="api_acts_move_cancel")
def move_cancel(request, slug: str, move_id: schemas.Id):
    """Withdraw one's own request, or an order one gave, before it leaves (R3.3)."""
    return _decide(request, slug, move_id, move_services.move_cancel)
