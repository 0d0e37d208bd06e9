"""Reinforcing an attack (RULES.md R8.3): officers travel to the siege and join the army at a
free rank, or form an independent army; each who joins raises the army's morale by 3."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember
from battles.rules import ATTACK_RANKS, free_rank_for, propose_ranks
from battles.services.common import announce, commander, in_site_language
from campaign.errors import RuleViolation
from campaign.models import Officer
from cities.services import value_change


@transaction.atomic
def reinforce_attack(*, actor: Officer, army: Army, officers: list[Officer]) -> Army:
    """Send officers of one city to join `army` at its target: they march as a column (the same
    authority and checks as a march, R4.1, R4.4) and are placed when they arrive."""
    from battles.services.march import march_start

    army = Army.objects.select_related("kingdom", "target").get(pk=army.pk)
    if army.status not in (Army.Status.MARCHING, Army.Status.BESIEGING, Army.Status.FIELD_BATTLE):
        raise RuleViolation("R8.3", _("That army is no longer in the field."))
    if any(o.kingdom_id != army.kingdom_id for o in officers):
        raise RuleViolation("R8.3", _("Reinforcements are officers of the army's own kingdom."))
    ordered = sorted(officers, key=lambda o: -o.stars)
    column = march_start(actor=actor, target=army.target,
                         organisation=list(zip(ordered, propose_ranks([o.stars for o in ordered], ATTACK_RANKS))))
    Army.objects.filter(pk=column.pk).update(reinforces=army)
    column.reinforces = army
    return column


def reinforcement_arrive(*, column: Army, at: datetime) -> None:
    """At the siege: those with fewer stars than the marshal take a free rank that keeps R4.3
    without moving anyone (+3 morale each); the others form an independent army (own morale)."""
    from battles.services.siege import siege_join

    main = Army.objects.select_for_update(of=("self",)).select_related("kingdom").get(pk=column.reinforces_id)
    if main.status != Army.Status.BESIEGING:
        siege_join(army=column, at=at)  # nobody to join: it besieges as an army of its own
        return
    head = commander(main)
    marshal_stars = head.officer.stars if head else 0
    placed = [(m.officer.stars, m.rank) for m in main.members.filter(status=ArmyMember.Status.ACTIVE)
              .select_related("officer")]
    position = main.members.count()
    joined = []
    for member in column.members.select_related("officer").order_by("position"):
        officer = member.officer
        rank = free_rank_for(officer.stars, placed, ATTACK_RANKS) if officer.stars < marshal_stars else None
        if rank is None:
            continue
        ArmyMember.objects.filter(pk=member.pk).update(army=main, rank=rank, position=position, since=at, until=None)
        Officer.objects.filter(pk=officer.pk).update(army=main)
        placed.append((officer.stars, rank))
        position += 1
        joined.append(officer.name)
        value_change(key=f"army:{main.pk}:joined:{officer.pk}", army=main, delta=main.campaign.reinforcement_morale,
                     clause="R8.3", cause=f"{officer.name} joined", due_at=at)
    rest = list(column.members.order_by("position").select_related("officer"))
    with in_site_language():
        if joined:
            announce(main.target.board, f"army:{column.pk}:joined", at,
                     _("%(names)s join %(kingdom)s's army before %(city)s (R8.3)") % {
                         "names": "、".join(joined), "kingdom": main.kingdom.name, "city": main.target.name})
    if not rest:
        from battles.services.common import change_status

        change_status(column, Army.Status.ENDED, _("army"))
        column.ended_at, column.end_reason = at, _("joined the army (R8.3)")
        column.save(update_fields=["status", "ended_at", "end_reason"])
        return
    ArmyMember.objects.filter(army=column).update(rank="infantry")  # one marshal at every instant
    ranks = propose_ranks([m.officer.stars for m in sorted(rest, key=lambda m: -m.officer.stars)], ATTACK_RANKS)
    for position, (member, rank) in enumerate(zip(sorted(rest, key=lambda m: -m.officer.stars), ranks)):
        ArmyMember.objects.filter(pk=member.pk).update(rank=rank, position=position)
    siege_join(army=column, at=at)  # an independent army (R8.3), its own morale
