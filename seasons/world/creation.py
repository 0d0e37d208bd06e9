"""Creating a campaign's world from a plain description (the demo, the tests, an admin's script).

A world is: kingdoms with their capitals and palace boards (R1.2), cities with their kind's
wall (R1.3) and boards, roads (R1.4), officers in cities (R1.5), kings, governors and
moderators (§2).
"""

from collections.abc import Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from campaign import clock, hooks
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Officer, Whereabouts
from campaign.rules.personnel import valid_stars
from cities.models import City, Road
from forum.models import Board, BoardModerator
from seasons.world.accounts import accounts_found
from seasons.world.parse import CAMPAIGN_SETTINGS, places_fill

BATCH = 2000  # rows per INSERT when a world is built in bulk (a 1,000-city world in a few statements)
# Rows per part of a world built in parts (`world_parts`): each part is one short transaction
# when the world is imported from a file (staging.py).
WRITE_BATCH = 500


@transaction.atomic
def world_create(*, spec: dict[str, Any], status: str = Campaign.Status.WAR) -> Campaign:
    """A new campaign and its world from a plain description (the demo, the tests, an admin's
    script: not a world file, which holds no passwords and makes no account). At war its clock
    starts at once; a draft (an organiser's) has no timer until its war starts. The description's
    users are made here when new (with its `password`)."""
    campaign = Campaign.objects.create(
        name=spec["name"],
        slug=spec["slug"],
        status=status,
        **{k: spec[k] for k in CAMPAIGN_SETTINGS if k in spec},
    )
    world_build(campaign=campaign, spec=spec, users=accounts_for(spec, make=True))
    kings_admitted(campaign)
    world_opened(campaign)
    return campaign


def world_opened(campaign: Campaign) -> None:
    """A world complete: at war, its clock starts (R7.1: the first local midnight); a draft's
    comes at war start."""
    if campaign.status == Campaign.Status.WAR:
        for hook in hooks.campaign_created_hooks:
            hook(campaign, clock.now())


def accounts_for(spec: dict[str, Any], *, make: bool = False) -> dict[str, Any]:
    """The accounts the officers name, by lower-cased username (one account a name, whatever its
    case). `make`: the new ones made, with the description's `password` (the demo's and the
    tests'); a world file never makes one (its officers' accounts must exist)."""
    User = get_user_model()
    found = accounts_found(spec)
    if make:
        for o in spec.get("officers", []):
            if o["username"].lower() not in found:
                found[o["username"].lower()] = User.objects.create_user(o["username"], password=spec.get("password"))
    return found


def _chunks(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def world_build(*, campaign: Campaign, spec: dict[str, Any], users: dict[str, Any]) -> None:
    """The kingdoms, cities, roads and officers of a description, in a campaign that has none, in
    the caller's transaction; the cities it leaves without coordinates laid out once, here."""
    for _part in world_parts(campaign=campaign, spec=spec, users=users):
        pass


def world_parts(*, campaign: Campaign, spec: dict[str, Any], users: dict[str, Any]) -> Iterator[int]:
    """`world_build` in parts of at most WRITE_BATCH rows: each step of the generator writes one
    part and yields how many rows it wrote, so that a caller may commit each part on its own
    (staging.py: no write lock held for long on SQLite)."""
    places_fill(spec)
    kingdoms = _kingdoms_create(campaign, spec["kingdoms"])
    yield len(kingdoms)
    cities: dict[str, City] = {}
    for position, chunk in enumerate(_chunks(spec["cities"], WRITE_BATCH // 2)):  # a city and its board
        cities |= _cities_create(campaign, chunk, kingdoms, first=position * (WRITE_BATCH // 2))
        yield 2 * len(chunk)
    for kingdom_spec in spec["kingdoms"]:
        kingdoms[kingdom_spec["name"]].capital = cities[kingdom_spec["capital"]]
    Kingdom.objects.bulk_update(list(kingdoms.values()), ["capital"], batch_size=BATCH)
    yield len(kingdoms)
    for chunk in _chunks(spec.get("roads", []), WRITE_BATCH):
        ends = (sorted((cities[a], cities[b]), key=lambda c: c.pk) for a, b in chunk)
        Road.objects.bulk_create([Road(campaign=campaign, a=low, b=high) for low, high in ends], batch_size=BATCH)
        yield len(chunk)
    for chunk in _chunks(spec.get("officers", []), WRITE_BATCH // 4):  # an officer, its posts and boards
        yield officers_create(campaign, chunk, users, kingdoms, cities)


def _kingdoms_create(campaign: Campaign, specs: list[dict[str, Any]]) -> dict[str, Kingdom]:
    """The kingdoms by name, each with its palace board (R1.2); their capitals come with the cities."""
    rows = [Kingdom(campaign=campaign, name=k["name"], colour=k.get("colour", "#888888")) for k in specs]
    kingdoms = {kingdom.name: kingdom for kingdom in Kingdom.objects.bulk_create(rows, batch_size=BATCH)}
    Board.objects.bulk_create(
        [Board(campaign=campaign, kind=Board.Kind.PALACE, kingdom=kingdom) for kingdom in kingdoms.values()],
        batch_size=BATCH,
    )
    return kingdoms


def _cities_create(
    campaign: Campaign, specs: list[dict[str, Any]], kingdoms: dict[str, Kingdom], *, first: int = 0
) -> dict[str, City]:
    """The cities by name, in the description's order (from position `first`), each with its
    kind's wall (R1.3; a lower starting wall when the description gives one) and its board."""
    rows = []
    for position, c in enumerate(specs, start=first):
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


def officers_create(
    campaign: Campaign,
    specs: list[dict[str, Any]],
    users: dict[str, Any],
    kingdoms: dict[str, Kingdom],
    cities: dict[str, City],
) -> int:
    """Officers in their cities (R1.5), each on the existing account of its username (`users`, by
    lower-cased name), and what they hold: the kingdom's throne, a city's governorship, boards to
    moderate (§2). A few statements for the lot; returns the rows written."""
    for o in specs:
        if not valid_stars(o["stars"]):
            raise RuleViolation("R1.5", _("A star level is between 1 and 25."))
    rows = [
        Officer(
            campaign=campaign,
            user=users[o["username"].lower()],
            kingdom=kingdoms[o["kingdom"]],
            name=o["name"],
            stars=o["stars"],
            kind=o["kind"],
            title=o.get("title", ""),
            whereabouts=Whereabouts.CITY,
            city=cities[o["city"]],
        )
        for o in specs
    ]
    officers = Officer.objects.bulk_create(rows, batch_size=BATCH)
    for o, officer in zip(specs, officers, strict=True):
        if o.get("king"):
            Kingdom.objects.filter(pk=kingdoms[o["kingdom"]].pk).update(king=officer)
        if o.get("governs"):
            City.objects.filter(pk=cities[o["governs"]].pk).update(governor=officer)
    boards = dict(
        Board.objects.filter(city__in=[cities[n].pk for o in specs for n in o.get("moderates", [])]).values_list(
            "city_id", "pk"
        )
    )
    now = clock.now()
    moderators = [
        BoardModerator(board_id=boards[cities[name].pk], officer=officer, appointed_at=now)
        for o, officer in zip(specs, officers, strict=True)
        for name in o.get("moderates", [])
    ]
    BoardModerator.objects.bulk_create(moderators, batch_size=BATCH)
    return len(officers) + len(moderators)


def kings_admitted(campaign: Campaign) -> None:
    """The kings of a world just built see their kingdom in the Django admin (`kingdom_admin_grant`)."""
    kings = Kingdom.objects.filter(campaign=campaign, king__isnull=False).values_list("king__user", flat=True)
    for user in get_user_model().objects.filter(pk__in=list(kings)):
        kingdom_admin_grant(user=user)


KINGDOM_ADMINS = "Kingdom admins"
# What kings may view in the admin, by app (forum/migrations/0002 gives a group made before the
# boards moved to the forum its view of them).
KINGDOM_ADMIN_MODELS = {
    "campaign": ("campaign", "kingdom", "officer", "promotion", "move"),
    "forum": ("board", "boardmoderator", "thread", "post"),
    "cities": ("city", "road"),
}


def kingdom_admin_grant(*, user) -> None:
    """Kings see their kingdom in the Django admin (read-only: changes go through the site's
    pages, which check the rules; the admin scopes private rows to the user's kingdoms)."""
    group, created = Group.objects.get_or_create(name=KINGDOM_ADMINS)
    if created:
        views = Q()
        for app, models in KINGDOM_ADMIN_MODELS.items():
            views |= Q(content_type__app_label=app, codename__in=[f"view_{model}" for model in models])
        group.permissions.set(Permission.objects.filter(views))
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(group)
