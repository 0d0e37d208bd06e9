"""The room's forms read once (a seek's or a challenge's settings, §T15), as the API sends them:
numbers as numbers; a field that is not a whole number is refused naming T15. A board game's
time control is passed on as typed: its services check it (R11.3)."""

from django.http import QueryDict
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation

NUMBERS = {"heroes_per_side": "heroes_per_side", "round_limit": "round_limit"}


def _whole(form: QueryDict, name: str, label: str) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise RuleViolation("T15", _("%(field)s is a whole number.") % {"field": label})
    return int(text)


def tactics_seats(form: QueryDict) -> int:
    """Players a side (the team form, T2.6): 1 when the form leaves it out."""
    seats = _whole(form, "seats", _("Players a side"))
    return 1 if seats is None else seats


def tactics_settings(form: QueryDict) -> dict:
    """The T15 settings a room form sets (absent fields take their defaults): heroes a side,
    round limit, the same hero on both sides, the clock in minutes and seconds a turn."""
    settings: dict = {}
    heroes = _whole(form, "heroes_per_side", _("Heroes a side"))
    if heroes is not None:
        settings["heroes_per_side"] = heroes
    rounds = _whole(form, "round_limit", _("Round limit"))
    if rounds is not None:
        settings["round_limit"] = rounds
    settings["duplicates_across_sides"] = form.get("duplicates_across_sides") == "on"
    minutes = _whole(form, "clock_minutes", _("Minutes a side"))
    increment = _whole(form, "clock_increment", _("Seconds added a turn"))
    if minutes is not None or increment is not None:
        settings["clock"] = {"initial_s": (30 if minutes is None else minutes) * 60, "increment_s": increment or 0}
    return settings


def board_settings(form: QueryDict) -> dict:
    """A board game's time control as a room form sets it (minutes a player, seconds added a
    move; absent: the defaults), checked by the services (friendly/rules.py)."""
    return {"base_minutes": form.get("base_minutes", "").strip(), "increment_s": form.get("increment_s", "").strip()}
