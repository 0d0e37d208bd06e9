"""Creating a campaign's world from a plain description (the demo, the tests, an admin's script).

A world is: kingdoms with their capitals and palace boards (R1.2), cities with their kind's
wall (R1.3) and boards, roads (R1.4), officers in cities (R1.5), kings, governors and
moderators (§2).
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock, hooks
from campaign.errors import RuleViolation
from campaign.models import (
    Board,
    BoardModerator,
    Campaign,
    Kingdom,
    Officer,
    Whereabouts,
)
from campaign.rules.personnel import valid_stars
from cities.layout import placed_everywhere
from cities.models import City, Road

BATCH = 2000  # rows per INSERT when a world is built in bulk (a 1,000-city world in a few statements)
CAMPAIGN_SETTINGS = (
    "time_zone",
    "travel_time",
    "online_window",
    "post_edit_window",
    "king_orders_from_stars",
    "capital_wall",
    "buffer_wall",
    "frontier_wall",
    "moves_through_own_cities_only",
    "starting_morale",
    "ransom_per_star",
    "pursuit_window",
    "pursuers",
    "reinforcement_morale",
    "daily_morale_loss",
    "daily_wall_gain",
    "war_start_minute",
    "war_end_minute",
    "penalty_period",
    "outnumbered_ratio",
    "outnumbered_points",
    "unanswered_points",
    "battle_game",
    "stratagem_window",
    "stratagem_wall",
    "stratagem_extra_moves",
    "live_base",
    "live_increment",
    "live_first_move",
    "live_repetition_limit",
    "banqi_base",
    "banqi_increment",
)


@transaction.atomic
def world_create(*, spec: dict[str, Any], status: str = Campaign.Status.WAR) -> Campaign:
    """A new campaign and its world. At war (the demo, the tests) its clock starts at once; a
    draft (an organiser's) has no timer until its war starts."""
    campaign = Campaign.objects.create(
        name=spec["name"],
        slug=spec["slug"],
        status=status,
        **{k: spec[k] for k in CAMPAIGN_SETTINGS if k in spec},
    )
    world_build(campaign=campaign, spec=spec)
    if status == Campaign.Status.WAR:  # born in draft: the first midnight comes at war start
        for hook in hooks.campaign_created_hooks:  # R7.1: the war schedules the first local midnight
            hook(campaign, clock.now())
    return campaign


def world_build(*, campaign: Campaign, spec: dict[str, Any]) -> None:
    """The kingdoms, cities, roads and officers of a description, in a campaign that has none; the
    cities it leaves without coordinates laid out once, here."""
    places_fill(spec)
    kingdoms = _kingdoms_create(campaign, spec["kingdoms"])
    cities = _cities_create(campaign, spec["cities"], kingdoms)
    for kingdom_spec in spec["kingdoms"]:
        kingdoms[kingdom_spec["name"]].capital = cities[kingdom_spec["capital"]]
    Kingdom.objects.bulk_update(list(kingdoms.values()), ["capital"])
    ends = (sorted((cities[a], cities[b]), key=lambda c: c.pk) for a, b in spec.get("roads", []))
    Road.objects.bulk_create([Road(campaign=campaign, a=low, b=high) for low, high in ends], batch_size=BATCH)
    for o in spec.get("officers", []):
        _officer_create(campaign, o, spec.get("password"), kingdoms, cities)


def _kingdoms_create(campaign: Campaign, specs: list[dict[str, Any]]) -> dict[str, Kingdom]:
    """The kingdoms by name, each with its palace board (R1.2); their capitals come with the cities."""
    rows = [Kingdom(campaign=campaign, name=k["name"], colour=k.get("colour", "#888888")) for k in specs]
    kingdoms = {kingdom.name: kingdom for kingdom in Kingdom.objects.bulk_create(rows, batch_size=BATCH)}
    Board.objects.bulk_create(
        [Board(campaign=campaign, kind=Board.Kind.PALACE, kingdom=kingdom) for kingdom in kingdoms.values()]
    )
    return kingdoms


def places_fill(spec: dict[str, Any]) -> None:
    """Coordinates for the cities the description left without, laid out around the placed ones
    once, when the world is saved: no page ever lays the map out."""
    names = [c["name"] for c in spec["cities"]]
    placed = {c["name"]: (float(c["x"]), float(c["y"])) for c in spec["cities"] if "x" in c and "y" in c}
    if len(placed) == len(names):
        return
    spots = placed_everywhere(names, [tuple(road) for road in spec.get("roads", [])], placed)
    for c in spec["cities"]:
        c["x"], c["y"] = spots[c["name"]]


def _cities_create(campaign: Campaign, specs: list[dict[str, Any]], kingdoms: dict[str, Kingdom]) -> dict[str, City]:
    """The cities by name, in the description's order, each with its kind's wall (R1.3; a lower
    starting wall when the description gives one) and its board."""
    rows = []
    for position, c in enumerate(specs):
        wall_max = campaign.wall_for_kind(c["kind"])
        wall = c.get("wall", wall_max)  # a world file may start a city below its kind's wall
        rows.append(
            City(
                campaign=campaign,
                name=c["name"],
                kingdom=kingdoms.get(c.get("kingdom", "")),
                kind=c["kind"],
                wall=wall,
                wall_max=wall_max,
                wall_start=wall,
                position=position,
                map_x=c.get("x"),
                map_y=c.get("y"),
            )
        )
    cities = {city.name: city for city in City.objects.bulk_create(rows, batch_size=BATCH)}
    Board.objects.bulk_create(
        [Board(campaign=campaign, kind=Board.Kind.CITY, city=city) for city in cities.values()], batch_size=BATCH
    )
    return cities


def _officer_create(
    campaign: Campaign,
    o: dict[str, Any],
    password: str | None,
    kingdoms: dict[str, Kingdom],
    cities: dict[str, City],
) -> Officer:
    """One officer in their city (R1.5), on the user of that name (made when new), and what they
    hold: the kingdom's throne, a city's governorship, boards to moderate (§2)."""
    if not valid_stars(o["stars"]):
        raise RuleViolation("R1.5", _("A star level is between 1 and 25."))
    User = get_user_model()
    user = User.objects.filter(username__iexact=o["username"]).first()  # one account a name, whatever its case
    if user is None:
        user = User.objects.create_user(username=o["username"], password=password)
    officer = Officer.objects.create(
        campaign=campaign,
        user=user,
        kingdom=kingdoms[o["kingdom"]],
        name=o["name"],
        stars=o["stars"],
        kind=o["kind"],
        title=o.get("title", ""),
        whereabouts=Whereabouts.CITY,
        city=cities[o["city"]],
    )
    if o.get("king"):
        assert officer.kingdom_id is not None  # created in kingdoms[o["kingdom"]] just above
        Kingdom.objects.filter(pk=officer.kingdom_id).update(king=officer)
        kingdom_admin_grant(user=user)
    if o.get("governs"):
        City.objects.filter(pk=cities[o["governs"]].pk).update(governor=officer)
    for board_city in o.get("moderates", []):
        BoardModerator.objects.create(board=cities[board_city].board, officer=officer, appointed_at=clock.now())
    return officer


KINGDOM_ADMINS = "Kingdom admins"
KINGDOM_ADMIN_MODELS = (
    "campaign",
    "kingdom",
    "officer",
    "promotion",
    "move",
    "board",
    "boardmoderator",
    "thread",
    "post",
    "city",
    "road",
)


def kingdom_admin_grant(*, user) -> None:
    """Kings see their kingdom in the Django admin (read-only: changes go through the site's
    pages, which check the rules; the admin scopes private rows to the user's kingdoms)."""
    group, created = Group.objects.get_or_create(name=KINGDOM_ADMINS)
    if created:
        group.permissions.set(
            Permission.objects.filter(
                codename__in=[f"view_{model}" for model in KINGDOM_ADMIN_MODELS],
                content_type__app_label__in=["campaign", "cities"],
            )
        )
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(group)
