"""The matrix's rows for the organisers' actions (R1.1): a new campaign (typed or from a file) by a
user a site admin let organise, and every change of a draft campaign by its organisers. 荀彧's
user organises the draft (and may create campaigns); 孫權 and 郭嘉 do neither."""

from django.contrib.auth.models import Permission

from campaign.models import Campaign, Kingdom
from cities.models import City, Road
from seasons.services.organise import campaign_create, organiser_add
from seasons.services.world_edit import city_add, kingdom_add, road_add
from tests.authorization.cases import Case, allow, refuse

SMALL_WORLD = (
    "name: small\nslug: small-world\nkingdoms:\n- {name: A, capital: a}\n"
    "cities:\n- {name: a, kingdom: A, kind: capital}\n- {name: b, kind: frontier}\nroads:\n- [a, b]\n"
)
ROLES = {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("荀彧")}


def _creator(world):
    user = world["荀彧"].user
    user.user_permissions.add(Permission.objects.get(codename="organise_campaigns"))
    return type(user).objects.get(pk=user.pk)  # the permissions read anew


def draft(world) -> Campaign:
    """A draft organised by 荀彧: 甲 with its capital 甲城, and the neutral 乙城 on a road from it."""
    user = _creator(world)
    campaign = campaign_create(
        actor=user, name="草稿", slug="draft-war", time_zone="Asia/Taipei", battle_game="xiangqi"
    )
    jia = kingdom_add(actor=user, campaign=campaign, name="甲", colour="#123456", capital="甲城")
    city_add(actor=user, campaign=campaign, name="乙城", kind="frontier", kingdom=None, road_to=jia.capital)
    return campaign


def _city(campaign, name):
    return City.objects.get(campaign=campaign, name=name)


def _case(campaign, args, data):
    return Case([campaign.slug, *args], data, ROLES, campaign_url=False)


def organise_create(world, clock):
    _creator(world)
    data = {"name": "新戰役", "slug": "new-war", "time_zone": "Asia/Taipei", "battle_game": "xiangqi"}
    return Case([], data, ROLES, campaign_url=False)


def organise_upload(world, clock):
    _creator(world)
    return Case([], {"save": "1", "fmt": "yaml", "text": SMALL_WORLD, "slug": ""}, ROLES, campaign_url=False)


def organise_settings_save(world, clock):
    return _case(draft(world), [], {"pursuers": "5", "moves_through_own_cities_only": "on"})


def organise_organiser_add(world, clock):
    return _case(draft(world), [], {"username": world["王粲"].user.username})


def organise_organiser_remove(world, clock):
    campaign = draft(world)
    organiser_add(actor=world["荀彧"].user, campaign=campaign, username=world["王粲"].user.username)
    return _case(campaign, [world["王粲"].user_id], {})


def organise_world_upload(world, clock):
    return _case(draft(world), [], {"save": "1", "fmt": "yaml", "text": SMALL_WORLD})


def organise_kingdom_add(world, clock):
    return _case(draft(world), [], {"name": "丙", "colour": "#654321", "capital": "丙城"})


def organise_kingdom_update(world, clock):
    campaign = draft(world)
    jia = Kingdom.objects.get(campaign=campaign)
    return _case(campaign, [jia.pk], {"name": "甲國", "colour": "#654321", "capital": jia.capital_id})


def organise_kingdom_remove(world, clock):
    campaign = draft(world)
    ding = kingdom_add(actor=world["荀彧"].user, campaign=campaign, name="丁", colour="#222222", capital="乙城")
    return _case(campaign, [ding.pk], {})


def organise_city_add(world, clock):
    campaign = draft(world)
    return _case(
        campaign, [], {"name": "戊城", "kind": "frontier", "kingdom": "", "road_to": _city(campaign, "甲城").pk}
    )


def organise_city_update(world, clock):
    campaign = draft(world)
    return _case(campaign, [_city(campaign, "乙城").pk], {"name": "乙城", "kind": "buffer", "kingdom": "", "wall": ""})


def organise_city_remove(world, clock):
    campaign = draft(world)
    return _case(campaign, [_city(campaign, "乙城").pk], {})


def organise_city_place(world, clock):
    campaign = draft(world)
    return _case(campaign, [_city(campaign, "乙城").pk], {"x": "5", "y": "6"})


def organise_road_add(world, clock):
    campaign = draft(world)
    city_add(
        actor=world["荀彧"].user,
        campaign=campaign,
        name="丙城",
        kind="frontier",
        kingdom=None,
        road_to=_city(campaign, "乙城"),
    )
    return _case(campaign, [], {"a": _city(campaign, "甲城").pk, "b": _city(campaign, "丙城").pk})


def organise_road_remove(world, clock):
    campaign = draft(world)
    user = world["荀彧"].user
    city_add(actor=user, campaign=campaign, name="丙城", kind="frontier", kingdom=None, road_to=_city(campaign, "乙城"))
    road_add(actor=user, campaign=campaign, a=_city(campaign, "甲城"), b=_city(campaign, "丙城"))
    road = Road.objects.get(campaign=campaign, a__name__in=["乙城", "丙城"], b__name__in=["乙城", "丙城"])
    return _case(campaign, [road.pk], {})


ORGANISE_ROWS = {
    "organise-create": organise_create,
    "organise-upload": organise_upload,
    "organise-settings-save": organise_settings_save,
    "organise-organiser-add": organise_organiser_add,
    "organise-organiser-remove": organise_organiser_remove,
    "organise-world-upload": organise_world_upload,
    "organise-kingdom-add": organise_kingdom_add,
    "organise-kingdom-update": organise_kingdom_update,
    "organise-kingdom-remove": organise_kingdom_remove,
    "organise-city-add": organise_city_add,
    "organise-city-update": organise_city_update,
    "organise-city-remove": organise_city_remove,
    "organise-city-place": organise_city_place,
    "organise-road-add": organise_road_add,
    "organise-road-remove": organise_road_remove,
}
