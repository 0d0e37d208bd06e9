"""A kingdom's crown and its members' going (R1.2, R2.1): an organiser appoints the king of a kingdom
that has none, a king hands the crown on, an officer leaves.

Decisions on leaving (the rules are silent): the king hands on the crown first; an officer with an
army leaves once back (an army's ranks are the war's); a prisoner stays where they are held and may
leave only when the campaign's `prisoners_may_leave` says so (default no: R10.6, a prisoner does
nothing until freed), and leaving does not free them. The posts are vacated: the city they govern
has no governor (R2.4) until the king appoints one, the boards they moderate lose them (R2.5), and a
promotion awaiting the king is dropped. The Officer row stays, unaffiliated, where it stands: it
holds the history (games, captures, the ledger's causes) and the user's one officer of the campaign,
which another king may admit (as R10.5's unaffiliated officers).

Decisions on the crown: only a kingdom without a king is given one by an organiser (a king is replaced
only by handing the crown on); the heir is an officer of the kingdom who is not a prisoner (R10.6: a
prisoner decides nothing). Posts stay with their holders: an heir who governs a city still governs it
(R2.4 puts the king above the governor; the king may name another), and the former king keeps their
stars and title, which the new king may change as any promotion (R2.3)."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import announcements as texts
from campaign import clock
from campaign.authority import is_king, require_organiser, require_two_factor
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Kingdom, Move, Officer, Promotion, Whereabouts
from cities.models import City
from forum.models import BoardModerator
from forum.services.boards import post_system
from seasons.world.creation import kingdom_admin_grant

LIVING = (Campaign.Status.DRAFT, Campaign.Status.ENROLMENT, Campaign.Status.WAR)


def _living(kingdom: Kingdom) -> None:
    if kingdom.campaign.status not in LIVING:
        raise RuleViolation("R1.1", _("The war is over: nothing changes any more."))
    if kingdom.status != Kingdom.Status.ACTIVE:
        raise RuleViolation("R1.2", _("%(kingdom)s has been destroyed.") % {"kingdom": kingdom.name})


def _heir(kingdom: Kingdom, officer: Officer) -> None:
    if officer.kingdom_id != kingdom.pk:
        raise RuleViolation(
            "R1.2", _("%(name)s is not an officer of %(kingdom)s.") % {"name": officer.name, "kingdom": kingdom.name}
        )
    if officer.whereabouts == Whereabouts.PRISONER:
        raise RuleViolation("R10.6", _("%(name)s is a prisoner.") % {"name": officer.name})


def _announce(kingdom: Kingdom, key: str, title: str) -> None:
    post_system(board=kingdom.palace, title=title, body=title, at=clock.now(), event_key=key)


@transaction.atomic
def king_appoint(*, user, kingdom: Kingdom, officer: Officer) -> Kingdom:
    """An organiser names the king of a kingdom without one (its first, or after none was left)."""
    require_organiser(user, kingdom.campaign)
    kingdom = (
        Kingdom.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "palace")
        .get(pk=kingdom.pk)
    )
    _living(kingdom)
    if kingdom.king_id is not None:
        raise RuleViolation(
            "R1.2", _("%(kingdom)s has a king; only the king hands the crown on.") % {"kingdom": kingdom.name}
        )
    _heir(kingdom, officer)
    Kingdom.objects.filter(pk=kingdom.pk, king__isnull=True).update(king=officer)
    kingdom.king = officer
    kingdom_admin_grant(user=officer.user)
    title = texts.king_crowned(officer, kingdom.name)
    _announce(kingdom, f"king:{kingdom.pk}:{officer.pk}:{clock.now().timestamp()}", title)
    return kingdom


@transaction.atomic
def crown_hand_on(*, actor: Officer, officer: Officer) -> Kingdom:
    """R2.1: the king hands the crown to another officer of the kingdom, not a prisoner."""
    if actor.kingdom is None or not is_king(actor, actor.kingdom):
        raise NotAllowed("R2.1", _("Only the king hands the crown on."))
    kingdom = (
        Kingdom.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "palace")
        .get(pk=actor.kingdom.pk)
    )
    _living(kingdom)
    require_two_factor(actor.user, kingdom.campaign)
    if officer.pk == actor.pk:
        raise RuleViolation("R2.1", _("You already wear the crown."))
    _heir(kingdom, officer)
    if Kingdom.objects.filter(pk=kingdom.pk, king=actor).update(king=officer) != 1:
        raise NotAllowed("R2.1", _("Only the king hands the crown on."))
    kingdom.king = officer
    kingdom_admin_grant(user=officer.user)
    title = texts.crown_handed_on(actor, officer, kingdom.name)
    _announce(kingdom, f"crown:{kingdom.pk}:{officer.pk}:{clock.now().timestamp()}", title)
    return kingdom


@transaction.atomic
def officer_leave(*, actor: Officer) -> Officer:
    """The officer leaves their kingdom; their posts are vacated (the module's decisions)."""
    officer = Officer.objects.select_for_update(no_key=True, of=("self",)).select_related("campaign").get(pk=actor.pk)
    if officer.kingdom_id is None:
        raise RuleViolation("R1.5", _("You serve no kingdom."))
    kingdom = Kingdom.objects.select_related("campaign", "palace").get(pk=officer.kingdom_id)
    if kingdom.campaign.status not in LIVING:
        raise RuleViolation("R1.1", _("The war is over: nothing changes any more."))
    if kingdom.king_id == officer.pk:
        raise RuleViolation("R2.1", _("A king hands the crown on before leaving."))
    if officer.whereabouts == Whereabouts.ARMY:
        raise RuleViolation("R4.2", _("You march with an army: leave once back in a city."))
    if officer.whereabouts == Whereabouts.PRISONER and not officer.campaign.prisoners_may_leave:
        raise RuleViolation("R10.6", _("A prisoner may not leave their kingdom until freed."))
    City.objects.filter(governor=officer).update(governor=None)
    BoardModerator.objects.filter(officer=officer).delete()
    Promotion.objects.filter(officer=officer, status=Promotion.Status.PENDING).update(
        status=Promotion.Status.REJECTED, decided_at=clock.now()
    )
    Move.objects.filter(officer=officer, status=Move.Status.REQUESTED).update(status=Move.Status.CANCELLED)
    Officer.objects.filter(pk=officer.pk).update(kingdom=None, title="")
    officer.kingdom, officer.title = None, ""
    title = texts.officer_left(officer, kingdom.name)
    _announce(kingdom, f"leave:{officer.pk}:{clock.now().timestamp()}", title)
    return officer
