"""The campaign's own posts on the boards (moves §3, appointments and promotions §2), written in
the site's language whatever the acting user's, with times in the campaign's zone, and kept as an
event (said.py: `_` here returns a Said) that each reader reads in their own language. Every text
the campaign posts is here; services call these and post the result."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from django.conf import settings
from django.utils import translation

from campaign.models import Campaign, Move, Officer, OfficerKind, Promotion
from campaign.said import _
from cities.models import City

Post = tuple[str, str]  # a post's title and body


@contextmanager
def in_site_language() -> Iterator[None]:
    """System posts are written once, in the site's language (zh-Hant)."""
    with translation.override(settings.LANGUAGE_CODE):
        yield


def local(campaign: Campaign, instant: datetime) -> str:
    """An instant as the campaign's players read it: in its zone, to the second."""
    return instant.astimezone(campaign.zone).strftime("%Y-%m-%d %H:%M:%S")


def move_departure(move: Move, at: datetime, route: list[str], cause: str = "") -> Post:
    """R3.3: the departure on the board of the city left, stamped with the time."""
    assert move.arrives_at is not None  # move_on_road_has_arrival: set as it departs
    with in_site_language():
        title = _("%(name)s departs for %(city)s") % {"name": move.officer.name, "city": move.destination.name}
        body = _(
            "**%(name)s** left %(origin)s for %(city)s at %(time)s, by %(route)s. "
            "Arrival is due at %(arrival)s (R3.3, R3.4)."
        ) % {
            "name": move.officer.name,
            "origin": move.origin.name,
            "city": move.destination.name,
            "time": local(move.campaign, at),
            "route": " → ".join(route),
            "arrival": local(move.campaign, move.arrives_at),
        }
    return title, cause + "\n\n" + body if cause else body


def move_request(move: Move) -> Post:
    """R3.1 / R3.2: a request, where it is decided."""
    with in_site_language():
        title = _("%(name)s asks to move to %(city)s") % {"name": move.officer.name, "city": move.destination.name}
        body = (
            _("Awaiting the king's decision (R3.1).")
            if move.needs_king
            else _("Awaiting the governors of %(a)s and %(b)s (R3.2).")
            % {"a": move.origin.name, "b": move.destination.name}
        )
    return title, body


def move_arrival(move: Move, at: datetime) -> Post:
    """R3.4: the arrival on the new city's board, at the due time."""
    with in_site_language():
        title = _("%(name)s arrives in %(city)s") % {"name": move.officer.name, "city": move.destination.name}
        body = _("**%(name)s** arrived from %(origin)s at %(time)s (R3.4).") % {
            "name": move.officer.name,
            "origin": move.origin.name,
            "time": local(move.campaign, at),
        }
    return title, body


def governor_appointed(city: City, officer: Officer | None, previous: Officer | None) -> Post:
    """R2.4: a governor named, replaced or removed."""
    with in_site_language():
        if officer is None:
            title = _("%(city)s has no governor now") % {"city": city.name}
        else:
            title = _("%(name)s is appointed governor of %(city)s") % {"name": officer.name, "city": city.name}
        body = title + (_(", replacing %(name)s.") % {"name": previous.name} if previous else ".")
    return title, body


def governor_vacated(city: City, officer: Officer, to: City) -> Post:
    """R2.4: a governor appointed to another city leaves this one without a governor."""
    with in_site_language():
        title = _("%(city)s has no governor now") % {"city": city.name}
        body = _(
            "%(name)s, governor of %(city)s, is appointed governor of %(other)s: %(city)s has no governor now."
        ) % {
            "name": officer.name,
            "city": city.name,
            "other": to.name,
        }
    return title, body


def moderator_appointed(officer: Officer) -> Post:
    """R2.5: a moderator of a board."""
    with in_site_language():
        title = _("%(name)s now moderates this board") % {"name": officer.name}
    return title, title


def promotion_decided(promotion: Promotion) -> Post:
    """R2.3: the king's decision, on the palace board (R2.2)."""
    with in_site_language():
        title = _("%(name)s: %(old)d → %(new)d stars") % {
            "name": promotion.officer.name,
            "old": promotion.previous_stars,
            "new": promotion.stars,
        }
        body = title + (_(", title %(title)s") % {"title": promotion.title} if promotion.title else "") + " (R2.3)"
    return title, body


def promotion_recommended(governor: Officer, officer: Officer, stars: int) -> Post:
    """R2.3: a governor's recommendation, awaiting the king on the palace board."""
    with in_site_language():
        title = _("%(gov)s recommends %(name)s for %(stars)d stars") % {
            "gov": governor.name,
            "name": officer.name,
            "stars": stars,
        }
    return title, title


def war_started(campaign: Campaign, at: datetime) -> Post:
    """R1.1: the war's clock runs from this instant."""
    with in_site_language():
        title = _("The war has begun")
        body = _("The war began at %(time)s: marches, sieges and the days run from now (R1.1).") % {
            "time": local(campaign, at)
        }
    return title, body


def war_paused(campaign: Campaign, at: datetime, until: datetime | None) -> Post:
    """R1.1: a pause of the war (a holiday): nothing falls due until it ends."""
    with in_site_language():
        title = _("The war is paused")
        if until is not None:
            body = _("The war was paused at %(time)s until %(until)s: every deadline moves by the pause (R1.1).") % {
                "time": local(campaign, at),
                "until": local(campaign, until),
            }
        else:
            body = _("The war was paused at %(time)s: every deadline moves by the pause (R1.1).") % {
                "time": local(campaign, at)
            }
    return title, body


def war_resumed(campaign: Campaign, at: datetime, minutes: int) -> Post:
    """R1.1: the pause ended; every pending deadline moved by its length."""
    with in_site_language():
        title = _("The war resumes")
        body = _("The war resumed at %(time)s: every pending deadline moved by %(minutes)d minutes (R1.1).") % {
            "time": local(campaign, at),
            "minutes": minutes,
        }
    return title, body


def war_ended(campaign: Campaign, at: datetime, winner: str | None, reason: object) -> Post:
    """R10: the war's end and its winner (capitals, then cities, then total wall)."""
    with in_site_language():
        title = _("The war has ended")
        named = (
            _("The winner is %(kingdom)s.") % {"kingdom": winner}
            if winner
            else _("The kingdoms are tied: no winner is named.")
        )
        body = _("The war ended at %(time)s (%(reason)s). %(named)s The campaign is now archived (R10).") % {
            "time": local(campaign, at),
            "reason": reason,
            "named": named,
        }
    return title, body


def king_crowned(officer: Officer, kingdom_name: str) -> str:
    """R2.1: a kingdom without a king takes one."""
    with in_site_language():
        return _("%(name)s is the king of %(kingdom)s") % {"name": officer.name, "kingdom": kingdom_name}


def crown_handed_on(actor: Officer, officer: Officer, kingdom_name: str) -> str:
    """R2.1: the king hands the crown on."""
    with in_site_language():
        return _("%(old)s hands the crown of %(kingdom)s to %(new)s") % {
            "old": actor.name,
            "kingdom": kingdom_name,
            "new": officer.name,
        }


def officer_admitted(officer: Officer, stars: int, kingdom_name: str, city: City) -> Post:
    """An application admitted: the new officer on the palace board."""
    with in_site_language():
        title = _("%(name)s joins %(kingdom)s") % {"name": officer.name, "kingdom": kingdom_name}
        body = _("**%(name)s** (%(stars)d★, %(kind)s) joins %(kingdom)s and starts in %(city)s.") % {
            "name": officer.name,
            "stars": stars,
            "kind": OfficerKind(officer.kind).label,
            "kingdom": kingdom_name,
            "city": city.name,
        }
    return title, body


def officer_left(officer: Officer, kingdom_name: str) -> str:
    """An officer leaves the kingdom."""
    with in_site_language():
        return _("%(name)s leaves %(kingdom)s") % {"name": officer.name, "kingdom": kingdom_name}
