"""The organisers' pages (docs/organising.md "Organising a campaign"): the campaigns one organises, a
campaign's hub, its settings as the form shows them, its world with the map (a world file's
preview is seasons/world/preview.py). Each in a fixed number of queries, whatever the world's size."""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User

from campaign.authority import ORGANISE_PERMISSION, creators_confirmed, may_create_campaigns
from campaign.models import Campaign, Kingdom
from cities.drawing import Drawing, drawing
from cities.models import City, CityKind, Road
from seasons.organise_inputs import GROUPS, SettingField, column, label, typed_text, unit_text
from seasons.world.preview import NEUTRAL


@dataclass(frozen=True)
class OrganiseHome:
    campaigns: list[Campaign]
    may_create: bool
    may_ask: bool  # the site's admins give the right ("permitted"): the request form is shown
    drafts_limit: int | None  # the most drafts at a time, for an account counted (no permission)


def organise_home(*, user: User) -> OrganiseHome:
    """The campaigns the user organises, newest first, whether they may create one, or ask for the
    right to, and how many drafts they may hold at a time."""
    campaigns = list(Campaign.objects.filter(organisers=user).order_by("-created_at", "-pk"))
    may_create = may_create_campaigns(user)
    counted = may_create and not user.has_perm(ORGANISE_PERMISSION)
    return OrganiseHome(
        campaigns=campaigns,
        may_create=may_create,
        may_ask=not may_create and not creators_confirmed(),
        drafts_limit=settings.DRAFTS_PER_ORGANISER if counted else None,
    )


@dataclass(frozen=True)
class Hub:
    campaign: Campaign
    organisers: list[User]
    kingdoms: int
    cities: int
    roads: int
    world_open: bool  # the world changes in draft only
    settings_open: bool  # the rule settings in draft and enrolment


def organise_hub(*, campaign: Campaign) -> Hub:
    return Hub(
        campaign=campaign,
        organisers=list(campaign.organisers.order_by("username")),
        kingdoms=Kingdom.objects.filter(campaign=campaign).count(),
        cities=City.objects.filter(campaign=campaign).count(),
        roads=Road.objects.filter(campaign=campaign).count(),
        world_open=campaign.status == Campaign.Status.DRAFT,
        settings_open=campaign.status in (Campaign.Status.DRAFT, Campaign.Status.ENROLMENT),
    )


@dataclass(frozen=True)
class SettingRow:
    field: SettingField
    label: str
    value: str  # as the form field holds it
    default: str  # the 2007 rules' value (the column's default), typed the same way
    unit: str


def settings_rows(*, campaign: Campaign) -> list[tuple[str, list[SettingRow]]]:
    """Every rule setting in its group, with its value, its default and its clause (no query)."""
    groups = []
    for title, fields in GROUPS:
        rows = []
        for field in fields:
            default = column(field.name).get_default()
            rows.append(
                SettingRow(
                    field=field,
                    label=label(field),
                    value=typed_text(field, getattr(campaign, field.name)),
                    default=dict(_battle_games()).get(default, "")
                    if field.typed == "game"
                    else typed_text(field, default),
                    unit=unit_text(field),
                )
            )
        groups.append((str(title), rows))
    return groups


def _battle_games() -> list[tuple[str, str]]:
    return [(value, str(text)) for value, text in column("battle_game").choices or ()]


@dataclass(frozen=True)
class WorldPage:
    kingdoms: list[Kingdom]
    cities: list[City]
    roads: list[Road]
    map: Drawing
    unplaced: list[City]  # cities without coordinates (a campaign made before worlds were laid out when saved)
    kinds: list[tuple[str, str]]
    world_open: bool  # the world changes in draft only
    place_open: bool  # cities are dragged into place before the war


def world_page(*, campaign: Campaign) -> WorldPage:
    """The world's forms and its map, in three queries."""
    kingdoms = list(Kingdom.objects.filter(campaign=campaign).select_related("capital").order_by("pk"))
    cities = list(City.objects.filter(campaign=campaign).select_related("kingdom").order_by("position", "pk"))
    roads = list(Road.objects.filter(campaign=campaign).select_related("a", "b").order_by("pk"))
    placed = [c for c in cities if c.map_x is not None and c.map_y is not None]
    drawn = drawing(
        [
            (
                c.pk,
                c.name,
                c.kind,
                c.kingdom.colour if c.kingdom else NEUTRAL,
                c.kingdom.name if c.kingdom else "",
                (float(c.map_x or 0), float(c.map_y or 0)),  # (the placed ones only: filtered above)
            )
            for c in placed
        ],
        [(r.a_id, r.b_id) for r in roads],
    )
    return WorldPage(
        kingdoms=kingdoms,
        cities=cities,
        roads=roads,
        map=drawn,
        unplaced=[c for c in cities if c.map_x is None or c.map_y is None],
        kinds=[(value, str(text)) for value, text in CityKind.choices],
        world_open=campaign.status == Campaign.Status.DRAFT,
        place_open=campaign.status in (Campaign.Status.DRAFT, Campaign.Status.ENROLMENT),
    )
