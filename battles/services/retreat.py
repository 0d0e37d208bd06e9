"""Withdrawals and retreats (RULES.md R6.1, R6.2, R8.1): members go home by road."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember, Game
from battles.rules import must_retreat
from battles.services.common import announce, change_status, commands, in_site_language, member_out
from battles.services.pursuit import retreat_begin
from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Kingdom, Officer
from campaign.services.moves import move_dispatch
from cities.models import City


def home_of(army: Army) -> City:
    """R5.4: the city they came from; if it has fallen since, their capital."""
    origin = army.origin
    kingdom = army.kingdom
    if origin.kingdom_id == kingdom.pk or kingdom.status != Kingdom.Status.ACTIVE or kingdom.capital is None:
        return origin
    return kingdom.capital


def member_withdraw(*, army: Army, officer: Officer, cause: str) -> None:
    member_out(army, officer, ArmyMember.Status.WITHDRAWN, clock.now())
    move_dispatch(officer=officer, origin=army.target, destination=home_of(army), cause=f"{officer.name} {cause}")


def army_end(*, army: Army, reason: str, at: datetime, send_home: bool = True) -> None:
    """The army leaves the field: every member still in it goes home; the siege ends when no
    attacker is left (R6.1)."""
    from battles.services.siege import siege_end_if_unopposed

    for member in army.members.filter(status=ArmyMember.Status.ACTIVE).select_related("officer"):
        if send_home:
            move_dispatch(officer=member.officer, origin=army.target, destination=home_of(army), cause=reason)
    Game.objects.filter(army=army, status__in=[Game.Status.CALLED, Game.Status.PENDING]).update(
        status=Game.Status.CANCELLED)
    army.members.filter(until__isnull=True, since__isnull=False).update(until=at)
    change_status(army, Army.Status.ENDED, _("army"))
    army.ended_at, army.end_reason = at, reason[:200]
    if army.besieging_from and not army.besieging_until:
        army.besieging_until = at
    army.save(update_fields=["status", "ended_at", "end_reason", "besieging_until"])
    announce(army.target.board, f"army:{army.pk}:end", at, reason)
    if army.siege_id:
        siege_end_if_unopposed(siege=army.siege, at=at)


def army_check_forced_retreat(*, army: Army, at: datetime) -> bool:
    """R8.1 (forced) and R6.1 (no attacker left): applied the moment the condition holds."""
    if army.status != Army.Status.BESIEGING:
        return False
    ranks = list(army.members.filter(status=ArmyMember.Status.ACTIVE).values_list("rank", flat=True))
    names = {"kingdom": army.kingdom.name, "city": army.target.name}
    with in_site_language():
        if not ranks:
            army_end(army=army, reason=_("%(kingdom)s's army before %(city)s has no attacker left (R6.1).") % names,
                     at=at)
            return True
        if not must_retreat(army.morale, ranks):
            return False
        reason = (_("%(kingdom)s's army must retreat from %(city)s: morale is 0 (R8.1).") if army.morale <= 0 else
                  _("%(kingdom)s's army must retreat from %(city)s: all its high ranks are prisoners (R8.1).")) % names
    retreat_begin(army=army, at=at, reason=reason)  # forced: no rearguard (R8.1)
    return True


@transaction.atomic
def army_retreat(*, actor: Officer, army: Army, rearguard: list[Officer] = ()) -> Army:
    """R8.1: the marshal (or the highest remaining member, or the king) retreats at will and
    may name a rearguard (斷後) to face the pursuers (R8.2)."""
    army = Army.objects.select_for_update(of=("self",)).select_related("kingdom__capital", "origin", "target__board",
                                                                        "siege__city").get(pk=army.pk)
    if army.status != Army.Status.BESIEGING:
        raise RuleViolation("R8.1", _("Only an army besieging a city retreats from it."))
    if not commands(actor, army):
        raise NotAllowed("R8.1", _("Only the marshal (or the highest remaining member) orders a retreat."))
    now = clock.now()
    with in_site_language():
        reason = _("%(name)s orders %(kingdom)s's army to retreat from %(city)s (R8.1).") % {
            "name": actor.name, "kingdom": army.kingdom.name, "city": army.target.name}
    active = set(army.members.filter(status=ArmyMember.Status.ACTIVE).values_list("officer_id", flat=True))
    if any(o.pk not in active for o in rearguard):
        raise RuleViolation("R8.1", _("The rearguard is made of the army's own members."))
    retreat_begin(army=army, at=now, reason=reason, rearguard=list(rearguard))
    return army


__all__ = ["army_check_forced_retreat", "army_end", "army_retreat", "home_of", "member_withdraw", "announce"]
