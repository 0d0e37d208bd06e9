"""The organisers' reads and acts (docs/organising.md "Organising a campaign"): the campaigns a token's user
organises, a campaign's hub, settings and world (as a world file holds it), and every act of the
organisers' forms under the form's URL name, read as that form and run through its service. A
world file's upload is a dry run (its preview: what it holds, or the refusal with its line) unless
`save` is true."""

from typing import Any

from ninja import Field, Schema

from api import schemas
from api.forms import as_form
from api.router import act, read
from campaign import lookups
from campaign.authority import require_campaign_creator, require_organiser
from campaign.inputs import posted_int, posted_object
from campaign.models import Campaign, Kingdom
from seasons import lookups as season_lookups
from seasons.organise_inputs import FIELDS, settings_posted
from seasons.selectors.organise import organise_home, organise_hub
from seasons.services import organise, organise_right, world_edit
from seasons.world.export import world_data
from seasons.world.parse import setting_of
from seasons.world.preview import world_preview


class OrganisedOut(Schema):
    slug: str
    name: str
    status: str = Field(description="draft, enrolment, war or ended")
    organisers: list[str] = Field(description="the organisers' usernames")


class WorldOut(Schema):
    world: dict[str, Any] = Field(description="the campaign's world as a world file holds it (docs/world-files.md)")


class SettingsOut(Schema):
    settings: dict[str, Any] = Field(
        description="every rule setting, durations in whole seconds, the hero tactics map by its name or rows"
    )


class PreviewOut(Schema):
    saved: bool
    slug: str
    name: str
    kingdoms: int
    cities: int
    roads: int
    officers: int


class NewCampaign(Schema):
    name: str
    slug: str
    time_zone: str = "Asia/Taipei"
    battle_game: str = "xiangqi"


class Upload(Schema):
    text: str = Field(description="the world file's text")
    fmt: str = "yaml"
    save: bool = Field(False, description="false: a dry run (the preview); true: save it")
    slug: str = Field("", description="a new campaign's address instead of the file's")


class Username(Schema):
    username: str


class NewKingdom(Schema):
    name: str
    colour: str = "#888888"
    capital: str = Field(description="a neutral city's name, or a new city's")


class KingdomEdit(Schema):
    name: str
    colour: str
    capital: int


class CityEdit(Schema):
    name: str
    kind: str
    kingdom: int | str | None = Field(None, description="a kingdom's id; empty: neutral")
    wall: int | str | None = Field(None, description="empty: its kind's")


class NewCity(CityEdit):
    road_to: int | str | None = Field(None, description="the city its first road leads to (R1.4)")


class Place(Schema):
    x: float
    y: float


class NewRoad(Schema):
    a: int
    b: int


class SettingsIn(Schema):
    """The settings form's fields (seasons/organise_inputs.py GROUPS): durations in minutes (a live
    clock's increments in seconds), the hours of war as clock times (09:00), switches "on"; a field
    left out keeps its value."""

    time_zone: str | None = None
    war_end_minute: str | None = None
    post_edit_window: str | None = None
    capital_wall: str | None = None
    buffer_wall: str | None = None
    frontier_wall: str | None = None
    starting_morale: str | None = None
    daily_wall_gain: str | None = None
    daily_morale_loss: str | None = None
    penalty_period: str | None = None
    outnumbered_points: str | None = None
    ransom_per_star: str | None = None
    pursuit_window: str | None = None
    pursuers: str | None = None
    reinforcement_morale: str | None = None
    stratagem_window: str | None = None
    stratagem_wall: str | None = None
    stratagem_extra_moves: str | None = None
    battle_game: str | None = None
    live_base: str | None = None
    live_increment: str | None = None
    live_first_move: str | None = None
    live_repetition_limit: str | None = None
    claim_window: str | None = None
    banqi_base: str | None = None
    banqi_increment: str | None = None
    travel_time: str | None = None
    mfa_required: str | None = None
    prisoners_may_leave: str | None = None
    tactics_map: str | None = Field(
        None, description="the hero tactics map (T3.11): classic-9, or drawn with its rows in tactics_map_rows"
    )
    tactics_map_rows: str | None = Field(None, description="a drawn map's rows, one a line, from the top (row H)")


def _organised(campaign: Campaign) -> OrganisedOut:
    names = list(campaign.organisers.order_by("username").values_list("username", flat=True))
    return OrganisedOut(slug=campaign.slug, name=campaign.name, status=campaign.status, organisers=names)


def _campaign(request, slug: str) -> Campaign:
    campaign = lookups.campaign_by_slug(slug)
    require_organiser(request.auth.user, campaign)
    return campaign


@read("/organise/campaigns", list[OrganisedOut], "api-organise")
def organised(request):
    """The campaigns the token's user organises (an empty list without a token)."""
    if not request.auth.user.is_authenticated:
        return []
    return [_organised(c) for c in organise_home(user=request.auth.user).campaigns]


@read("/c/{slug}/organise", OrganisedOut, "api-organise-hub")
def hub(request, slug: str):
    """A campaign's state and organisers (its organisers only)."""
    return _organised(organise_hub(campaign=_campaign(request, slug)).campaign)


@read("/c/{slug}/organise/settings", SettingsOut, "api-organise-settings")
def settings_read(request, slug: str):
    """Every rule setting of the campaign, durations in whole seconds (its organisers only)."""
    campaign = _campaign(request, slug)
    return SettingsOut(settings={name: setting_of(campaign, name) for name in FIELDS})


@read("/c/{slug}/organise/world", WorldOut, "api-organise-world")
def world_read(request, slug: str):
    """The campaign's world as a world file holds it (its organisers only)."""
    return WorldOut(world=world_data(_campaign(request, slug)))


@act("/organise/campaigns", OrganisedOut, "organise-create")
def campaign_new(request, data: NewCampaign):
    """A new campaign in draft (R1.1), its creator its organiser."""
    return _organised(organise.campaign_create(actor=request.auth.user, **data.dict()))


class Ask(Schema):
    message: str = Field("", description="who you are and what you would run (at most 1,000 characters)")


class AskedOut(Schema):
    sent: bool


@act("/organise/ask", AskedOut, "organise-ask")
def right_ask(request, data: Ask):
    """Ask the site's admins for the right to organise campaigns (a site whose rule is "permitted")."""
    organise_right.organise_right_request(user=request.auth.user, message=data.message)
    return AskedOut(sent=True)


def _preview(text: str, fmt: str, **asked) -> PreviewOut:
    """The file's preview; with `uploader` (and `replacing` or `slug`) asked what its save asks."""
    spec = world_preview(text=text, fmt=fmt, **asked).spec
    counts = {key: len(spec[key]) for key in ("kingdoms", "cities", "roads", "officers")}
    return PreviewOut(saved=False, slug=spec["slug"], name=spec["name"], **counts)


@act("/organise/campaigns/upload", PreviewOut, "organise-upload")
def campaign_upload(request, data: Upload):
    """A new campaign from a world file: its preview, or with `save` the campaign in draft."""
    require_campaign_creator(request.auth.user)
    if not data.save:
        return _preview(data.text, data.fmt, uploader=request.auth.user, slug=data.slug)
    campaign = organise.campaign_import(actor=request.auth.user, text=data.text, fmt=data.fmt, slug=data.slug)
    return _preview(data.text, data.fmt).model_copy(update={"saved": True, "slug": campaign.slug})


@act("/c/{slug}/organise/settings", SettingsOut, "organise-settings-save")
def settings_save(request, slug: str, data: SettingsIn):
    """The rule settings given (others unchanged), before the war."""
    campaign = lookups.campaign_by_slug(slug)
    values = settings_posted(as_form(data), flags_when_missing=False)
    campaign = organise.campaign_settings_update(actor=request.auth.user, campaign=campaign, values=values)
    return SettingsOut(settings={name: setting_of(campaign, name) for name in FIELDS})


@act("/c/{slug}/organise/organisers", OrganisedOut, "organise-organiser-add")
def organiser_add(request, slug: str, data: Username):
    """Another organiser, by username."""
    campaign = lookups.campaign_by_slug(slug)
    organise.organiser_add(actor=request.auth.user, campaign=campaign, username=data.username)
    return _organised(campaign)


@act("/c/{slug}/organise/organisers/{user_id}/remove", OrganisedOut, "organise-organiser-remove")
def organiser_remove(request, slug: str, user_id: schemas.Id):
    """An organiser no longer organises (never the last one)."""
    campaign = lookups.campaign_by_slug(slug)
    user = season_lookups.account(user_id)
    organise.organiser_remove(actor=request.auth.user, campaign=campaign, user=user)
    return _organised(campaign)


@act("/c/{slug}/organise/world/upload", PreviewOut, "organise-world-upload")
def world_upload(request, slug: str, data: Upload):
    """A draft's world replaced by a file: its preview, or with `save` the replacement."""
    campaign = _campaign(request, slug)
    if not data.save:
        return _preview(data.text, data.fmt, uploader=request.auth.user, replacing=campaign)
    organise.world_replace(actor=request.auth.user, campaign=campaign, text=data.text, fmt=data.fmt)
    return _preview(data.text, data.fmt).model_copy(update={"saved": True, "slug": campaign.slug})


def _kingdom_or_neutral(form, campaign: Campaign) -> Kingdom | None:
    if not form.get("kingdom"):
        return None
    return posted_object(form, "kingdom", lookups.kingdoms(campaign), "R1.3")


def _wall(form) -> int | None:
    return posted_int(form, "wall", "R1.3") if form.get("wall") else None


@act("/c/{slug}/organise/world/kingdoms", schemas.KingdomOut, "organise-kingdom-add")
def kingdom_add(request, slug: str, data: NewKingdom):
    """A kingdom with its palace board and capital (R1.2), in a draft."""
    campaign = lookups.campaign_by_slug(slug)
    return world_edit.kingdom_add(actor=request.auth.user, campaign=campaign, **data.dict())


@act("/c/{slug}/organise/world/kingdoms/{kingdom_id}", schemas.KingdomOut, "organise-kingdom-update")
def kingdom_update(request, slug: str, kingdom_id: schemas.Id, data: KingdomEdit):
    """A kingdom's name, colour and capital (one of its cities, R1.2), in a draft."""
    kingdom = lookups.kingdom(lookups.campaign_by_slug(slug), kingdom_id)
    capital = posted_object(as_form(data), "capital", lookups.cities(kingdom.campaign), "R1.2")
    return world_edit.kingdom_update(
        actor=request.auth.user, kingdom=kingdom, name=data.name, colour=data.colour, capital=capital
    )


@act("/c/{slug}/organise/world/kingdoms/{kingdom_id}/remove", OrganisedOut, "organise-kingdom-remove")
def kingdom_remove(request, slug: str, kingdom_id: schemas.Id):
    """A kingdom gone from a draft, its cities neutral."""
    kingdom = lookups.kingdom(lookups.campaign_by_slug(slug), kingdom_id)
    world_edit.kingdom_remove(actor=request.auth.user, kingdom=kingdom)
    return _organised(kingdom.campaign)


@act("/c/{slug}/organise/world/cities", schemas.CityOut, "organise-city-add")
def city_add(request, slug: str, data: NewCity):
    """A city with its board and first road (R1.3, R1.4), in a draft."""
    campaign = lookups.campaign_by_slug(slug)
    form = as_form(data)
    road_to = posted_object(form, "road_to", lookups.cities(campaign), "R1.4") if data.road_to else None
    return world_edit.city_add(
        actor=request.auth.user,
        campaign=campaign,
        name=data.name,
        kind=data.kind,
        kingdom=_kingdom_or_neutral(form, campaign),
        wall=_wall(form),
        road_to=road_to,
    )


@act("/c/{slug}/organise/world/cities/{city_id}", schemas.CityOut, "organise-city-update")
def city_update(request, slug: str, city_id: schemas.Id, data: CityEdit):
    """A city's name, kind, owner and starting wall (R1.3), in a draft."""
    city = lookups.city(lookups.campaign_by_slug(slug), city_id)
    form = as_form(data)
    return world_edit.city_update(
        actor=request.auth.user,
        city=city,
        name=data.name,
        kind=data.kind,
        kingdom=_kingdom_or_neutral(form, city.campaign),
        wall=_wall(form),
    )


@act("/c/{slug}/organise/world/cities/{city_id}/remove", OrganisedOut, "organise-city-remove")
def city_remove(request, slug: str, city_id: schemas.Id):
    """A city gone from a draft with its roads and board."""
    city = lookups.city(lookups.campaign_by_slug(slug), city_id)
    world_edit.city_remove(actor=request.auth.user, city=city)
    return _organised(city.campaign)


@act("/c/{slug}/organise/world/cities/{city_id}/place", Place, "organise-city-place")
def city_place(request, slug: str, city_id: schemas.Id, data: Place):
    """Where the map draws a city, in the campaign's units (before the war)."""
    city = lookups.city(lookups.campaign_by_slug(slug), city_id)
    city = world_edit.city_place(actor=request.auth.user, city=city, x=data.x, y=data.y)
    return Place(x=city.map_x or 0.0, y=city.map_y or 0.0)


@act("/c/{slug}/organise/world/roads", schemas.RoadOut, "organise-road-add")
def road_add(request, slug: str, data: NewRoad):
    """A road between two cities, once (R1.4), in a draft."""
    campaign = lookups.campaign_by_slug(slug)
    form, cities = as_form(data), lookups.cities(campaign)
    a, b = posted_object(form, "a", cities, "R1.4"), posted_object(form, "b", cities, "R1.4")
    return world_edit.road_add(actor=request.auth.user, campaign=campaign, a=a, b=b)


@act("/c/{slug}/organise/world/roads/{road_id}/remove", OrganisedOut, "organise-road-remove")
def road_remove(request, slug: str, road_id: schemas.Id):
    """A road gone, unless a city would be cut off (R1.4), in a draft."""
    road = lookups.road(lookups.campaign_by_slug(slug), road_id)
    world_edit.road_remove(actor=request.auth.user, road=road)
    return _organised(road.campaign)
