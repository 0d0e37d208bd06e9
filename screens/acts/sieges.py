"""A siege's acts and a retreat's pursuit as terminal forms: calling a siege game (R6.1), taking
up a call (R6.3), retreating with a rearguard (R8.1) and pursuing a retreating army (R8.2). The
siege (or the army) is what the form was opened on (`siege`, `army` in its preset); the choices
are the siege page's and the army page's (battles.selectors.siege, battles.selectors.army: the
armies the viewer commands, their active members, the roster, the defenders present)."""

from django.utils import timezone
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from battles import lookups as battle_lookups
from battles.inputs import officers_from
from battles.models import ArmyMember
from battles.selectors.army import army_detail
from battles.selectors.siege import SiegeView, siege_detail
from battles.services import siege as siege_services
from battles.services.pursuit import pursuit_declare
from battles.services.retreat import army_retreat
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_int, posted_object
from campaign.models import Officer
from play.models import Game
from screens.acts.fields import choice, option, several, yes_no
from screens.acts.form import Act, Loaded


def preset_id(data: MultiValueDict, name: str, clause: str) -> int:
    """The object the form was opened on (the page's URL names it on the web)."""
    return posted_int(data, name, clause)


def _siege(officer: Officer, data: MultiValueDict, clause: str) -> SiegeView:
    siege_id = preset_id(data, "siege", clause)
    return siege_detail(siege_id=siege_id, campaign=officer.campaign, viewer=officer, user=officer.user)


def _where(view: SiegeView) -> list[str]:
    return [_("The siege of %(city)s") % {"city": view.siege.city.name}]


def _active(army) -> list:
    return [option(m.officer.pk, m.officer.name) for m in army.members.all() if m.status == ArmyMember.Status.ACTIVE]


def _commanded(view: SiegeView, data: MultiValueDict):
    assert view.flags is not None
    armies = view.flags.commanded
    field = choice("army", _("Army"), [option(a.pk, a.kingdom.name) for a in armies], data, reload=True)
    army = next((a for a in armies if field.chosen and str(a.pk) == field.chosen[0]), None)
    return field, army


class SiegeCall(Act):
    def title(self) -> str:
        return _("Siege call")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = _siege(officer, data, "R6.1")
        army_field, army = _commanded(view, data)
        attackers = choice("attacker", _("Attacker"), _active(army) if army else [], data)
        agree = yes_no("off_hours", _("We agree to play outside the hours of war (R7.4)"), data)
        return Loaded([army_field, attackers, agree], _where(view))

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        siege_id = preset_id(data, "siege", "R6.1")
        army = posted_object(data, "army", battle_lookups.armies_at(officer.campaign, siege_id), "R6.1")
        attacker = posted_object(data, "attacker", campaign_lookups.officers(officer.campaign), "R6.1")
        off_hours = data.get("off_hours") == "1"
        siege_services.siege_call(actor=officer, army=army, attacker=attacker, off_hours=off_hours)
        return _("Siege call posted.")

    def help(self) -> str:
        return _("Call a siege game (R6.1: the army's marshal or its king names one of its attackers).")


class CallAnswer(Act):
    def title(self) -> str:
        return _("Take up the call")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = _siege(officer, data, "R6.3")
        assert view.flags is not None
        calls = [
            option(g.pk, f"{timezone.localtime(g.called_at, officer.campaign.zone):%m-%d %H:%M} {g.attacker.name}")
            for g in view.games
            if g.status == Game.Status.CALLED
        ]
        mine = [d for d in view.roster if view.flags.arranges or d.officer_id == officer.pk]
        defenders = [option(d.officer.pk, d.officer.name) for d in mine]
        fields = [choice("game", _("Call"), calls, data), choice("defender", _("Defender"), defenders, data)]
        fields.append(yes_no("off_hours", _("We agree to play outside the hours of war (R7.4)"), data))
        return Loaded(fields, _where(view))

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        siege_id = preset_id(data, "siege", "R6.3")
        game = battle_lookups.siege_game(officer.campaign, siege_id, preset_id(data, "game", "R6.3"))
        defender = posted_object(data, "defender", campaign_lookups.officers(officer.campaign), "R6.3")
        off_hours = data.get("off_hours") == "1"
        siege_services.siege_call_answer(actor=officer, game=game, defender=defender, off_hours=off_hours)
        return _("The call is taken up.")

    def help(self) -> str:
        return _("Take up a siege call (R6.3: a defender of the city, named by themselves or by the city's governor).")


class Retreat(Act):
    def title(self) -> str:
        return _("Retreat")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = _siege(officer, data, "R8.1")
        army_field, army = _commanded(view, data)
        rearguard = several("rearguard", _("Rearguard"), _active(army) if army else [], data)
        return Loaded([army_field, rearguard], _where(view))

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        siege_id = preset_id(data, "siege", "R8.1")
        army = posted_object(data, "army", battle_lookups.armies_at(officer.campaign, siege_id), "R8.1")
        army_retreat(actor=officer, army=army, rearguard=officers_from(data, "rearguard", officer.campaign))
        return _("The army retreats.")

    def help(self) -> str:
        return _("Retreat an army from the siege, naming its rearguard (R8.1).")


class Pursue(Act):
    def title(self) -> str:
        return _("Pursue")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        army_id = preset_id(data, "army", "R8.2")
        view = army_detail(army_id=army_id, campaign=officer.campaign, viewer=officer, user=officer.user)
        pursuers = [option(o.pk, o.name) for o in view.defenders_available]
        fields = [
            several("pursuer", _("Pursuers"), pursuers, data),
            several("opponent", _("Opponents"), _active(view.army), data),
        ]
        where = _("The army of %(kingdom)s retreats from %(city)s") % {
            "kingdom": view.army.kingdom.name,
            "city": view.army.target.name,
        }
        return Loaded(fields, [where])

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        pursuit = battle_lookups.pursuit(officer.campaign, preset_id(data, "army", "R8.2"))
        pursuit_declare(
            actor=officer,
            pursuit=pursuit,
            pursuers=officers_from(data, "pursuer", officer.campaign),
            opponents=officers_from(data, "opponent", officer.campaign),
        )
        return _("The pursuit is ordered.")

    def help(self) -> str:
        return _("Pursue a retreating army (R8.2: up to three pursuers, as many of its members).")
