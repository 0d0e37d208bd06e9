"""Which acts an officer may take now, about a city, an army, a siege or (none given) the whole
war: read from the pages' own selectors and flags (the moves page, the personnel page, the War
page's march form, the siege and army pages' flags, the duties list, the stratagems page), so that
the terminal offers an act exactly where the web shows its form. Each offer is an act of the
catalogue with what its form is opened on (the ids the web's URL would name)."""

from dataclasses import dataclass, field

from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from battles.models import Army, Siege
from battles.selectors.army import army_detail
from battles.selectors.duties import Duty, officer_duties
from battles.selectors.march import march_choice
from battles.selectors.siege import siege_detail
from battles.selectors.stratagems import stratagems_for
from battles.selectors.war import armies_in_field, sieges_active
from campaign import clock
from campaign.authority import is_king
from campaign.models import Move, Officer, Whereabouts
from cities.models import City
from orders.selectors.moves import moves_for
from orders.selectors.personnel import personnel_for
from play.models import Game


@dataclass(frozen=True)
class Offer:
    label: str
    act: str  # a key of screens.acts.catalogue.ACTS
    preset: dict[str, str] = field(default_factory=dict)


def duty_offers(duty: Duty) -> list[Offer]:
    """The acts a duty of the duties list is done with, where the terminal has a form for it."""
    kind, pk = duty.kind, duty.key.split(":")[1]
    ids = {name: str(value) for name, value in _url_ids(duty.path).items()}
    if kind == "move":
        return [Offer(_("Approve"), "move-approve", {"move": pk}), Offer(_("Reject"), "move-reject", {"move": pk})]
    if kind == "call" and "siege_id" in ids:
        return [Offer(duty.summary, "call-answer", {"siege": ids["siege_id"], "game": pk})]
    if kind == "pursuit" and "army_id" in ids:
        return [Offer(duty.summary, "pursuit", {"army": ids["army_id"]})]
    if kind == "stratagem":
        return [Offer(duty.summary, "stratagem-answer", {"stratagem": pk})]
    if kind == "claim" and duty.key.endswith(":claim"):  # (":dispute" waits on the authority)
        return [Offer(duty.summary, "claim-answer", {"game": pk})]
    return []


def _url_ids(path: str) -> dict:
    try:
        return resolve(path).kwargs
    except Resolver404:
        return {}


def offers(
    officer: Officer, *, city: City | None = None, army: Army | None = None, siege: Siege | None = None
) -> list[Offer]:
    """The acts that apply, the officer's moves first, then the war's, then the answers due."""
    if officer.whereabouts == Whereabouts.PRISONER:
        return []  # R10: a prisoner decides nothing until freed
    found: list[Offer] = []
    campaign = officer.campaign
    if army is None and siege is None:
        found += _moves(officer, city)
        found += _march(officer, city)
    if army is not None:
        found += _army(officer, army)
        sieges = [army.siege] if army.siege is not None and army.siege.status == Siege.Status.ACTIVE else []
    elif siege is not None:
        sieges = [siege]
    else:
        sieges = [s for s in sieges_active(campaign=campaign) if city is None or s.city_id == city.pk]
    for each in sieges:
        found += _siege(officer, each)
    if city is None and army is None and siege is None:
        found += _whole_war(officer)
    return found


def _moves(officer: Officer, city: City | None) -> list[Offer]:
    view = moves_for(officer=officer, now=clock.now())
    found = []
    own = city is None or city.kingdom_id == officer.kingdom_id
    at = {"destination": str(city.pk)} if city is not None else {}
    if (
        not view.mine
        and officer.whereabouts == Whereabouts.CITY
        and own
        and (city is None or city.pk != officer.city_id)
    ):
        found.append(Offer(_("Ask to move"), "move-request", at))
    if any(m.status == Move.Status.REQUESTED for m in view.mine):
        found.append(Offer(_("Withdraw a move"), "move-cancel"))
    if view.to_decide and city is None:
        found.append(Offer(_("Approve a move"), "move-approve"))
        found.append(Offer(_("Reject a move"), "move-reject"))
    if own and personnel_for(officer=officer).orderable:
        found.append(Offer(_("Order a move"), "move-order", at))
    return found


def _march(officer: Officer, city: City | None) -> list[Offer]:
    if city is not None and city.kingdom_id == officer.kingdom_id:
        return []
    if march_choice(viewer=officer, choice={}) is None:
        return []
    return [Offer(_("March"), "march", {"target": str(city.pk)} if city is not None else {})]


def _siege(officer: Officer, siege: Siege) -> list[Offer]:
    view = siege_detail(siege_id=siege.pk, campaign=officer.campaign, viewer=officer, user=officer.user)
    assert view.flags is not None
    city, at = view.siege.city.name, {"siege": str(siege.pk)}
    found = []
    if view.flags.commanded:
        found.append(Offer(_("Siege call at %(city)s") % {"city": city}, "siege-call", at))
        found.append(Offer(_("Retreat from %(city)s") % {"city": city}, "retreat", at))
    if view.flags.defending:
        for game in view.games:
            if game.status == Game.Status.CALLED:
                label = _("Take up the call of %(name)s at %(city)s") % {"name": game.attacker.name, "city": city}
                found.append(Offer(label, "call-answer", {**at, "game": str(game.pk)}))
    return found


def _army(officer: Officer, army: Army) -> list[Offer]:
    view = army_detail(army_id=army.pk, campaign=officer.campaign, viewer=officer, user=officer.user)
    assert view.flags is not None
    at = {"army": str(army.pk)}
    found = []
    if view.pursuit is not None and view.pursuit.status == "open" and view.flags.defence:
        found.append(Offer(_("Pursue"), "pursuit", at))
    if view.army.status == Army.Status.BESIEGING and is_king(officer, view.army.kingdom):
        found.append(Offer(_("Reinforce"), "reinforce", at))
    return found


def _whole_war(officer: Officer) -> list[Offer]:
    """With no object: reinforcing the kingdom's armies, the stratagems, and the duties' answers
    that are not offered above (pursuits, stratagems' challenges)."""
    found = []
    if officer.kingdom is not None and is_king(officer, officer.kingdom):
        for army in armies_in_field(campaign=officer.campaign):
            if army.kingdom_id == officer.kingdom_id and army.status == Army.Status.BESIEGING:
                label = _("Reinforce the army at %(city)s") % {"city": army.target.name}
                found.append(Offer(label, "reinforce", {"army": str(army.pk)}))
    if stratagems_for(officer=officer, campaign=officer.campaign, now=clock.now()).may_scheme:
        found.append(Offer(_("Stratagem"), "stratagem"))
    for duty in officer_duties(officer=officer, now=clock.now()):
        if duty.kind in ("pursuit", "stratagem"):
            found += duty_offers(duty)
    return found
