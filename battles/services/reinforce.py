"""Reinforcing an attack (RULES.md R8.3): officers travel to the siege and join the army at a
free rank, or form an independent army; each who joins raises the army's morale by 3."""

from django.db import transaction
from django.utils.translation import gettext as _

from battles.models import Army
from battles.rules import ATTACK_RANKS, propose_ranks
from battles.services.march import march_start
from campaign.authority import require_war_running
from campaign.errors import RuleViolation
from campaign.models import Officer


@transaction.atomic
def reinforcement_send(*, actor: Officer, army: Army, officers: list[Officer]) -> Army:
    """Send officers of one city to join `army` at its target: they march as a column (the same
    authority and checks as a march, R4.1, R4.4) and are placed when they arrive."""
    require_war_running(actor.campaign)
    army = Army.objects.select_related("kingdom", "target").get(pk=army.pk)
    if army.status not in (Army.Status.MARCHING, Army.Status.BESIEGING, Army.Status.FIELD_BATTLE):
        raise RuleViolation("R8.3", _("That army is no longer in the field."))
    if any(o.kingdom_id != army.kingdom_id for o in officers):
        raise RuleViolation("R8.3", _("Reinforcements are officers of the army's own kingdom."))
    ordered = sorted(officers, key=lambda o: -o.stars)
    column = march_start(
        actor=actor,
        target=army.target,
        organisation=list(zip(ordered, propose_ranks([o.stars for o in ordered], ATTACK_RANKS))),
    )
    Army.objects.filter(pk=column.pk).update(reinforces=army)
    column.reinforces = army
    return column
