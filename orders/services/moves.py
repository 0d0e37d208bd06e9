"""Moves between cities (RULES.md §3): ask, approve or reject, order, depart, arrive.

Locks: the moving officer's row, then the move's. Every service here runs in one
transaction and schedules the arrival timer on commit.
"""

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Value, When
from django.utils.translation import gettext as _

from campaign import announcements as texts
from campaign import clock, hooks
from campaign.authority import decides_for_city, is_king, require_campaign_open, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Officer, Timer, Whereabouts
from campaign.models.moves import ARRIVAL
from campaign.rules.personnel import only_king_orders, travel_time
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_batch_handler, timer_handler, timer_schedule
from cities.models import City, Road
from cities.rules import adjacency, shortest_route
from forum.services.boards import post_system, post_system_many


def _lock_officer(officer: Officer) -> Officer:
    return (
        Officer.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom", "city", "campaign")
        .get(pk=officer.pk)
    )


def _lock_move(move: Move) -> Move:
    return (
        Move.objects.select_for_update(no_key=True, of=("self",))
        .select_related(
            "campaign",
            "officer__kingdom",
            "origin__kingdom",
            "origin__governor__user__presence",
            "destination__kingdom",
            "destination__governor__user__presence",
        )
        .get(pk=move.pk)
    )


def _check_can_move(officer: Officer) -> None:
    if officer.whereabouts == Whereabouts.PRISONER:
        raise RuleViolation("R10.6", _("%(name)s is a prisoner and cannot move.") % {"name": officer.name})
    if (
        officer.whereabouts == Whereabouts.ROAD
        or officer.moves.filter(status__in=[Move.Status.REQUESTED, Move.Status.TRAVELLING]).exists()
    ):
        raise RuleViolation("R3.5", _("%(name)s already has a move under way.") % {"name": officer.name})
    if officer.whereabouts == Whereabouts.ARMY:
        raise RuleViolation("R4.1", _("%(name)s is with an army and moves with it.") % {"name": officer.name})
    for check in hooks.departure_checks:  # R3.6: the war refuses a move out of a besieged city
        check(officer)


def route_between(officer: Officer, origin: City, destination: City) -> list[int]:
    """R1.4: the shortest route by road; by default only through the mover's own cities."""
    if destination.campaign_id != officer.campaign_id:
        raise RuleViolation("R1.4", _("That city is not in this campaign."))
    if destination.pk == origin.pk:
        raise RuleViolation("R1.4", _("%(name)s is already in %(city)s.") % {"name": officer.name, "city": origin.name})
    if destination.kingdom_id != officer.kingdom_id:
        raise RuleViolation(
            "§3",
            _("%(city)s is not a city of your kingdom: entering it is an attack (§4), not a move.")
            % {"city": destination.name},
        )
    campaign = officer.campaign
    graph = adjacency(Road.objects.filter(campaign=campaign).values_list("a_id", "b_id"))
    passable = None
    if campaign.moves_through_own_cities_only:
        passable = set(City.objects.filter(campaign=campaign, kingdom=officer.kingdom).values_list("pk", flat=True))
    route = shortest_route(graph, origin.pk, destination.pk, passable)
    if route is None:
        raise RuleViolation(
            "R1.4",
            _("No road leads from %(a)s to %(b)s through your kingdom's cities.")
            % {"a": origin.name, "b": destination.name},
        )
    return route


def _create(officer: Officer, destination: City, requested_by: Officer) -> Move:
    assert officer.city is not None  # the callers' _check_can_move leaves only officers in a city
    route = route_between(officer, officer.city, destination)
    try:
        with transaction.atomic():
            return Move.objects.create(
                campaign=officer.campaign,
                officer=officer,
                origin=officer.city,
                destination=destination,
                route=route,
                requested_by=requested_by,
                created_at=clock.now(),
                needs_king=only_king_orders(officer.stars, officer.campaign.king_orders_from_stars),
            )
    except IntegrityError as exc:  # the partial unique index: a concurrent second request
        raise RuleViolation("R3.5", _("%(name)s already has a move under way.") % {"name": officer.name}) from exc


def _approve_sides(move: Move, actor: Officer) -> bool:
    """Record every approval `actor` may give; True if any was given. Nobody approves their own
    move (R3.2 asks others to agree), except the king, whose power over moves is absolute (R2.1)."""
    now = clock.now()
    given = False
    if is_king(actor, move.officer.kingdom):
        move.origin_approver = move.origin_approver or actor
        move.destination_approver = move.destination_approver or actor
        return True
    if move.needs_king or actor.pk == move.officer_id:
        return False
    if move.origin_approver_id is None and decides_for_city(actor, move.origin, now, move.officer_id):
        move.origin_approver, given = actor, True
    if move.destination_approver_id is None and decides_for_city(actor, move.destination, now, move.officer_id):
        move.destination_approver, given = actor, True
    return given


def _depart_if_agreed(move: Move, cause: str = "") -> None:
    if move.origin_approver_id is None or move.destination_approver_id is None:
        move.save(update_fields=["origin_approver", "destination_approver"])
        return
    now = clock.now()
    move.status = Move.Status.TRAVELLING
    move.departs_at = now
    move.arrives_at = now + travel_time(move.legs, move.campaign.travel_time)
    move.save(update_fields=["origin_approver", "destination_approver", "status", "departs_at", "arrives_at"])
    Officer.objects.filter(pk=move.officer_id).update(whereabouts=Whereabouts.ROAD, city=None, army=None, captor=None)
    names = dict(City.objects.filter(pk__in=move.route).values_list("pk", "name"))
    title, body = texts.move_departure(move, now, [names[c] for c in move.route], cause)
    post_system(board=move.origin.board, title=title, body=body, at=now, event_key=f"move:{move.pk}:depart")
    timer_schedule(
        campaign=move.campaign, key=f"move:{move.pk}:arrive", kind=ARRIVAL, object_id=move.pk, due_at=move.arrives_at
    )


def _announce_request(move: Move) -> None:
    """The request goes where it is decided: the palace for the king's moves (R2.2), else the
    board of the city being left (R3.2)."""
    if move.needs_king:
        assert move.officer.kingdom is not None  # route_between keeps a move within the mover's kingdom
        board = move.officer.kingdom.palace
    else:
        board = move.origin.board
    title, body = texts.move_request(move)
    post_system(board=board, title=title, body=body, at=move.created_at, event_key=f"move:{move.pk}:request")


@transaction.atomic
def move_request(*, actor: Officer, destination: City) -> Move:
    """An officer asks to move (R3.2; R3.1 for 21–25 stars: the king decides). Approvals the
    asker can give by their own post (a governor leaving their city, the king) count at once."""
    require_war_running(actor.campaign)
    actor = _lock_officer(actor)
    _check_can_move(actor)
    move = _create(actor, destination, actor)
    _approve_sides(move, actor)
    _announce_request(move)
    _depart_if_agreed(move)
    _notify_deciders(move)
    return move


def _notify_deciders(move: Move) -> None:
    """A move still awaiting approval is a duty of whoever may approve it (R3.2): the
    king, the two governors, and an administrator present where the governor cannot act (the
    notice is sent only to those whose duties list it)."""
    if move.status != Move.Status.REQUESTED:
        return
    kingdom = move.officer.kingdom
    present = Officer.objects.filter(
        kingdom=kingdom,
        whereabouts=Whereabouts.CITY,
        city_id__in=[move.origin_id, move.destination_id],
        kind="administrator",
    ).values_list("pk", flat=True)
    candidates = [kingdom.king_id if kingdom else None, move.origin.governor_id, move.destination.governor_id]
    notices_send(campaign_id=move.campaign_id, officer_ids=[*candidates, *present], key=f"move:{move.pk}:request")


@transaction.atomic
def move_order(*, actor: Officer, officer: Officer, destination: City) -> Move:
    """The king orders any officer's move (R2.1, R3.1); a governor orders a move of an officer
    of 20 stars or fewer in their own city (R3.2), which the other city's governor must still
    agree to unless the governor decides for both."""
    require_war_running(actor.campaign)
    officer = _lock_officer(officer)
    king = is_king(actor, officer.kingdom)
    if not king and officer.pk == actor.pk:
        raise NotAllowed("R3.2", _("A governor does not order their own move: ask for it, and others decide (R3.2)."))
    if not king:
        if officer.whereabouts == Whereabouts.CITY and only_king_orders(
            officer.stars, officer.campaign.king_orders_from_stars
        ):
            raise NotAllowed(
                "R3.1",
                _("Only the king orders the moves of officers of %(n)d stars or more.")
                % {"n": officer.campaign.king_orders_from_stars},
            )
        if (
            officer.whereabouts != Whereabouts.CITY
            or officer.city is None  # never in a city without one (officer_one_whereabouts)
            or officer.city.governor_id != actor.pk
            or actor.whereabouts != Whereabouts.CITY  # R3.5: not from the road
        ):
            raise NotAllowed("R3.2", _("Only the king, or the governor of the officer's city, may order this move."))
    _check_can_move(officer)
    move = _create(officer, destination, actor)
    _approve_sides(move, actor)
    if not king:
        move.origin_approver = actor
    _depart_if_agreed(move)
    if move.status == Move.Status.REQUESTED:
        _announce_request(move)
    _notify_deciders(move)
    return move


@transaction.atomic
def move_approve(*, actor: Officer, move: Move) -> Move:
    """A governor (or, with the governor not online, an administrator of that city) agrees;
    the move starts when both cities have agreed (R3.2, R3.3)."""
    require_war_running(actor.campaign)
    move = _lock_move(move)
    if move.status != Move.Status.REQUESTED:
        raise RuleViolation("R3.2", _("This move is no longer awaiting approval."))
    if not _approve_sides(move, actor):
        if move.needs_king:
            raise NotAllowed(
                "R3.1",
                _("Only the king decides moves of officers of %(n)d stars or more.")
                % {"n": move.campaign.king_orders_from_stars},
            )
        raise NotAllowed(
            "R3.2",
            _(
                "You cannot approve this move: only the governors of the two cities (or an "
                "administrator present when the governor is not online) or the king can."
            ),
        )
    _depart_if_agreed(move)
    duties_recount(key=f"move:{move.pk}:request")
    _tell_mover(move, actor, "approved" if move.status == Move.Status.TRAVELLING else "agreed")
    return move


def _tell_mover(move: Move, actor: Officer, outcome: str) -> None:
    """The mover hears of a decision on their request by another (R3.2): one city agreed and the
    other is awaited, both agreed and they are on the road (R3.3), or it was rejected. A notice
    as a duty's, by socket, mail and device (campaign/selectors/move_notices.py words it)."""
    if actor.pk != move.officer_id:
        notices_send(campaign_id=move.campaign_id, officer_ids=[move.officer_id], key=f"move:{move.pk}:{outcome}")


@transaction.atomic
def move_reject(*, actor: Officer, move: Move) -> Move:
    require_campaign_open(actor.campaign)
    move = _lock_move(move)
    if move.status != Move.Status.REQUESTED:
        raise RuleViolation("R3.2", _("This move is no longer awaiting approval."))
    now = clock.now()
    allowed = is_king(actor, move.officer.kingdom) or (
        not move.needs_king
        and (decides_for_city(actor, move.origin, now) or decides_for_city(actor, move.destination, now))
    )
    if not allowed:
        raise NotAllowed("R3.2", _("You cannot decide on this move."))
    move.status, move.decided_by = Move.Status.REJECTED, actor
    move.save(update_fields=["status", "decided_by"])
    duties_recount(key=f"move:{move.pk}:request")
    _tell_mover(move, actor, "rejected")
    return move


@transaction.atomic
def move_cancel(*, actor: Officer, move: Move) -> Move:
    require_campaign_open(actor.campaign)
    move = _lock_move(move)
    if move.officer_id != actor.pk and move.requested_by_id != actor.pk:
        raise NotAllowed("R3.2", _("Only the officer who asked may withdraw the request."))
    if move.status != Move.Status.REQUESTED:
        raise RuleViolation("R3.5", _("An officer on the road cannot turn back (R3.5)."))
    move.status = Move.Status.CANCELLED
    move.save(update_fields=["status"])
    duties_recount(key=f"move:{move.pk}:request")
    return move


@timer_handler(ARRIVAL)
def move_arrive(timer: Timer) -> None:
    """R3.4: at the due instant the officer is in the new city and the arrival is posted there,
    stamped with that instant, whether or not anyone is on the site."""
    move = (
        Move.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "officer", "origin", "destination__board")
        .get(pk=timer.object_id)
    )
    if move.status != Move.Status.TRAVELLING:
        return
    at = move.arrives_at
    assert at is not None  # move_on_road_has_arrival
    move.status, move.arrived_at = Move.Status.ARRIVED, at
    move.save(update_fields=["status", "arrived_at"])
    Officer.objects.filter(pk=move.officer_id, whereabouts=Whereabouts.ROAD).update(
        whereabouts=Whereabouts.CITY, city=move.destination
    )
    title, body = texts.move_arrival(move, at)
    post_system(board=move.destination.board, title=title, body=body, at=at, event_key=f"move:{move.pk}:arrive")
    for hook in hooks.arrival_hooks:  # R8.4: a defender arriving in a besieged city
        hook(move.officer, move.destination, at)


@timer_batch_handler(ARRIVAL)
def move_arrive_many(timers: list[Timer]) -> None:
    """R3.4 for a batch of arrivals due together: the same outcome as `move_arrive`
    for each, in a few set-based statements; the war's arrival hooks run only for arrivals in
    the cities it watches (besieged ones, R8.4)."""
    moves = list(
        Move.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "officer", "origin", "destination__board")
        .filter(pk__in=[timer.object_id for timer in timers], status=Move.Status.TRAVELLING)
        .order_by("arrives_at", "pk")
    )
    if not moves:
        return
    Move.objects.filter(pk__in=[m.pk for m in moves]).update(status=Move.Status.ARRIVED, arrived_at=F("arrives_at"))
    Officer.objects.filter(pk__in=[m.officer_id for m in moves], whereabouts=Whereabouts.ROAD).update(
        whereabouts=Whereabouts.CITY,
        city_id=Case(*[When(pk=m.officer_id, then=Value(m.destination_id)) for m in moves]),
    )
    events = []
    for move in moves:
        assert move.arrives_at is not None  # move_on_road_has_arrival: the moves read are travelling
        move.status, move.arrived_at = Move.Status.ARRIVED, move.arrives_at
        title, body = texts.move_arrival(move, move.arrives_at)
        events.append((move.destination.board, title, body, move.arrives_at, f"move:{move.pk}:arrive"))
    post_system_many(events)
    destinations = {m.destination_id for m in moves}
    if hooks.arrival_watch:  # the war names the cities where an arrival matters (besieged ones)
        destinations = set().union(*(watch(destinations) for watch in hooks.arrival_watch))
    for move in moves:
        if move.destination_id in destinations:
            assert move.arrives_at is not None  # move_on_road_has_arrival
            for hook in hooks.arrival_hooks:
                hook(move.officer, move.destination, move.arrives_at)


def move_dispatch(*, officer: Officer, origin: City, destination: City, cause: str) -> Move | None:
    """The war sends an officer on the road without asking anyone: a withdrawn or retreating
    attacker goes home, a freed prisoner goes to the capital (R5.4, R6.2, R8.1, R10.2). The
    road may cross any kingdom's cities. Arrival is the same timer as any move (R3.4).
    Returns None when the officer is already there (placed in the city at once)."""
    now = clock.now()
    officer = _lock_officer(officer)
    graph = adjacency(Road.objects.filter(campaign_id=officer.campaign_id).values_list("a_id", "b_id"))
    route = shortest_route(graph, origin.pk, destination.pk) if origin.pk != destination.pk else None
    if route is None:
        Officer.objects.filter(pk=officer.pk).update(
            whereabouts=Whereabouts.CITY, city=destination, army=None, captor=None
        )
        return None
    Move.objects.filter(officer=officer, status=Move.Status.REQUESTED).update(status=Move.Status.CANCELLED)
    move = Move.objects.create(
        campaign_id=officer.campaign_id,
        officer=officer,
        origin=origin,
        destination=destination,
        route=route,
        requested_by=officer,
        created_at=now,
        origin_approver=officer,
        destination_approver=officer,
    )
    move.campaign = officer.campaign
    _depart_if_agreed(move, cause=cause)
    Officer.objects.filter(pk=officer.pk).update(army=None, captor=None)
    return move
