"""Where a push is posted: the endpoint's host is looked up at each delivery, every address it
answers is checked, and the connection goes to the address checked (R1.5's endpoint rule, the
security property against DNS rebinding: a name that answers a public address when the device
subscribes, or when it is checked, and this machine's address afterwards never makes the site
post to its own network). A name server that changes its answers is played by the resolver the
site calls (socket.getaddrinfo), answering for one test name only; the push service is the real
local one (tests/pushservice.py)."""

import socket

import pytest

from delivery.models import PushDelivery
from tests.battles.test_push import call, deliver, turn_on

NAME = "push.rebinding.test"


class Rebinding:
    """Answers NAME with `answers[0]` first, then each next one (the last one from then on)."""

    def __init__(self, monkeypatch, *answers: str) -> None:
        self.answers, self.asked = list(answers), 0
        self.real = socket.getaddrinfo
        monkeypatch.setattr(socket, "getaddrinfo", self.getaddrinfo)

    def getaddrinfo(self, host, port, *args, **kwargs):
        if host != NAME:
            return self.real(host, port, *args, **kwargs)
        address = self.answers[min(self.asked, len(self.answers) - 1)]
        self.asked += 1
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, int(port or 0)))]


@pytest.fixture
def named_service(push_service):
    """The local push service known by NAME (its VAPID audience is then that origin)."""
    push_service.origin = f"http://{NAME}:{push_service.port}"
    return push_service


def test_r1_5_a_name_that_answers_loopback_at_delivery_is_refused(world, clock, named_service, settings, monkeypatch):
    """Accepted when it answered a public address; at the delivery it answers 127.0.0.1: the
    push is refused, nothing is posted to this machine."""
    settings.PUSH_ALLOW_LOCAL = False
    Rebinding(monkeypatch, "8.8.8.8", "127.0.0.1")
    named_service.origin = f"https://{NAME}:{named_service.port}"
    phone = turn_on(world, named_service, "魏延", "wei-phone")
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    assert phone.hits == 0 and PushDelivery.objects.get(notice__key=key).state == "refused"


def test_r1_5_the_post_goes_to_the_address_checked_not_to_a_later_answer(
    world, clock, named_service, settings, monkeypatch
):
    """The lookups when the device subscribes and at the delivery answer the push service's
    address, every later one another (here 127.0.0.2, where nothing listens): the post still
    reaches the address checked, so a name that changes its answer between the check and the
    connection cannot move the post."""
    resolver = Rebinding(monkeypatch, "127.0.0.1", "127.0.0.1", "127.0.0.2")
    phone = turn_on(world, named_service, "魏延", "wei-phone")
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    assert resolver.asked == 2, "looked up once at the delivery"
    assert not named_service.refused, "the service's own checks passed (VAPID audience: the endpoint's origin)"
    assert len(phone.received) == 1 and PushDelivery.objects.get(notice__key=key).state == "sent"
