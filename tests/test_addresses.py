"""Issue 24, addresses: uvicorn alone reads X-Forwarded-For, and only from the proxies
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

from campaign.demo import DEMO_PASSWORD
from campaign.management.commands.runall import site_commands

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


def test_issue24_runall_and_the_unit_tell_uvicorn_whose_forwarded_for_to_believe(settings):
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
def test_issue24_a_rotating_forwarded_for_is_one_address_when_no_proxy_is_trusted(low_rate, world, served):
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
def test_issue24_behind_a_trusted_proxy_the_forwarded_address_counts(low_rate, trusting, world, served):
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
