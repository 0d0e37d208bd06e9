"""A city falls (RULES.md R6.5, R10.1, R10.4, R10.5)."""

from datetime import datetime

from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import commander
from battles.models import Army, ArmyMember, Ransom, Siege
from battles.rules import wall_after_capture
from battles.services.common import announcement_post, siege_topic, status_change
from battles.services.ledger import value_change
from battles.services.lifecycle import army_end
from battles.services.prisoners import prisoner_take, prisoners_free_by_retaking
from campaign.models import Kingdom, Officer, Whereabouts
from cities.models import City
from orders.services.moves import move_dispatch
from play.models import Game
from play.services.common import games_cancel
from seasons.services.season_end import war_end_if_capitals


def city_fall(*, siege: Siege, city: City, army: Army, at: datetime) -> None:
    """The game that brought the wall to 0 gives the city to its army's kingdom (R10.4)."""
    conqueror, loser = army.kingdom, city.kingdom
    status_change(siege, Siege.Status.FALLEN, _("siege"))
    siege.ended_at, siege.taken_by = at, conqueror
    siege.save(update_fields=["status", "ended_at", "taken_by"])
    games_cancel(Game.objects.filter(siege=siege))
    head = commander(army)
    city.kingdom = conqueror
    city.governor = None
    if head is not None:  # R10.1 Decision: the marshal acts as governor until the king appoints one
        City.objects.filter(governor=head.officer).update(governor=None)
        city.governor = head.officer
    city.save(update_fields=["kingdom", "governor"])
    value_change(
        key=f"siege:{siege.pk}:capture",
        city=city,
        delta=0,
        set_to=wall_after_capture(city.wall_max),
        clause="R10.1",
        cause="taken",
        names={"city": city.name, "kingdom": conqueror.name},
        due_at=at,
    )
    paid = set(
        Ransom.objects.filter(siege=siege, kind=Ransom.Kind.RETREAT, status=Ransom.Status.PAID).values_list(
            "officer_id", flat=True
        )
    )
    for defender in Officer.objects.filter(whereabouts=Whereabouts.CITY, city=city, kingdom=loser).select_related(
        "kingdom__capital"
    ):
        capital = loser.capital if loser is not None else None
        if defender.pk in paid and capital is not None and capital.pk != city.pk:
            move_dispatch(
                officer=defender,
                origin=city,
                destination=capital,
                cause=texts.retreat_money_paid(defender),
            )
        else:
            prisoner_take(officer=defender, captor=conqueror, held_in=city, at=at, siege=siege)
    prisoners_free_by_retaking(city=city, kingdom=conqueror, at=at)
    title, body = texts.city_fallen(city, conqueror)
    for board in {city.board, conqueror.palace, *([loser.palace] if loser else [])}:
        announcement_post(board, f"siege:{siege.pk}:fall:{board.pk}", at, title, body, topic=siege_topic(siege.pk))
    for other in siege.armies.filter(status=Army.Status.BESIEGING).select_related(
        "kingdom__capital", "origin", "target__board"
    ):
        if other.kingdom_id == conqueror.pk:
            members = other.members.filter(status=ArmyMember.Status.ACTIVE).values_list("officer_id", flat=True)
            Officer.objects.filter(pk__in=list(members)).update(whereabouts=Whereabouts.CITY, city=city, army=None)
            army_end(army=other, reason=title, at=at, send_home=False)
        else:
            army_end(army=other, reason=title, at=at)
    if loser is not None and loser.capital_id == city.pk:
        kingdom_destroy(kingdom=loser, conqueror=conqueror, at=at)
    if Kingdom.objects.filter(capital=city).exists():  # R10: one kingdom may now hold every capital
        war_end_if_capitals(campaign=city.campaign, at=at)


def kingdom_destroy(*, kingdom: Kingdom, conqueror: Kingdom, at: datetime) -> None:
    """R10.5: a kingdom whose capital falls is destroyed; its other cities pass to the
    conqueror, its officers in them are taken, its officers elsewhere become unaffiliated."""
    Kingdom.objects.filter(pk=kingdom.pk).update(status=Kingdom.Status.DESTROYED)
    kingdom.status = Kingdom.Status.DESTROYED
    for city in City.objects.filter(kingdom=kingdom).select_related("board"):
        City.objects.filter(pk=city.pk).update(kingdom=conqueror, governor=None)
        for officer in Officer.objects.filter(whereabouts=Whereabouts.CITY, city=city, kingdom=kingdom):
            prisoner_take(officer=officer, captor=conqueror, held_in=city, at=at)
    for army in (
        Army.objects.filter(kingdom=kingdom)
        .exclude(status=Army.Status.ENDED)
        .select_related("kingdom__capital", "origin", "target__board", "siege")
    ):
        army_end(army=army, reason=texts.army_of_destroyed(kingdom), at=at)
    Officer.objects.filter(kingdom=kingdom).exclude(whereabouts=Whereabouts.PRISONER).update(kingdom=None)
    Officer.objects.filter(kingdom=kingdom, whereabouts=Whereabouts.PRISONER).update(kingdom=None)
    announcement_post(
        conqueror.palace,
        f"kingdom:{kingdom.pk}:destroyed",
        at,
        texts.kingdom_destroyed(kingdom, conqueror),
        topic=f"kingdom:{kingdom.pk}",
    )
