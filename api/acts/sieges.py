"""Sieges through the API: a siege game called (R6.1) and taken up (R6.3), the defence
roster (R6.3), a retreat (R8.1) and its money (R10.1)."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.acts.marches import Organisation
from api.forms import as_form
from api.router import act
from api.schemas import Done
from battles import lookups as battle_lookups
from battles.inputs import officers_from, organisation_from
from battles.services import prisoners as prisoner_services
from battles.services import siege as siege_services
from battles.services.retreat import army_retreat
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object


class Call(Schema):
    army: int
    attacker: int
    off_hours: bool = False


class Answer(Schema):
    defender: int
    off_hours: bool = False


class Retreat(Schema):
    army: int
    rearguard: list[int] = []


class RetreatMoney(Schema):
    ransom: int | None = None


@act("/c/{slug}/sieges/{siege_id}/calls", schemas.GameOut, "call-new", operation_id="api_acts_call_new")
def call_new(request, slug: str, siege_id: schemas.Id, data: Call):
    """Call a siege game (R6.1: the army's marshal or its king names one of its attackers)."""
    campaign, actor = _actor(request, slug)
    army = posted_object(as_form(data), "army", battle_lookups.armies_at(campaign, siege_id), "R6.1")
    attacker = posted_object(as_form(data), "attacker", campaign_lookups.officers(campaign), "R6.1")
    return siege_services.siege_call(actor=actor, army=army, attacker=attacker, off_hours=data.off_hours)


@act(
    "/c/{slug}/sieges/{siege_id}/games/{game_id}/answer",
    schemas.GameOut,
    "call-answer",
    operation_id="api_acts_call_answer",
)
def call_answer(request, slug: str, siege_id: schemas.Id, game_id: schemas.Id, data: Answer):
    """Take up a siege call (R6.3: a defender of the city, named by themselves or by the city's governor)."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.siege_game(campaign, siege_id, game_id)
    defender = posted_object(as_form(data), "defender", campaign_lookups.officers(campaign), "R6.3")
    return siege_services.siege_call_answer(actor=actor, game=game, defender=defender, off_hours=data.off_hours)


@act("/c/{slug}/sieges/{siege_id}/roster", Done, "roster-edit", operation_id="api_acts_war_roster_edit")
def roster_edit(request, slug: str, siege_id: schemas.Id, data: Organisation):
    """Arrange the defence roster (R6.3: the city's governor or its king)."""
    campaign, actor = _actor(request, slug)
    siege = battle_lookups.siege_only(campaign, siege_id)
    roster = organisation_from(as_form(data), campaign_lookups.officers(campaign), "R6.3")
    siege_services.roster_set(actor=actor, siege=siege, roster=roster)
    return Done()


@act("/c/{slug}/sieges/{siege_id}/retreat", schemas.ArmyOut, "retreat", operation_id="api_acts_war_retreat")
def retreat(request, slug: str, siege_id: schemas.Id, data: Retreat):
    """Retreat an army from a siege, naming its rearguard (R8.1)."""
    campaign, actor = _actor(request, slug)
    army = posted_object(as_form(data), "army", battle_lookups.armies_at(campaign, siege_id), "R8.1")
    rearguard = officers_from(as_form(data), "rearguard", campaign)
    return army_retreat(actor=actor, army=army, rearguard=rearguard)


@act("/c/{slug}/sieges/{siege_id}/retreat-money", Done, "retreat-money", operation_id="api_acts_war_retreat_money")
def retreat_money(request, slug: str, siege_id: schemas.Id, data: RetreatMoney):
    """Offer the retreat money (R10.1: a defender), or confirm an offer (`ransom`: the besieging king)."""
    campaign, actor = _actor(request, slug)
    siege = battle_lookups.siege_only(campaign, siege_id)
    if data.ransom:
        ransom = posted_object(as_form(data), "ransom", battle_lookups.ransoms_at(siege), "R10.1")
        prisoner_services.retreat_money_confirm(actor=actor, ransom=ransom)
    else:
        prisoner_services.retreat_money_offer(actor=actor, siege=siege)
    return Done()
