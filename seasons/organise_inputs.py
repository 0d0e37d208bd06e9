"""The organisers' forms read once for the pages and the API: the rule settings grouped as the
settings page shows them (each with its clause of RULES.md §12 and how it is typed: durations in
minutes or seconds, the hours of war as clock times), and what a settings form sends, turned
into the values `campaign_settings_update` takes (durations in whole seconds, as a world file
holds them)."""

import re
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.errors import RuleViolation
from campaign.models import Campaign
from games.tactics.maps import DRAWN
from seasons.tactics_map import map_shown

MINUTES, SECONDS, COUNT, FLAG, CLOCK, ZONE, GAME = "minutes", "seconds", "count", "flag", "clock", "zone", "game"
MAP = "map"  # the hero tactics map: a shipped map's name, or DRAWN with the rows in MAP_ROWS
MAP_ROWS = "tactics_map_rows"
CLOCK_TIME = re.compile(r"^([01]?\d|2[0-4]):([0-5]\d)$")


@dataclass(frozen=True)
class SettingField:
    name: str
    clause: str  # RULES.md's clause (or docs/tactics.md's), or "" for the site's own decision (docs/organising.md)
    typed: str  # MINUTES | SECONDS | COUNT | FLAG | CLOCK | ZONE | GAME | MAP
    help: Promise


GROUPS: tuple[tuple[Promise, tuple[SettingField, ...]], ...] = (
    (
        _("Time and the hours of war"),
        (
            SettingField("time_zone", "R1.1", ZONE, _("Where the campaign's days and hours of war are counted.")),
            SettingField(
                "war_start_minute", "R7.4", CLOCK, _("Battle games start and siege periods count from this time.")
            ),
            SettingField("war_end_minute", "R7.4", CLOCK, _("… until this time (24:00: midnight).")),
            SettingField(
                "online_window", "R2.6", MINUTES, _("An officer counts as online this long after their last request.")
            ),
            SettingField("post_edit_window", "", MINUTES, _("How long an officer may edit their own post.")),
        ),
    ),
    (
        _("Walls and morale"),
        (
            SettingField("capital_wall", "R1.3", COUNT, _("A capital's wall and its maximum.")),
            SettingField("buffer_wall", "R1.3", COUNT, _("A buffer city's wall and its maximum.")),
            SettingField("frontier_wall", "R1.3", COUNT, _("A frontier city's wall and its maximum.")),
            SettingField("starting_morale", "R4.5", COUNT, _("An army's morale when it sets out.")),
            SettingField("daily_wall_gain", "R7.1", COUNT, _("Every wall rises by this at local midnight.")),
            SettingField("daily_morale_loss", "R7.1", COUNT, _("Every besieging army loses this at local midnight.")),
        ),
    ),
    (
        _("Sieges"),
        (
            SettingField("penalty_period", "R7.2", MINUTES, _("The period in which the wall penalties are counted.")),
            SettingField(
                "outnumbered_ratio", "R7.2", COUNT, _("Attackers beyond this many times the defenders cost the wall.")
            ),
            SettingField("outnumbered_points", "R7.2", COUNT, _("Wall lost per period for each attacker beyond that.")),
            SettingField(
                "unanswered_points", "R7.3", COUNT, _("Wall lost per period when no defender takes up a siege call.")
            ),
            SettingField("ransom_per_star", "R10.2", COUNT, _("A prisoner's ransom (and retreat money) per star.")),
        ),
    ),
    (
        _("Pursuit and reinforcements"),
        (
            SettingField("pursuit_window", "R8.2", MINUTES, _("How long the defence has to pursue a retreat.")),
            SettingField("pursuers", "R8.2", COUNT, _("How many officers may pursue.")),
            SettingField("reinforcement_morale", "R8.3", COUNT, _("Morale an army gains for each officer joining it.")),
        ),
    ),
    (
        _("Stratagems"),
        (
            SettingField("stratagem_window", "R9.3", MINUTES, _("How long a challenged general has to answer.")),
            SettingField("stratagem_wall", "R9.2", COUNT, _("Wall lost to a siege ploy that works.")),
            SettingField("stratagem_extra_moves", "R9.2", COUNT, _("Moves of the handicap a quick-attack ploy sets.")),
        ),
    ),
    (
        _("Battle games and live clocks"),
        (
            SettingField("battle_game", "R11.1", GAME, _("The game that decides the battles.")),
            SettingField("live_base", "", MINUTES, _("Each player's time in a battle game played live.")),
            SettingField("live_increment", "", SECONDS, _("Time added to a player's clock for each move.")),
            SettingField("live_first_move", "", MINUTES, _("A player who makes no first move within this loses.")),
            SettingField(
                "live_repetition_limit",
                "R11.3",
                COUNT,
                _("A repetition is claimed; a live xiangqi game ends by itself when a position stands this often."),
            ),
            SettingField(
                "claim_window",
                "R11.3",
                MINUTES,
                _("A reported record stands if its opponent neither confirms nor disputes it in this much war time."),
            ),
            SettingField("banqi_base", "", MINUTES, _("Each player's time in a game of dark chess.")),
            SettingField("banqi_increment", "", SECONDS, _("Time added per move in dark chess.")),
        ),
    ),
    (
        _("The hero tactics game"),
        (
            SettingField(
                "tactics_map",
                "T3.11",
                MAP,
                _(
                    "The board of the campaign's hero tactics games: a map of the game's own, or one drawn a row a "
                    "line (. plain, M mountain, W water, F forest, B base), the same to both sides after a half turn."
                ),
            ),
        ),
    ),
    (
        _("Moves"),
        (
            SettingField("travel_time", "R1.4", MINUTES, _("The time to travel a road between two cities.")),
            SettingField(
                "king_orders_from_stars",
                "R3.1",
                COUNT,
                _("Officers of this many stars and more move only by the king's order."),
            ),
            SettingField(
                "moves_through_own_cities_only",
                "R1.4",
                FLAG,
                _("A journey's route passes only through the mover's own cities."),
            ),
        ),
    ),
    (
        _("Accounts and leaving"),
        (
            SettingField("mfa_required", "", FLAG, _("Organisers and kings must log in with a second factor.")),
            SettingField("prisoners_may_leave", "", FLAG, _("A prisoner may leave their kingdom.")),
        ),
    ),
)
FIELDS = {field.name: field for _title, fields in GROUPS for field in fields}


def label(field: SettingField) -> str:
    """The setting's name in the reader's language (its column's)."""
    return str(column(field.name).verbose_name)


def column(name: str) -> models.Field:
    """A setting's column of the campaign's row."""
    found = Campaign._meta.get_field(name)
    assert isinstance(found, models.Field)  # every setting is a column of the campaign's row
    return found


def clock_text(minute: int) -> str:
    """A minute of the day as the page shows it: 540 → 09:00, 1440 → 24:00."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def typed_text(field: SettingField, value: Any) -> str:
    """A setting's value as its form field holds it."""
    if field.typed == CLOCK:
        return clock_text(value)
    if field.typed == MINUTES:
        minutes = value.total_seconds() / 60
        return str(int(minutes)) if minutes.is_integer() else str(round(minutes, 2))
    if field.typed == SECONDS:
        return str(int(value.total_seconds()))
    if field.typed == MAP:
        return map_shown(value).name
    return str(value)


def unit_text(field: SettingField) -> str:
    """The unit a duration setting is typed in, in the reader's language ("" for the others)."""
    return {MINUTES: gettext("minutes"), SECONDS: gettext("seconds")}.get(field.typed, "")


def _number(raw: str, field: SettingField) -> float:
    try:
        number = float(raw.strip())
    except ValueError:
        number = -1.0
    if not 0 <= number <= 2**31 - 1:
        raise RuleViolation(
            field.clause, gettext("%(name)s: a number of 0 or more is expected.") % {"name": label(field)}
        )
    return number


def settings_posted(data, *, flags_when_missing: bool = True) -> dict[str, Any]:
    """The settings form's fields as `campaign_settings_update` takes them (a checkbox not sent is
    off, on the page; the API's body changes only the fields it names)."""
    values: dict[str, Any] = {}
    for name, field in FIELDS.items():
        raw = str(data.get(name, ""))
        if field.typed == FLAG and (flags_when_missing or name in data):
            values[name] = raw in ("on", "1", "true")
        elif name not in data or field.typed == FLAG:
            continue
        elif field.typed == MAP:  # a drawing, or a map's name (the API may send the rows in its place)
            values[name] = str(data.get(MAP_ROWS, "")) if raw.strip() == DRAWN else raw
        elif field.typed == CLOCK:
            match = CLOCK_TIME.match(raw.strip())
            if not match or (int(match[1]) == 24 and match[2] != "00"):
                raise RuleViolation("R7.4", gettext("A time of day is written 09:00 (24:00 for midnight at the end)."))
            values[name] = int(match[1]) * 60 + int(match[2])
        elif field.typed == MINUTES:
            values[name] = round(_number(raw, field) * 60)
        elif field.typed in (SECONDS, COUNT):
            number = _number(raw, field)
            if not number.is_integer():
                raise RuleViolation(
                    field.clause, gettext("%(name)s: a whole number is expected.") % {"name": label(field)}
                )
            values[name] = int(number)
        else:
            values[name] = raw.strip()
    return values
