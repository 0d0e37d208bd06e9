"""Prisoners, ransom and retreat money (RULES.md R10.1, R10.2, R10.6)."""

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.models import Army, Defender, Ransom, Siege
from battles.rules import ransom as ransom_for
from battles.services.common import announcement_post, siege_topic
from campaign import clock
from campaign.authority import is_king, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Kingdom, Move, Officer, Whereabouts
from campaign.services.notices import duties_recount, notices_send
from cities.models import City
from orders.services.moves import move_dispatch


def prisoner_take(
    *, officer: Officer, captor: Kingdom, held_in: City, at: datetime, siege: Siege | None = None
) -> Ransom:
    """The officer is held by `captor` in `held_in`, owing the ransom of R10.2."""
    officer = Officer.objects.select_related("campaign").get(pk=officer.pk)
    Move.objects.filter(officer=officer, status=Move.Status.REQUESTED).update(status=Move.Status.CANCELLED)
    Officer.objects.filter(pk=officer.pk).update(
        whereabouts=Whereabouts.PRISONER, captor=captor, city=held_in, army=None
    )
    Defender.objects.filter(officer=officer, until__isnull=True).update(until=at)
    Ransom.objects.filter(officer=officer, kind=Ransom.Kind.RANSOM, status=Ransom.Status.OWED).update(
        status=Ransom.Status.RELEASED, settled_at=at
    )
    ransom = Ransom.objects.create(
        campaign_id=officer.campaign_id,
        officer=officer,
        kingdom=captor,
        siege=siege,
        kind=Ransom.Kind.RANSOM,
        amount=ransom_for(officer.stars, officer.campaign.ransom_per_star),
        created_at=at,
    )
    announcement_post(
        held_in.board,
        f"prisoner:{ransom.pk}",
        at,
        *texts.taken_prisoner(officer, captor, held_in, ransom),
        topic=_ransom_topic(ransom),
    )
    notices_send(campaign_id=officer.campaign_id, officer_ids=[captor.king_id], key=f"ransom:{ransom.pk}:owed")
    return ransom


def _free(officer: Officer, at: datetime, cause: str) -> None:
    """R10.2: a freed prisoner goes to their capital (or stays where held, when they have none)."""
    kingdom = officer.kingdom
    held_in = officer.city
    capital = kingdom.capital if kingdom and kingdom.status == Kingdom.Status.ACTIVE else None
    if capital is not None and capital.kingdom_id == officer.kingdom_id and held_in is not None:
        move_dispatch(officer=officer, origin=held_in, destination=capital, cause=cause)
    else:
        Officer.objects.filter(pk=officer.pk).update(whereabouts=Whereabouts.CITY, captor=None, army=None)


@transaction.atomic
def ransom_settle(*, actor: Officer, ransom: Ransom, paid: bool) -> Ransom:
    """R10.2 / R10.6: the captor's king confirms payment (or releases the prisoner unpaid)."""
    require_war_running(actor.campaign)
    ransom = (
        Ransom.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom", "officer__kingdom__capital", "officer__city")
        .get(pk=ransom.pk)
    )
    if not is_king(actor, ransom.kingdom):
        raise NotAllowed("R10.2", _("Only the captor's king confirms a ransom."))
    if ransom.kind != Ransom.Kind.RANSOM or ransom.status != Ransom.Status.OWED:
        raise RuleViolation("R10.2", _("This ransom is already settled."))
    now = clock.now()
    ransom.status = Ransom.Status.PAID if paid else Ransom.Status.RELEASED
    ransom.settled_at, ransom.settled_by = now, actor
    ransom.save(update_fields=["status", "settled_at", "settled_by"])
    duties_recount(key=f"ransom:{ransom.pk}:owed")
    officer = ransom.officer
    if officer.whereabouts == Whereabouts.PRISONER and officer.captor_id == ransom.kingdom_id:
        cause = texts.ransom_settled(ransom, officer, paid)
        _free(officer, now, cause)
        assert officer.city is not None  # prisoner_take holds every prisoner in a city
        announcement_post(officer.city.board, f"ransom:{ransom.pk}:settled", now, cause, topic=_ransom_topic(ransom))
    return ransom


def _ransom_topic(ransom: Ransom) -> str:
    """A prisoner's capture and ransom: in their siege's thread, or a thread of their own (taken
    in a field battle or a pursuit, or as their kingdom fell)."""
    return siege_topic(ransom.siege_id) if ransom.siege_id else f"prisoner:{ransom.pk}"


def prisoners_free_by_retaking(*, city: City, kingdom: Kingdom, at: datetime) -> None:
    """R10.6: prisoners held in a city their own kingdom retakes are free there."""
    freed = Officer.objects.filter(whereabouts=Whereabouts.PRISONER, city=city, kingdom=kingdom)
    Ransom.objects.filter(officer__in=freed, kind=Ransom.Kind.RANSOM, status=Ransom.Status.OWED).update(
        status=Ransom.Status.RELEASED, settled_at=at
    )
    freed.update(whereabouts=Whereabouts.CITY, captor=None)


@transaction.atomic
def retreat_money_offer(*, actor: Officer, siege: Siege) -> Ransom:
    """R10.1: a defender in a besieged city offers the retreat money (equal to the ransom)."""
    require_war_running(actor.campaign)
    siege = Siege.objects.select_related("city__kingdom").get(pk=siege.pk)
    if siege.status != Siege.Status.ACTIVE:
        raise RuleViolation("R10.1", _("This siege is over."))
    if (
        actor.whereabouts != Whereabouts.CITY
        or actor.city_id != siege.city_id
        or actor.kingdom_id != siege.city.kingdom_id
    ):
        raise NotAllowed("R10.1", _("Only a defender in the besieged city pays retreat money."))
    army = siege.armies.filter(status=Army.Status.BESIEGING).select_related("kingdom").first()
    if army is None:
        raise RuleViolation("R10.1", _("No army besieges the city."))
    try:
        with transaction.atomic():
            ransom = Ransom.objects.create(
                campaign_id=siege.campaign_id,
                officer=actor,
                kingdom=army.kingdom,
                siege=siege,
                kind=Ransom.Kind.RETREAT,
                amount=ransom_for(actor.stars, actor.campaign.ransom_per_star),
                created_at=clock.now(),
            )
            notices_send(
                campaign_id=siege.campaign_id, officer_ids=[army.kingdom.king_id], key=f"ransom:{ransom.pk}:owed"
            )
            return ransom
    except IntegrityError:
        raise RuleViolation("R10.1", _("Retreat money is already offered.")) from None


@transaction.atomic
def retreat_money_confirm(*, actor: Officer, ransom: Ransom) -> Ransom:
    require_war_running(actor.campaign)
    ransom = (
        Ransom.objects.select_for_update(no_key=True, of=("self",)).select_related("kingdom", "siege").get(pk=ransom.pk)
    )
    if not is_king(actor, ransom.kingdom):
        raise NotAllowed("R10.1", _("The besieging king confirms retreat money."))
    if (
        ransom.kind != Ransom.Kind.RETREAT
        or ransom.status != Ransom.Status.OWED
        or ransom.siege is None  # never: retreat_money_offer names the siege
        or ransom.siege.status != Siege.Status.ACTIVE
    ):
        raise RuleViolation("R10.1", _("Retreat money counts only when paid before the fall."))
    ransom.status, ransom.settled_at, ransom.settled_by = Ransom.Status.PAID, clock.now(), actor
    ransom.save(update_fields=["status", "settled_at", "settled_by"])
    duties_recount(key=f"ransom:{ransom.pk}:owed")
    return ransom
