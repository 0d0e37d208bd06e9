"""The moves (§3) as terminal forms: asking to move (R3.2), ordering a move (R3.1), approving or
rejecting a request (R3.2) and withdrawing one's own (R3.3). Their choices are the moves page's and
the personnel page's (orders.selectors.moves, orders.selectors.personnel); what is posted is
parsed and sent as the pages' views and the API do, and what is said once done is the pages'."""

from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from campaign import clock, lookups
from campaign.inputs import posted_int, posted_object
from campaign.models import Move, Officer
from orders.selectors.moves import moves_for
from orders.selectors.personnel import personnel_for
from orders.services import moves as move_services
from screens.acts.fields import choice, option
from screens.acts.form import Act, Loaded


def _route(move: Move) -> str:
    return f"{move.officer.name}: {move.origin.name} → {move.destination.name}"


def _move(officer: Officer, data: MultiValueDict, clause: str) -> Move:
    return lookups.move(officer.campaign, posted_int(data, "move", clause))


class MoveRequest(Act):
    def title(self) -> str:
        return _("Ask to move")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = moves_for(officer=officer, now=clock.now())
        cities = [option(c.pk, c.name) for c in view.destinations if c.pk != officer.city_id]
        notes = [_("%(name)s in %(city)s") % {"name": officer.name, "city": officer.city.name if officer.city else "…"}]
        notes += [_route(m) + ": " + m.get_status_display() for m in view.mine]
        return Loaded([choice("destination", _("Move to"), cities, data)], notes)

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        destination = posted_object(data, "destination", lookups.cities(officer.campaign), "R1.4")
        move = move_services.move_request(actor=officer, destination=destination)
        if move.status == Move.Status.TRAVELLING:
            return _("On the road to %(city)s.") % {"city": move.destination.name}
        return _("Your request to move to %(city)s awaits approval.") % {"city": move.destination.name}

    def help(self) -> str:
        return _("Ask to move to a city of your kingdom (R3.2): the governors of both cities approve, or the king.")


class MoveOrder(Act):
    def title(self) -> str:
        return _("Order a move")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = personnel_for(officer=officer)
        officers = [option(o.pk, f"{o.name} ({o.stars}★, {o.city.name if o.city else '…'})") for o in view.orderable]
        cities = [option(c.pk, c.name) for c in view.destinations]
        fields = [choice("officer", _("Officer"), officers, data), choice("destination", _("Move to"), cities, data)]
        return Loaded(fields)

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        who = posted_object(data, "officer", lookups.officers(officer.campaign), "R3.1")
        destination = posted_object(data, "destination", lookups.cities(officer.campaign), "R1.4")
        move = move_services.move_order(actor=officer, officer=who, destination=destination)
        return _("%(name)s: %(status)s.") % {"name": who.name, "status": move.get_status_display()}

    def help(self) -> str:
        return _("Order an officer to a city (R3.1: the king, or a governor within their city's reach).")


class MoveDecision(Act):
    """Approve or reject a request awaiting the officer's decision (R3.2)."""

    def __init__(self, approve: bool) -> None:
        self.approve = approve

    def title(self) -> str:
        return _("Approve a move") if self.approve else _("Reject a move")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = moves_for(officer=officer, now=clock.now())
        moves = [option(m.pk, f"{_route(m)} ({m.officer.stars}★)") for m in view.to_decide]
        return Loaded([choice("move", _("Request"), moves, data)])

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        move = _move(officer, data, "R3.2")
        if self.approve:
            move = move_services.move_approve(actor=officer, move=move)
            return _("Approved: %(name)s, %(status)s.") % {
                "name": move.officer.name,
                "status": move.get_status_display(),
            }
        move = move_services.move_reject(actor=officer, move=move)
        return _("Rejected: %(name)s.") % {"name": move.officer.name}

    def help(self) -> str:
        return _("A request to move awaiting your decision (R3.2: the governors of both cities, or the king).")


class MoveCancel(Act):
    def title(self) -> str:
        return _("Withdraw a move")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = moves_for(officer=officer, now=clock.now())
        moves = [option(m.pk, _route(m)) for m in view.mine if m.status == Move.Status.REQUESTED]
        return Loaded([choice("move", _("Request"), moves, data)])

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        move = move_services.move_cancel(actor=officer, move=_move(officer, data, "R3.3"))
        return _("Withdrawn: %(name)s.") % {"name": move.officer.name}

    def help(self) -> str:
        return _("Withdraw your own request before it leaves (R3.3).")
