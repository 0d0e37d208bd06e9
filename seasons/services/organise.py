"""What a campaign's organisers do to it (docs/organising.md "Organising a campaign"): create it (empty, or
from a world file), set its rule settings, replace its draft world by a file, and share the
organising with others. A campaign made here is a draft: it has no timer until its war starts.

When things may change (decision): the world only in draft; the rule settings in draft and
enrolment (nobody has marched yet, nothing has been counted with them); from the war's start
nothing (a setting changed mid-war would change what was already counted). The typed edits of
the world are `seasons/services/world_edit.py`."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Least
from django.utils.translation import gettext as _

from campaign.authority import require_campaign_creator, require_draft_room, require_organiser
from campaign.errors import RuleViolation
from campaign.models import Campaign
from cities.models import City, CityKind
from seasons.world.accounts import accounts_named, slug_free
from seasons.world.export import world_data
from seasons.world.importing import draft_room_locked, world_import
from seasons.world.parse import CAMPAIGN_SETTINGS, place_unplaced, setting_plain, world_parse, world_vocabulary
from seasons.world.refusals import world_form_refusal
from seasons.world.rules.check import world_spec
from seasons.world.rules.reader import WorldFileError
from seasons.world.staging import opened_instead, world_staged

# The settings beyond the world file's (CAMPAIGN_SETTINGS): who must log in with two factors,
# and whether a prisoner may leave their kingdom.
OWN_SETTINGS = ("mfa_required", "prisoners_may_leave")
WALL_SETTINGS = {"capital_wall": CityKind.CAPITAL, "buffer_wall": CityKind.BUFFER, "frontier_wall": CityKind.FRONTIER}


def locked(campaign: Campaign) -> Campaign:
    """The campaign's row, locked for this transaction (two organisers' changes one after the other).
    FOR UPDATE, unlike the war's locks: a draft's world replaced moves every row pointing at the
    campaign away (world_staging.opened_instead), so none may be committed pointing at it meanwhile."""
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def require_draft(campaign: Campaign) -> None:
    if campaign.status != Campaign.Status.DRAFT:
        raise RuleViolation(
            "R1.1",
            _("The world changes only while the campaign is a draft; it is in %(status)s now.")
            % {"status": campaign.get_status_display()},
        )


def require_before_war(campaign: Campaign) -> None:
    if campaign.status not in (Campaign.Status.DRAFT, Campaign.Status.ENROLMENT):
        raise RuleViolation(
            "R1.1",
            _("The rule settings change only before the war starts; the campaign is in %(status)s now.")
            % {"status": campaign.get_status_display()},
        )


def checked(data: dict[str, Any]) -> dict[str, Any]:
    """The world as a file would hold it, checked by the world file's own rules (R1.1–R1.6)."""
    try:
        return world_spec(data, world_vocabulary())
    except WorldFileError as error:
        raise world_form_refusal(error) from None


@transaction.atomic
def campaign_create(*, actor: User, name: str, slug: str, time_zone: str, battle_game: str) -> Campaign:
    """An empty campaign in draft; its creator its first organiser. No timer: the war's start
    schedules the first midnight."""
    require_campaign_creator(actor)
    draft_room_locked(actor)
    spec = checked(
        {"name": name, "slug": slug, "time_zone": time_zone, "battle_game": battle_game, "kingdoms": [], "cities": []}
    )
    slug_free(slug=slug, fmt="form")
    try:
        with transaction.atomic():  # a savepoint: another request taking the address at the same moment
            campaign = Campaign.objects.create(
                name=spec["name"],
                slug=slug,
                status=Campaign.Status.DRAFT,
                time_zone=spec["time_zone"],
                battle_game=spec["battle_game"],
            )
    except IntegrityError:
        slug_free(slug=slug, fmt="form")
        raise
    campaign.organisers.add(actor)
    return campaign


def campaign_import(
    *, actor: User, text: str | bytes, fmt: str, slug: str = "", places: dict[str, tuple[float, float]] | None = None
) -> Campaign:
    """A campaign in draft built from a world file (docs/world-files.md), at the file's
    address or `slug`; its creator its first organiser. Written in parts (world/staging.py): not
    in one transaction, so that no write waits behind it."""
    require_campaign_creator(actor)
    require_draft_room(actor)
    return world_import(
        text=text,
        fmt=fmt,
        status=Campaign.Status.DRAFT,
        slug=slug,
        places=places,
        uploader=actor,
        check=lambda: draft_room_locked(actor),
    )


@transaction.atomic
def campaign_settings_update(*, actor: User, campaign: Campaign, values: dict[str, Any]) -> Campaign:
    """The rule settings (§12) and the campaign's own, before the war. Checked as a world file's
    settings are; a city's wall follows its kind's new maximum (R1.3: it starts at its kind's wall)."""
    require_organiser(actor, campaign)
    campaign = locked(campaign)
    require_before_war(campaign)
    unknown = set(values) - set(CAMPAIGN_SETTINGS) - set(OWN_SETTINGS)
    if unknown:
        raise RuleViolation("R1.1", _("Unknown setting “%(key)s”.") % {"key": sorted(unknown)[0]})
    data = world_data(campaign)
    for name, value in values.items():
        if name in ("time_zone", "battle_game"):
            data[name] = value
        elif name in CAMPAIGN_SETTINGS:
            data["settings"][name] = setting_plain(value)
    spec = checked(data)
    if spec["war_start_minute"] >= spec["war_end_minute"] or spec["war_end_minute"] > 24 * 60:
        raise RuleViolation("R7.4", _("The hours of war begin before they end, within one day (00:00–24:00)."))
    before = {name: getattr(campaign, name) for name in WALL_SETTINGS}
    for name in CAMPAIGN_SETTINGS:
        setattr(campaign, name, spec[name])
    for name in OWN_SETTINGS:
        if name in values:
            if not isinstance(values[name], bool):
                raise RuleViolation("R1.1", _("true or false is expected here."))
            setattr(campaign, name, values[name])
    campaign.save(update_fields=[*CAMPAIGN_SETTINGS, *OWN_SETTINGS])
    for name, kind in WALL_SETTINGS.items():
        _walls_follow(campaign, kind, before[name], getattr(campaign, name))
    return campaign


def _walls_follow(campaign: Campaign, kind: str, old: int, new: int) -> None:
    """A kind's new wall: its cities' maximum; a city at the old maximum starts at the new one, a
    city started lower keeps its wall (the check refused one above the new maximum)."""
    if old == new:
        return
    cities = City.objects.filter(campaign=campaign, kind=kind)
    cities.filter(wall=old).update(wall=new, wall_start=new, wall_max=new)
    cities.exclude(wall_max=new).update(wall_max=new, wall=Least(F("wall"), new), wall_start=Least(F("wall"), new))


def world_replace(
    *,
    actor: User,
    campaign: Campaign,
    text: str | bytes,
    fmt: str,
    places: dict[str, tuple[float, float]] | None = None,
) -> Campaign:
    """A draft's whole world (name, settings, kingdoms, cities, roads, officers) from a world file;
    the campaign keeps its address and its organisers. Built in parts beside it, then put in its
    place in one short transaction (world/staging.py): the draft shows the old world or the new,
    never a mixture, and nothing of the old one is left."""

    def still_draft(draft: Campaign) -> Campaign:
        require_organiser(actor, draft)
        draft = locked(draft)
        require_draft(draft)
        return draft

    require_organiser(actor, campaign)
    require_draft(Campaign.objects.get(pk=campaign.pk))  # checked again, locked, at the last step
    spec = world_parse(text=text, fmt=fmt)
    users = accounts_named(spec=spec, fmt=fmt, campaign=campaign, uploader=actor)
    place_unplaced(spec, places)  # (`places`: where its preview laid out the cities it leaves without)
    return world_staged(spec=spec, users=users, opened=opened_instead(campaign=campaign, check=still_draft))


@transaction.atomic
def organiser_add(*, actor: User, campaign: Campaign, username: str) -> User:
    """Another organiser, by username (several per campaign)."""
    require_organiser(actor, campaign)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise RuleViolation("R1.1", _("No user is named “%(name)s”.") % {"name": username.strip()[:150]})
    if campaign.organisers.filter(pk=user.pk).exists():
        raise RuleViolation("R1.1", _("%(name)s organises this campaign already.") % {"name": user.get_username()})
    campaign.organisers.add(user)
    return user


@transaction.atomic
def organiser_remove(*, actor: User, campaign: Campaign, user: User) -> None:
    """An organiser leaves the organising (themselves or another); never the last one."""
    require_organiser(actor, campaign)
    campaign = locked(campaign)
    if not campaign.organisers.filter(pk=user.pk).exists():
        raise RuleViolation("R1.1", _("%(name)s does not organise this campaign.") % {"name": user.get_username()})
    if campaign.organisers.count() == 1:
        raise RuleViolation("R1.1", _("A campaign keeps at least one organiser."))
    campaign.organisers.remove(user)
