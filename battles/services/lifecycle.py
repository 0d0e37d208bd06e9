"""The lifecycle of armies in the field (RULES.md R5.4, R6.1, R6.2, R8.1): members withdrawn
home, an army's end, a forced retreat the moment its condition holds, a retreat that opens
the 10-minute pursuit window (R8.2), and a siege that ends when no attacker is left."""

from collections.abc import Sequence
from datetime import datetime

from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.models import Army, ArmyMember, Pursuit, Siege
from battles.rules import must_retreat
from battles.services.common import announcement_post, army_topic, member_leave, siege_topic, status_change
from battles.timer_kinds import PURSUIT_DEADLINE
from campaign import clock
from campaign.models import Kingdom, Officer
from campaign.said import event_or_none
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_schedule
from cities.models import City
from orders.services.moves import move_dispatch
from play.models import Game
from play.services.common import games_cancel


def home_of(army: Army) -> City:
    """R5.4: the city they came from; if it has fallen since, their capital."""
    origin = army.origin
    kingdom = army.kingdom
    if origin.kingdom_id == kingdom.pk or kingdom.status != Kingdom.Status.ACTIVE or kingdom.capital is None:
        return origin
    return kingdom.capital


def member_withdraw(*, army: Army, officer: Officer, cause: str) -> None:
    member_leave(army, officer, ArmyMember.Status.WITHDRAWN, clock.now())
    move_dispatch(officer=officer, origin=army.target, destination=home_of(army), cause=cause)


def army_end(*, army: Army, reason: str, at: datetime, send_home: bool = True) -> None:
    """The army leaves the field: every member still in it goes home; the siege ends when no
    attacker is left (R6.1)."""
    for member in army.members.filter(status=ArmyMember.Status.ACTIVE).select_related("officer"):
        if send_home:
            move_dispatch(officer=member.officer, origin=army.target, destination=home_of(army), cause=reason)
    games_cancel(Game.objects.filter(army=army))
    army.members.filter(until__isnull=True, since__isnull=False).update(until=at)
    if army.status == Army.Status.MARCHING:  # destroyed on the road (R10.5): no longer a march to meet (R4.6)
        duties_recount(key=f"army:{army.pk}:march")
    status_change(army, Army.Status.ENDED, _("army"))
    army.ended_at, army.end_reason, army.end_said = at, reason[:200], event_or_none(reason)
    if army.besieging_from and not army.besieging_until:
        army.besieging_until = at
    army.save(update_fields=["status", "ended_at", "end_reason", "end_said", "besieging_until"])
    announcement_post(army.target.board, f"army:{army.pk}:end", at, reason, topic=army_topic(army))
    if army.siege is not None:
        siege_end_if_unopposed(siege=army.siege, at=at)


def army_check_forced_retreat(*, army: Army, at: datetime) -> bool:
    """R8.1 (forced) and R6.1 (no attacker left): applied the moment the condition holds."""
    if army.status != Army.Status.BESIEGING:
        return False
    ranks = list(army.members.filter(status=ArmyMember.Status.ACTIVE).values_list("rank", flat=True))
    if not ranks:
        army_end(army=army, reason=texts.no_attacker_left(army), at=at)
        return True
    if not must_retreat(army.morale, ranks):
        return False
    retreat_begin(army=army, at=at, reason=texts.forced_retreat(army))  # forced: no rearguard (R8.1)
    return True


def retreat_begin(*, army: Army, at: datetime, reason: str, rearguard: Sequence[Officer] = ()) -> Pursuit:
    """The army stops besieging and retreats; the defence may pursue until the deadline."""
    status_change(army, Army.Status.RETREATING, _("army"))
    army.besieging_until = at
    army.save(update_fields=["status", "besieging_until"])
    games_cancel(Game.objects.filter(army=army, kind=Game.Kind.SIEGE))
    if rearguard:
        ArmyMember.objects.filter(army=army, officer__in=rearguard).update(rearguard=True)
    pursuit = Pursuit.objects.create(
        campaign_id=army.campaign_id,
        army=army,
        city=army.target,
        opened_at=at,
        deadline=at + army.campaign.pursuit_window,
        has_rearguard=bool(rearguard),
    )
    timer_schedule(
        campaign=army.campaign,
        key=f"pursuit:{pursuit.pk}:deadline",
        kind=PURSUIT_DEADLINE,
        object_id=pursuit.pk,
        due_at=pursuit.deadline,
    )
    announcement_post(
        army.target.board,
        f"army:{army.pk}:retreat",
        at,
        *texts.retreat(reason, army, pursuit.deadline),
        topic=army_topic(army),
    )
    target = army.target  # a duty of its governor and its king, who may order the pursuit (R8.2)
    king_id = target.kingdom.king_id if target.kingdom else None
    notices_send(
        campaign_id=army.campaign_id, officer_ids=[target.governor_id, king_id], key=f"pursuit:{pursuit.pk}:open"
    )
    if army.siege is not None:
        siege_end_if_unopposed(siege=army.siege, at=at)
    return pursuit


def siege_end_if_unopposed(*, siege: Siege, at: datetime) -> None:
    """R6.1: the siege ends when no attacker is left."""
    if siege.status == Siege.Status.ACTIVE and not siege.armies.filter(status=Army.Status.BESIEGING).exists():
        status_change(siege, Siege.Status.LIFTED, _("siege"))
        siege.ended_at = at
        siege.save(update_fields=["status", "ended_at"])
        games_cancel(Game.objects.filter(siege=siege))
        announcement_post(
            siege.city.board, f"siege:{siege.pk}:lifted", at, texts.siege_lifted(siege), topic=siege_topic(siege.pk)
        )
