"""R7.2's head counts at a siege, read by the clock when a penalty period ends."""

from django.db.models import Q

from battles.models import ArmyMember, Siege


def head_counts_at(*, siege: Siege, at) -> tuple[int, int]:
    """R7.2's head counts as of the instant `at`: defenders present (on the roster and in the
    city) and attackers present (members of every army besieging the city; prisoners and
    withdrawn players not counted). Reinforcements count from their arrival. Field armies
    (R8.4 Decision) are not on the roster, so they do not count."""
    defenders = siege.roster.filter(Q(until__isnull=True) | Q(until__gt=at), since__lte=at).count()
    attackers = ArmyMember.objects.filter(
        Q(until__isnull=True) | Q(until__gt=at),
        Q(army__besieging_until__isnull=True) | Q(army__besieging_until__gt=at),
        army__siege=siege,
        army__besieging_from__lte=at,
        since__lte=at,
    ).count()
    return defenders, attackers
