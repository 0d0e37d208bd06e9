"""Personnel through the API, as the Personnel page's forms: governors (R2.4), board
moderators (R2.5), promotions (R2.3); refused to a king without the two-factor log-in their
campaign requires."""

from ninja import Field, Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.forms import as_form
from api.router import act
from api.schemas import Done
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_int, posted_object
from campaign.mfa import require_mfa
from campaign.models import Campaign, Officer
from forum import lookups as forum_lookups
from orders.services import personnel


def _personnel_actor(request, slug: str) -> tuple[Campaign, Officer]:
    """The Personnel page's acts: refused (403) to a king who has not set up the two-factor log-in
    their campaign requires, as the page sends them to set it up (campaign.mfa)."""
    campaign, actor = _actor(request, slug)
    require_mfa(request.auth.user, campaign)
    return campaign, actor


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


@act(
    "/c/{slug}/cities/{city_id}/governor",
    schemas.CityOut,
    "governor-appoint",
    operation_id="api_acts_war_governor_appoint",
)
def governor_appoint(request, slug: str, city_id: schemas.Id, data: GovernorChoice):
    """Appoint or replace a city's governor, or dismiss them with no officer (R2.4: the king). An
    officer who governs another city leaves it only with `confirm_vacate` (409 otherwise, naming it)."""
    campaign, actor = _personnel_actor(request, slug)
    city = campaign_lookups.city(campaign, city_id)
    officers = campaign_lookups.officers(campaign)
    officer = posted_object(as_form(data), "officer", officers, "R2.4") if data.officer else None
    return personnel.governor_appoint(actor=actor, city=city, officer=officer, confirm_vacate=data.confirm_vacate)


@act(
    "/c/{slug}/boards/{board_id}/moderators",
    ModeratorOut,
    "moderator-appoint",
    operation_id="api_acts_war_moderator_appoint",
)
def moderator_appoint(request, slug: str, board_id: schemas.Id, data: OfficerChoice):
    """Appoint a board moderator (R2.5: the king, or a governor for their city's board; at most two)."""
    campaign, actor = _personnel_actor(request, slug)
    board = forum_lookups.board(campaign, board_id)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R2.5")
    return personnel.moderator_appoint(actor=actor, board=board, officer=officer)


@act(
    "/c/{slug}/moderators/{moderator_id}/remove", Done, "moderator-remove", operation_id="api_acts_war_moderator_remove"
)
def moderator_remove(request, slug: str, moderator_id: schemas.Id):
    """Remove a board moderator (R2.5)."""
    campaign, actor = _personnel_actor(request, slug)
    moderator = forum_lookups.moderator(campaign, moderator_id)
    personnel.moderator_remove(actor=actor, moderator=moderator)
    return Done()


@act("/c/{slug}/promotions", PromotionOut, "promotion-recommend", operation_id="api_acts_war_promotion_recommend")
def promotion_recommend(request, slug: str, data: Recommend):
    """Promote an officer (the king, R2.3) or recommend a promotion to the king (a governor)."""
    campaign, actor = _personnel_actor(request, slug)
    officer = posted_object(as_form(data), "officer", campaign_lookups.officers(campaign), "R2.3")
    stars = posted_int(as_form(data), "stars", "R1.5")
    title = (data.title if data.title is not None else officer.title).strip()
    return personnel.promotion_recommend(actor=actor, officer=officer, stars=stars, title=title)


@act(
    "/c/{slug}/promotions/{promotion_id}",
    PromotionOut,
    "promotion-decide",
    operation_id="api_acts_war_promotion_decide",
)
def promotion_decide(request, slug: str, promotion_id: schemas.Id, data: Approve):
    """Approve or reject a recommended promotion (R2.3: the king)."""
    campaign, actor = _personnel_actor(request, slug)
    promotion = campaign_lookups.promotion(campaign, promotion_id)
    return personnel.promotion_decide(actor=actor, promotion=promotion, approve=data.approve)
