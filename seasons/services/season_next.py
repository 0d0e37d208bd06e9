"""The next season (docs/organising.md "Standings, chronicle and next season"): a new campaign in draft with the
world of this one as its war opened (kingdoms, cities, roads, settings), built through the world
file's own checks and `world_create`; the organiser chooses whether the officers carry over."""

import copy
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Officer
from seasons.world.creation import world_create
from seasons.world.export import world_data
from seasons.world.importing import draft_room_locked
from seasons.world.parse import world_vocabulary
from seasons.world.refusals import world_refusal
from seasons.world.rules.check import world_spec
from seasons.world.rules.reader import WorldFileError


def season_world(campaign: Campaign) -> dict[str, Any]:
    """The world a next season starts from: as the war opened (`opening_world`, saved when it
    started), or, for a campaign whose war never started from the site, the world as it stands."""
    if campaign.opening_world is not None:
        return copy.deepcopy(campaign.opening_world)
    return world_data(campaign)


def _carried_officers(campaign: Campaign, world: dict[str, Any]) -> list[dict[str, Any]]:
    """Every officer as the season leaves them (user, name, stars, kind, title), in their kingdom's
    capital: the kingdom they serve now, or (theirs destroyed, R10.5) the one they opened the war
    in. Kings keep their crowns; governorships and boards are the new season's to give, since its
    cities start as the world opened. An officer with neither kingdom (never placed) stays behind."""
    capitals = {k["name"]: k["capital"] for k in world["kingdoms"]}
    opened_in = {o["user"]: o["kingdom"] for o in world.get("officers", [])}
    crowned = dict(Kingdom.objects.filter(campaign=campaign, king__isnull=False).values_list("king_id", "name"))
    out = []
    officers = Officer.objects.filter(campaign=campaign).select_related("user", "kingdom").order_by("pk")
    for o in officers:
        username = o.user.get_username()
        kingdom = o.kingdom.name if o.kingdom is not None else opened_in.get(username)
        if kingdom not in capitals:
            continue
        entry: dict[str, Any] = {"user": username, "name": o.name, "kingdom": kingdom, "stars": o.stars}
        entry.update(kind=o.kind, city=capitals[kingdom])
        if o.title:
            entry["title"] = o.title
        if crowned.get(o.pk) == kingdom:
            entry["king"] = True
        out.append(entry)
    return out


@transaction.atomic
def season_next(*, user: User | AnonymousUser, campaign: Campaign, name: str, slug: str, officers: bool) -> Campaign:
    """R1.1: an organiser starts a new season from a campaign past its draft (at war, to prepare
    the next one, or ended): a campaign in draft, no timer, the same organisers, `previous_season`
    naming this one. Refused (nothing made) for a draft, a taken address or a name the world file
    would refuse."""
    require_organiser(user, campaign)
    assert isinstance(user, User)  # an organiser is logged in
    draft_room_locked(user)
    if campaign.status == Campaign.Status.DRAFT:
        raise RuleViolation("R1.1", _("A campaign still in draft has no season to follow; change it instead."))
    world = season_world(campaign)
    world["name"], world["slug"] = name, slug
    world["officers"] = _carried_officers(campaign, world) if officers else []
    try:
        spec = world_spec(world, world_vocabulary())
        if Campaign.objects.filter(slug=slug).exists():
            raise WorldFileError("slug_taken", "slug", slug=slug)
    except WorldFileError as error:
        raise world_refusal(error, fmt="json") from None
    season = world_create(spec=spec, status=Campaign.Status.DRAFT)
    season.previous_season = campaign
    # The settings of a campaign's life that the world file does not hold carry over too.
    season.mfa_required, season.prisoners_may_leave = campaign.mfa_required, campaign.prisoners_may_leave
    season.save(update_fields=["previous_season", "mfa_required", "prisoners_may_leave"])
    season.organisers.set(campaign.organisers.all())
    return season
