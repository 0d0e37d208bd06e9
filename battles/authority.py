"""Who commands an army and who judges a game (R8.1, R11.3), who defends a city (R4.6, R6.3),
when a game may start (R7.4): reads that services check before they write and selectors
compute for a page's flags. No writes here."""

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember, Game
from campaign.authority import is_king, officer_of
from campaign.errors import RuleViolation
from campaign.models import Campaign, Officer, Whereabouts
from campaign.rules.clock import in_war_hours
from campaign.rules.personnel import may_fight
from cities.models import City


def commander(army: Army) -> ArmyMember | None:
    """R8.1: the marshal, or the highest remaining member."""
    return army.members.filter(status=ArmyMember.Status.ACTIVE).order_by("position").first()


def commander_of(members: Iterable[ArmyMember]) -> ArmyMember | None:
    """The same, from members already read (a page's prefetched members, in position order)."""
    active = [m for m in members if m.status == ArmyMember.Status.ACTIVE]
    return min(active, key=lambda m: m.position) if active else None


def commands(officer: Officer, army: Army) -> bool:
    """The army's king, or its commander, gives its orders (R4.4, R8.1)."""
    return is_king(officer, army.kingdom) or commands_as(officer, commander(army))


def commands_as(officer: Officer, head: ArmyMember | None) -> bool:
    """The commander part of `commands`, with the commander already read."""
    return head is not None and head.officer_id == officer.pk


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


def may_enter_result(user: User | AnonymousUser, game: Game, city: City) -> bool:
    """R11.3 for one game, reading who is involved."""
    officer = officer_of(user, city.campaign)
    involved = {city.kingdom_id, Army.objects.values_list("kingdom_id", flat=True).get(pk=game.army_id)}
    if game.kind == Game.Kind.SIEGE:
        assert game.siege_id is not None  # game_belongs_to_one_battle: a siege game has its siege
        involved |= set(Army.objects.filter(siege_id=game.siege_id).values_list("kingdom_id", flat=True))
    return judges(user=user, officer=officer, game=game, city=city, involved=involved)


def require_war_hours(campaign: Campaign, at: datetime, *, agreed: bool) -> None:
    """R7.4: a game starts at `at` between the hours of war (in the campaign's zone); outside
    them only when both sides agreed before it started (`agreed`). Refuse otherwise."""
    if not in_war_hours(at, campaign.zone, campaign.war_start_minute, campaign.war_end_minute) and not agreed:
        raise RuleViolation(
            "R7.4", _("Games start between the hours of war; outside them only when both sides agreed before starting.")
        )


def orders_sortie(officer: Officer, city: City) -> bool:
    """R4.6: the city's king, or its governor in the city, sends defenders out to meet an army."""
    return is_king(officer, city.kingdom) or (
        city.governor_id == officer.pk and officer.whereabouts == Whereabouts.CITY and officer.city_id == city.pk
    )


def require_defender(officer: Officer, city: City, clause: str) -> None:
    """A defender of `city` (a sortie R4.6, the roster R6.3): in the city, of its kingdom, and
    one who may fight (R1.6). Refuse otherwise, citing `clause`."""
    if officer.whereabouts != Whereabouts.CITY or officer.city_id != city.pk or officer.kingdom_id != city.kingdom_id:
        raise RuleViolation(
            clause, _("%(name)s is not a defender in %(city)s.") % {"name": officer.name, "city": city.name}
        )
    if not may_fight(officer.kind):
        raise RuleViolation("R1.6", _("%(name)s may not fight.") % {"name": officer.name})
