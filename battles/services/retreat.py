"""Withdrawals and retreats (RULES.md R6.1, R6.2, R8.1): members go home by road."""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import commands
from battles.models import Army, ArmyMember
from battles.services.lifecycle import retreat_begin
from battles.services.locks import city_lock
from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer


@transaction.atomic
def army_retreat(*, actor: Officer, army: Army, rearguard: Sequence[Officer] = ()) -> Army:
    """R8.1: the marshal (or the highest remaining member, or the king) retreats at will and
    may name a rearguard (斷後) to face the pursuers (R8.2)."""
    require_war_running(actor.campaign)
    # The war's locks in their order (battles/services/locks.py): the city, then the army. A
    # period of the siege applied meanwhile holds the city first too, so the two go one after the
    # other, and the period reads the siege as the retreat left it (lifted: no call after it).
    city_lock(army.target_id)
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__capital", "origin", "target__board", "siege__city")
        .get(pk=army.pk)
    )
    if army.status != Army.Status.BESIEGING:
        raise RuleViolation("R8.1", _("Only an army besieging a city retreats from it."))
    if not commands(actor, army):
        raise NotAllowed("R8.1", _("Only the marshal (or the highest remaining member) orders a retreat."))
    now = clock.now()
    reason = texts.retreat_ordered(actor, army)
    active = set(army.members.filter(status=ArmyMember.Status.ACTIVE).values_list("officer_id", flat=True))
    if any(o.pk not in active for o in rearguard):
        raise RuleViolation("R8.1", _("The rearguard is made of the army's own members."))
    retreat_begin(army=army, at=now, reason=reason, rearguard=list(rearguard))
    return army
