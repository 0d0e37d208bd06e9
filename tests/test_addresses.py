"""Addresses: uvicorn alone reads X-Forwarded-For, and only from the proxies
TRUSTED_PROXIES names (none by default); the API's limits and the log-in's pauses take the
address it found. Tried against the site served by uvicorn with the flags `make run` gives it
(runall's `site_commands`), in a child process on the test database."""

import configparser
import http.cookiejar
import multiprocessing
import re
import secrets
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.urls import reverse

from ops.demo import DEMO_PASSWORD
from ops.management.commands.runall import site_commands

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def web_command(port: int) -> list[str]:
    return site_commands(bind=f"127.0.0.1:{port}", web_workers=1, concurrency=1, var=settings.VAR_DIR)["web"]


def _serve(port: int) -> None:
    import uvicorn.main

    uvicorn.main.main(web_command(port)[1:], standalone_mode=False)


@pytest.fixture
def served(transactional_db, world):
    """The site as runall serves it (one worker here), forked once the world is made: the
    child sees the test database and the settings the test set."""
    port = free_port()
    child = multiprocessing.get_context("fork").Process(target=_serve, args=(port,), daemon=True)
    child.start()
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert child.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    child.terminate()
    child.join(timeout=10)


def status(opener, url: str, data: dict | None = None, **headers) -> int:
    body = None if data is None else urllib.parse.urlencode(data).encode()
    try:
        with opener.open(urllib.request.Request(url, body, headers), timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def browser():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())


def log_in(site: str, username: str, password: str, forwarded: str) -> int:
    opener = browser()
    with opener.open(urllib.request.Request(site + reverse("login")), timeout=30) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode()).group(1)
    data = {"username": username, "password": password, "csrfmiddlewaretoken": token}
    return status(opener, site + reverse("login"), data, **{"X-Forwarded-For": forwarded})


def fake() -> str:
    return f"203.0.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


def test_runall_and_the_unit_tell_uvicorn_whose_forwarded_for_to_believe(settings):
    assert "--forwarded-allow-ips=" in web_command(8000)  # none by default
    settings.TRUSTED_PROXIES = "10.0.0.2,10.1.0.0/16"
    assert "--forwarded-allow-ips=10.0.0.2,10.1.0.0/16" in web_command(8000)
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.read(ROOT / "deploy" / "systemd" / "chess-siege-web.service")
    assert "--forwarded-allow-ips=${TRUSTED_PROXIES}" in unit["Service"]["ExecStart"]


@pytest.fixture
def low_rate(settings):
    """Set before the child is forked (it reads the settings it inherited); the peer's count
    (127.0.0.1, shared by the suite's runs) starts empty."""
    settings.API_RATE_ADDRESS = "3/min"
    redis.Redis.from_url(settings.REDIS_URL).delete("api-rate:throttle_address_127.0.0.1")


@pytest.mark.django_db(transaction=True)
def test_a_rotating_forwarded_for_is_one_address_when_no_proxy_is_trusted(low_rate, world, served):
    """A local client (uvicorn's own default trusts 127.0.0.1) naming a new address each time:
    still one address for the API's limit, and a paused log-in stays paused."""
    opener = browser()
    reads = [status(opener, f"{served}/api/v1/campaigns", **{"X-Forwarded-For": fake()}) for _ in range(5)]
    assert reads == [200, 200, 200, 429, 429]
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(served, "guojia", "wrong-password", fake())
    assert log_in(served, "guojia", DEMO_PASSWORD, fake()) == 429


@pytest.fixture
def trusting(settings):
    settings.TRUSTED_PROXIES = "127.0.0.1"


@pytest.mark.django_db(transaction=True)
def test_behind_a_trusted_proxy_the_forwarded_address_counts(low_rate, trusting, world, served):
    """TRUSTED_PROXIES names the proxy: the client it names is the address, for the API's limit
    and for the log-in's pause alike."""
    opener = browser()
    one, other = fake(), fake()
    reads = [status(opener, f"{served}/api/v1/campaigns", **{"X-Forwarded-For": one}) for _ in range(4)]
    assert reads == [200, 200, 200, 429]
    assert status(opener, f"{served}/api/v1/campaigns", **{"X-Forwarded-For": other}) == 200
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(served, "guojia", "wrong-password", one)
    assert log_in(served, "guojia", DEMO_PASSWORD, one) == 429
    assert log_in(served, "guojia", DEMO_PASSWORD, other) == 302


@pytest.mark.parametrize(
    ("peer", "counted"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2::a", "2001:db8:1:2::"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::"),
        ("2001:DB8:0001:0003:0:0:0:1", "2001:db8:1:3::"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("fe80::1%eth0", "fe80::"),
        ("::1", "::"),
    ],
)
def test_an_ipv6_client_counts_as_its_64_and_a_mapped_ipv4_as_its_ipv4(peer, counted):
    """Every per-address limit reads addresses.py: a client holding a /64 is one address."""
    from django.test import RequestFactory

    from campaign.addresses import client_address, socket_address

    assert client_address(RequestFactory().get("/", REMOTE_ADDR=peer)) == counted
    assert socket_address({"client": (peer, 40000)}) == counted


def a_64() -> str:
    return f"2001:db8:{secrets.randbelow(0xFFFF):x}:{secrets.randbelow(0xFFFF):x}"


@pytest.mark.django_db(transaction=True)
def test_the_apis_address_limit_counts_an_ipv6_clients_64_as_one(world, settings):
    from django.test import Client

    settings.API_RATE_ADDRESS = "3/min"
    prefix = a_64()
    reads = [Client(REMOTE_ADDR=f"{prefix}::{n + 1:x}").get("/api/v1/campaigns").status_code for n in range(4)]
    assert reads == [200, 200, 200, 429]
    assert Client(REMOTE_ADDR=f"{a_64()}::1").get("/api/v1/campaigns").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_log_in_paused_from_one_ipv6_address_is_paused_from_its_whole_64(world):
    from django.test import Client

    prefix = a_64()
    login = reverse("login")
    for n in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR=f"{prefix}::{n + 1:x}").post(login, {"username": "guojia", "password": "wrong-password"})
    same = Client(REMOTE_ADDR=f"{prefix}:ffff:ffff:ffff:ffff")
    assert same.post(login, {"username": "guojia", "password": DEMO_PASSWORD}).status_code == 429
    other = Client(REMOTE_ADDR=f"{a_64()}::1")
    assert other.post(login, {"username": "guojia", "password": DEMO_PASSWORD}).status_code == 302
