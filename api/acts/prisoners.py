"""Prisoners through the API: one freed, ransom paid or not (R10: the captor's king)."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.router import act
from battles import lookups as battle_lookups
from battles.services import prisoners as prisoner_services


class Paid(Schema):
    paid: bool


class RansomOut(Schema):
    id: int
    officer_id: int
    kind: str
    amount: int
    status: str


@act("/c/{slug}/prisoners/{ransom_id}", RansomOut, "ransom-decide", operation_id="api_acts_war_ransom_decide")
def ransom_decide(request, slug: str, ransom_id: schemas.Id, data: Paid):
    """Free a prisoner, ransom paid or not (R10: the captor's king)."""
    campaign, actor = _actor(request, slug)
    ransom = battle_lookups.ransom(campaign, ransom_id)
    return prisoner_services.ransom_settle(actor=actor, ransom=ransom, paid=data.paid)
