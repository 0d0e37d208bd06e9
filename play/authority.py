"""Who judges a game (R11.3) and when a game may start (R7.4): reads that services check
before they write and selectors compute for a page's flags. No writes here."""

from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from campaign.authority import is_king
from campaign.errors import RuleViolation
from campaign.models import Campaign, Officer
from campaign.rules.clock import in_war_hours
from cities.models import City
from play.models import Game


def judges(*, user: User | AnonymousUser, officer: Officer | None, game: Game, city: City, involved: set) -> bool:
    """R11.3 without queries: the governor of the city fought over, the king of a neutral kingdom
    (`involved` holds the kingdoms of the city and of every army in the battle), or a site admin;
    never one of the game's players."""
    if officer is not None and officer.pk in (game.attacker_id, game.defender_id):
        return False
    if user.is_superuser:
        return True
    if officer is None:
        return False
    if city.governor_id == officer.pk:
        return True
    return officer.kingdom is not None and officer.kingdom_id not in involved and is_king(officer, officer.kingdom)


def require_war_hours(campaign: Campaign, at: datetime, *, agreed: bool) -> None:
    """R7.4: a game starts at `at` between the hours of war (in the campaign's zone); outside
    them only when both sides agreed before it started (`agreed`). Refuse otherwise."""
    if not in_war_hours(at, campaign.zone, campaign.war_start_minute, campaign.war_end_minute) and not agreed:
        raise RuleViolation(
            "R7.4", _("Games start between the hours of war; outside them only when both sides agreed before starting.")
        )
