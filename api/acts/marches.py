"""Armies through the API: a march (R4.1), a sortie against it (R4.6), the field battle's
players and its draw (R5), a pursuit (R8.2), reinforcements (R8.3)."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.forms import as_form
from api.router import act
from api.schemas import Done
from battles import lookups as battle_lookups
from battles.inputs import officers_from, organisation_from
from battles.services import field as field_services
from battles.services.march import march_start
from battles.services.pursuit import pursuit_declare
from battles.services.reinforce import reinforcement_send
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object


class Organisation(Schema):
    member: list[int]
    ranks: dict[int, str] = {}


class March(Organisation):
    target: int


class Officers(Schema):
    officer: list[int]


class Advance(Schema):
    advance: bool


class Pursue(Schema):
    pursuer: list[int]
    opponent: list[int]


class Members(Schema):
    member: list[int]


@act("/c/{slug}/armies", schemas.ArmyOut, "march-new", operation_id="api_acts_war_march_new")
def march_new(request, slug: str, data: March):
    """March an army on a city (R4.1: the king orders it; ranks by stars, R5)."""
    campaign, actor = _actor(request, slug)
    target = posted_object(as_form(data), "target", campaign_lookups.cities(campaign), "R4.1")
    organisation = organisation_from(as_form(data), campaign_lookups.officers(campaign), "R4.1")
    return march_start(actor=actor, target=target, organisation=organisation)


@act("/c/{slug}/armies/{army_id}/sortie", Done, "sortie-new", operation_id="api_acts_war_sortie_new")
def sortie_new(request, slug: str, army_id: schemas.Id, data: Officers):
    """Send defenders out to meet a marching army (R4.6: the target's governor or king)."""
    campaign, actor = _actor(request, slug)
    army = battle_lookups.army(campaign, army_id)
    field_services.field_sortie(actor=actor, army=army, officers=officers_from(as_form(data), "officer", campaign))
    return Done()


@act("/c/{slug}/armies/{army_id}/battle/choose", Done, "battle-choose", operation_id="api_acts_war_battle_choose")
def battle_choose(request, slug: str, army_id: schemas.Id, data: Officers):
    """Choose who of the larger side plays the field battle (R5.2)."""
    campaign, actor = _actor(request, slug)
    battle = battle_lookups.field_battle(campaign, army_id)
    field_services.field_battle_choose(
        actor=actor, battle=battle, officers=officers_from(as_form(data), "officer", campaign)
    )
    return Done()


@act("/c/{slug}/armies/{army_id}/battle/advance", Done, "battle-advance", operation_id="api_acts_war_battle_advance")
def battle_advance(request, slug: str, army_id: schemas.Id, data: Advance):
    """After a drawn field battle, advance or turn back (R5.4)."""
    campaign, actor = _actor(request, slug)
    battle = battle_lookups.field_battle(campaign, army_id)
    field_services.field_battle_advance(actor=actor, battle=battle, advance=data.advance)
    return Done()


@act("/c/{slug}/armies/{army_id}/pursuit", Done, "pursuit-new", operation_id="api_acts_war_pursuit_new")
def pursuit_new(request, slug: str, army_id: schemas.Id, data: Pursue):
    """Pursue a retreating army (R8.2: up to three pursuers, as many of its members)."""
    campaign, actor = _actor(request, slug)
    pursuit = battle_lookups.pursuit(campaign, army_id)
    form = as_form(data)
    pursuit_declare(
        actor=actor,
        pursuit=pursuit,
        pursuers=officers_from(form, "pursuer", campaign),
        opponents=officers_from(form, "opponent", campaign),
    )
    return Done()


@act(
    "/c/{slug}/armies/{army_id}/reinforce", schemas.ArmyOut, "reinforce-new", operation_id="api_acts_war_reinforce_new"
)
def reinforce_new(request, slug: str, army_id: schemas.Id, data: Members):
    """Send reinforcements to a besieging army (R8.3: its king)."""
    campaign, actor = _actor(request, slug)
    army = battle_lookups.army(campaign, army_id)
    return reinforcement_send(actor=actor, army=army, officers=officers_from(as_form(data), "member", campaign))
