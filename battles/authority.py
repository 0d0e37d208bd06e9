"""Who commands an army (R8.1), who may enter a game's result in its battle (R11.3, the rule
itself in play/authority.py), who defends a city (R4.6, R6.3): reads that services check before
they write and selectors compute for a page's flags. No writes here."""

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember
from campaign.authority import is_king, officer_of
from campaign.errors import RuleViolation
from campaign.models import Officer, Whereabouts
from campaign.rules.personnel import may_fight
from cities.models import City
from play.authority import judges
from play.models import Game


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


def may_enter_result(user: User | AnonymousUser, game: Game, city: City) -> bool:
    """R11.3 for one game, reading who is involved."""
    officer = officer_of(user, city.campaign)
    involved = {city.kingdom_id, Army.objects.values_list("kingdom_id", flat=True).get(pk=game.army_id)}
    if game.kind == Game.Kind.SIEGE:
        assert game.siege_id is not None  # game_belongs_to_one_battle: a siege game has its siege
        involved |= set(Army.objects.filter(siege_id=game.siege_id).values_list("kingdom_id", flat=True))
    return judges(user=user, officer=officer, game=game, city=city, involved=involved)


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
