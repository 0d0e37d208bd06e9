"""Stratagems through the API: a challenge (R9.1), its answer or a substitute (R9.3), and
the dark-chess game that decides it (R11.7)."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.forms import as_form
from api.router import act
from api.schemas import Done
from battles import lookups as battle_lookups
from battles.services import stratagems as stratagem_services
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object


class Challenge(Schema):
    target: int
    kind: str
    beneficiary: int | None = None


class StratagemAnswer(Schema):
    substitute: int | None = None


class BanqiAction(Schema):
    action: str


@act("/c/{slug}/stratagems", Done, "stratagem-new", operation_id="api_acts_war_stratagem_new")
def stratagem_new(request, slug: str, data: Challenge):
    """Challenge a general to a stratagem (R9.1: a strategist; a dark-chess game decides it)."""
    campaign, actor = _actor(request, slug)
    form = as_form(data)
    officers = campaign_lookups.officers(campaign)
    target = posted_object(form, "target", officers, "R9.1")
    beneficiary = posted_object(form, "beneficiary", officers, "R9.2") if data.beneficiary else None
    stratagem_services.stratagem_challenge(actor=actor, target=target, kind=data.kind, beneficiary=beneficiary)
    return Done()


@act(
    "/c/{slug}/stratagems/{stratagem_id}/answer", Done, "stratagem-answer", operation_id="api_acts_war_stratagem_answer"
)
def stratagem_answer(request, slug: str, stratagem_id: schemas.Id, data: StratagemAnswer):
    """Take up a stratagem's challenge, or name a substitute (R9.3)."""
    campaign, actor = _actor(request, slug)
    stratagem = battle_lookups.stratagem(campaign, stratagem_id)
    if data.substitute:
        substitute = posted_object(as_form(data), "substitute", campaign_lookups.officers(campaign), "R9.3")
        stratagem_services.stratagem_name_substitute(actor=actor, stratagem=stratagem, substitute=substitute)
    else:
        stratagem_services.stratagem_accept(actor=actor, stratagem=stratagem)
    return Done()


@act("/c/{slug}/banqi/{game_id}/act", Done, "banqi-act", operation_id="api_acts_war_banqi_act")
def banqi_act(request, slug: str, game_id: schemas.Id, data: BanqiAction):
    """A dark-chess action (R11.7): turn a piece ("b3"), move ("b3-b4"), capture ("b3xb1"), resign."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.banqi_game(campaign, game_id)
    stratagem_services.banqi_act(actor=actor, game=game, action=data.action.strip())
    return Done()
