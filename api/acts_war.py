"""Acting as an officer through the API, continued: personnel, the war (march, sortie, field battles,
roster, retreat, pursuit, reinforcement, ransom), stratagems and dark chess, judges' results,
moderation and edits. As in api/acts.py: the forms' fields and URL names, the forms' parsing
(api/forms.py), the forms' services."""

from ninja import Field, Schema

from api import schemas
from api.acts import _actor
from api.forms import as_form
from api.router import act
from battles import lookups as battle_lookups
from battles.inputs import officers_from, organisation_from
from battles.services import field as field_services
from battles.services import prisoners as prisoner_services
from battles.services import siege as siege_services
from battles.services import stratagems as stratagem_services
from battles.services.march import march_start
from battles.services.pursuit import pursuit_declare
from battles.services.reinforce import reinforcement_send
from battles.services.results import game_result_enter
from battles.services.retreat import army_retreat
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_int, posted_object
from campaign.mfa import require_mfa
from campaign.models import Campaign, Officer
from forum import lookups as forum_lookups
from forum.services.boards import post_edit, post_hide
from orders.services import personnel


def _personnel_actor(request, slug: str) -> tuple[Campaign, Officer]:
    """The Personnel page's acts: refused (403) to a king who has not set up the two-factor log-in
    their campaign requires, as the page sends them to set it up (campaign.mfa)."""
    campaign, actor = _actor(request, slug)
    require_mfa(request.auth.user, campaign)
    return campaign, actor


class Done(Schema):
    ok: bool = True


class MaybeOfficer(Schema):
    officer: int | None = None


class GovernorChoice(MaybeOfficer):
    confirm_vacate: bool = Field(
        False, description="true: the officer may leave the city they govern (refused, naming it, otherwise)"
    )


class OfficerChoice(Schema):
    officer: int


class Recommend(Schema):
    officer: int
    stars: int
    title: str | None = None


class Approve(Schema):
    approve: bool


class Organisation(Schema):
    member: list[int]
    ranks: dict[int, str] = {}


class March(Organisation):
    target: int


class Paid(Schema):
    paid: bool


class Retreat(Schema):
    army: int
    rearguard: list[int] = []


class RetreatMoney(Schema):
    ransom: int | None = None


class Officers(Schema):
    officer: list[int]


class Advance(Schema):
    advance: bool


class Pursue(Schema):
    pursuer: list[int]
    opponent: list[int]


class Members(Schema):
    member: list[int]


class Challenge(Schema):
    target: int
    kind: str
    beneficiary: int | None = None


class StratagemAnswer(Schema):
    substitute: int | None = None


class BanqiAction(Schema):
    action: str


class Result(Schema):
    result: str
    note: str = ""


class Hide(Schema):
    hidden: bool = True


class Edit(Schema):
    body: str


class ModeratorOut(Schema):
    id: int
    board_id: int
    officer_id: int


class PromotionOut(Schema):
    id: int
    officer_id: int
    stars: int
    title: str
    status: str


class RansomOut(Schema):
    id: int
    officer_id: int
    kind: str
    amount: int
    status: str


@act("/c/{slug}/cities/{city_id}/governor", schemas.CityOut, "governor-appoint")
def governor_appoint(request, slug: str, city_id: schemas.Id, data: GovernorChoice):
    """Appoint or replace a city's governor, or dismiss them with no officer (R2.4: the king). An
    officer who governs another city leaves it only with `confirm_vacate` (409 otherwise, naming it)."""
    campaign, actor = _personnel_actor(request, slug)
    city = campaign_lookups.city(campaign, city_id)
    officers = campaign_lookups.officers(campaign)
    officer = posted_object(as_form(data), "officer", officers, "R2.4") if data.officer else None
    return personnel.governor_appoint(actor=actor, city=city, officer=officer, confirm_vacate=data.confirm_vacate)


@act("/c/{slug}/boards/{board_id}/moderators", ModeratorOut, "moderator-appoint")
def moderator_appoint(request, slug: str, board_id: schemas.Id, data: OfficerChoice):
    """Appoint a board moderator (R2.5: the king, or a governor for their city's board; at most two)."""
    campaign, actor = _personnel_actor(request, slug)
    board = forum_lookups.board(campaign, board_id)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R2.5")
    return personnel.moderator_appoint(actor=actor, board=board, officer=officer)


@act("/c/{slug}/moderators/{moderator_id}/remove", Done, "moderator-remove")
def moderator_remove(request, slug: str, moderator_id: schemas.Id):
    """Remove a board moderator (R2.5)."""
    campaign, actor = _personnel_actor(request, slug)
    moderator = forum_lookups.moderator(campaign, moderator_id)
    personnel.moderator_remove(actor=actor, moderator=moderator)
    return Done()


@act("/c/{slug}/promotions", PromotionOut, "promotion-recommend")
def promotion_recommend(request, slug: str, data: Recommend):
    """Promote an officer (the king, R2.3) or recommend a promotion to the king (a governor)."""
    campaign, actor = _personnel_actor(request, slug)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R2.3")
    stars = posted_int(as_form(data), "stars", "R1.5")
    title = (data.title if data.title is not None else officer.title).strip()
    return personnel.promotion_recommend(actor=actor, officer=officer, stars=stars, title=title)


@act("/c/{slug}/promotions/{promotion_id}", PromotionOut, "promotion-decide")
def promotion_decide(request, slug: str, promotion_id: schemas.Id, data: Approve):
    """Approve or reject a recommended promotion (R2.3: the king)."""
    campaign, actor = _personnel_actor(request, slug)
    promotion = campaign_lookups.promotion(campaign, promotion_id)
    return personnel.promotion_decide(actor=actor, promotion=promotion, approve=data.approve)


@act("/c/{slug}/armies", schemas.ArmyOut, "march-new")
def march_new(request, slug: str, data: March):
    """March an army on a city (R4.1: the king orders it; ranks by stars, R5)."""
    campaign, actor = _actor(request, slug)
    target = posted_object(as_form(data), "target", campaign_lookups.cities(campaign), "R4.1")
    organisation = organisation_from(as_form(data), campaign_lookups.officers(campaign), "R4.1")
    return march_start(actor=actor, target=target, organisation=organisation)


@act("/c/{slug}/prisoners/{ransom_id}", RansomOut, "ransom-decide")
def ransom_decide(request, slug: str, ransom_id: schemas.Id, data: Paid):
    """Free a prisoner, ransom paid or not (R10: the captor's king)."""
    campaign, actor = _actor(request, slug)
    ransom = battle_lookups.ransom(campaign, ransom_id)
    return prisoner_services.ransom_settle(actor=actor, ransom=ransom, paid=data.paid)


@act("/c/{slug}/sieges/{siege_id}/roster", Done, "roster-edit")
def roster_edit(request, slug: str, siege_id: schemas.Id, data: Organisation):
    """Arrange the defence roster (R6.3: the city's governor or its king)."""
    campaign, actor = _actor(request, slug)
    siege = battle_lookups.siege_only(campaign, siege_id)
    roster = organisation_from(as_form(data), campaign_lookups.officers(campaign), "R6.3")
    siege_services.roster_set(actor=actor, siege=siege, roster=roster)
    return Done()


@act("/c/{slug}/sieges/{siege_id}/retreat", schemas.ArmyOut, "retreat")
def retreat(request, slug: str, siege_id: schemas.Id, data: Retreat):
    """Retreat an army from a siege, naming its rearguard (R8.1)."""
    campaign, actor = _actor(request, slug)
    army = posted_object(as_form(data), "army", battle_lookups.armies_at(campaign, siege_id), "R8.1")
    rearguard = officers_from(as_form(data), "rearguard", campaign)
    return army_retreat(actor=actor, army=army, rearguard=rearguard)


@act("/c/{slug}/sieges/{siege_id}/retreat-money", Done, "retreat-money")
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


@act("/c/{slug}/armies/{army_id}/sortie", Done, "sortie-new")
def sortie_new(request, slug: str, army_id: schemas.Id, data: Officers):
    """Send defenders out to meet a marching army (R4.6: the target's governor or king)."""
    campaign, actor = _actor(request, slug)
    army = battle_lookups.army(campaign, army_id)
    field_services.field_sortie(actor=actor, army=army, officers=officers_from(as_form(data), "officer", campaign))
    return Done()


@act("/c/{slug}/armies/{army_id}/battle/choose", Done, "battle-choose")
def battle_choose(request, slug: str, army_id: schemas.Id, data: Officers):
    """Choose who of the larger side plays the field battle (R5.2)."""
    campaign, actor = _actor(request, slug)
    battle = battle_lookups.field_battle(campaign, army_id)
    field_services.field_battle_choose(
        actor=actor, battle=battle, officers=officers_from(as_form(data), "officer", campaign)
    )
    return Done()


@act("/c/{slug}/armies/{army_id}/battle/advance", Done, "battle-advance")
def battle_advance(request, slug: str, army_id: schemas.Id, data: Advance):
    """After a drawn field battle, advance or turn back (R5.4)."""
    campaign, actor = _actor(request, slug)
    battle = battle_lookups.field_battle(campaign, army_id)
    field_services.field_battle_advance(actor=actor, battle=battle, advance=data.advance)
    return Done()


@act("/c/{slug}/armies/{army_id}/pursuit", Done, "pursuit-new")
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


@act("/c/{slug}/armies/{army_id}/reinforce", schemas.ArmyOut, "reinforce-new")
def reinforce_new(request, slug: str, army_id: schemas.Id, data: Members):
    """Send reinforcements to a besieging army (R8.3: its king)."""
    campaign, actor = _actor(request, slug)
    army = battle_lookups.army(campaign, army_id)
    return reinforcement_send(actor=actor, army=army, officers=officers_from(as_form(data), "member", campaign))


@act("/c/{slug}/stratagems", Done, "stratagem-new")
def stratagem_new(request, slug: str, data: Challenge):
    """Challenge a general to a stratagem (R9.1: a strategist; a dark-chess game decides it)."""
    campaign, actor = _actor(request, slug)
    form = as_form(data)
    officers = campaign_lookups.officers(campaign)
    target = posted_object(form, "target", officers, "R9.1")
    beneficiary = posted_object(form, "beneficiary", officers, "R9.2") if data.beneficiary else None
    stratagem_services.stratagem_challenge(actor=actor, target=target, kind=data.kind, beneficiary=beneficiary)
    return Done()


@act("/c/{slug}/stratagems/{stratagem_id}/answer", Done, "stratagem-answer")
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


@act("/c/{slug}/banqi/{game_id}/act", Done, "banqi-act")
def banqi_act(request, slug: str, game_id: schemas.Id, data: BanqiAction):
    """A dark-chess action (R11.7): turn a piece ("b3"), move ("b3-b4"), capture ("b3xb1"), resign."""
    campaign, actor = _actor(request, slug)
    game = battle_lookups.banqi_game(campaign, game_id)
    stratagem_services.banqi_act(actor=actor, game=game, action=data.action.strip())
    return Done()


@act("/c/{slug}/games/{game_id}/result", schemas.GameOut, "result-enter")
def result_enter(request, slug: str, game_id: schemas.Id, data: Result):
    """Enter a game's result as its judge (R11.3: a neutral king, or the site's administrators)."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    game = battle_lookups.game(campaign, game_id)
    return game_result_enter(user=request.auth.user, game=game, result=data.result, note=data.note)


@act("/c/{slug}/posts/{post_id}/moderate", schemas.PostOut, "post-moderate")
def post_moderate(request, slug: str, post_id: schemas.Id, data: Hide):
    """Hide a post, or show it again (R2.5: the board's governor, moderators or king)."""
    campaign, actor = _actor(request, slug)
    post = forum_lookups.post(campaign, post_id)
    return post_hide(actor=actor, post=post, hidden=data.hidden)


@act("/c/{slug}/posts/{post_id}/edit", schemas.PostOut, "post-edit")
def post_edit_act(request, slug: str, post_id: schemas.Id, data: Edit):
    """Rewrite one's own post within the campaign's edit window."""
    campaign, actor = _actor(request, slug)
    post = forum_lookups.post(campaign, post_id)
    return post_edit(actor=actor, post=post, body=data.body)
