"""What the site promises a deployment (docs/operating.md, Security): log-ins throttled by user and address,
no weak passwords, a Content-Security-Policy, private secret and database files, and a warning
from `check --deploy` when the demo's known-password accounts exist."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client, override_settings
from django.urls import reverse

from ops.checks import demo_accounts_in_production
from ops.demo import DEMO_PASSWORD
from tests.test_deploy import ROOT, run_manage


def test_log_ins_are_throttled_by_user_and_address(world, client):
    """After the failure limit, even the right password is refused for a while, with a message."""
    login = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post(login, {"username": "guojia", "password": "wrong-password"})
        assert response.status_code == 200  # the ordinary "wrong password" form
    assert client.post(login, {"username": "guojia", "password": "wrong-password"}).status_code == 429
    response = client.post(login, {"username": "guojia", "password": DEMO_PASSWORD})
    assert response.status_code == 429
    assert "登入失敗次數過多" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_right_password_within_the_limit_logs_in(world, client):
    login = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(login, {"username": "guojia", "password": "wrong-password"})
    response = client.post(login, {"username": "guojia", "password": DEMO_PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_one_users_wrong_passwords_do_not_lock_out_others_at_that_address(world, client):
    """Players behind one router: after one user's LOGIN_FAILURE_LIMIT wrong passwords only that
    user is paused there; another user's right password from the same address logs in."""
    login = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(login, {"username": "guojia", "password": "wrong-password"})
    assert client.post(login, {"username": "guojia", "password": DEMO_PASSWORD}).status_code == 429
    response = client.post(login, {"username": "caoren", "password": DEMO_PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_an_address_trying_many_names_is_paused_for_everyone(world, client, settings):
    """LOGIN_ADDRESS_FAILURE_LIMIT (far above a user's) wrong passwords for any users from one
    address pause that address for all, with a message saying why; logging in to one's own
    account meanwhile does not clear the others' count."""
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 6
    login = reverse("login")
    for name in ("guojia", "caoren", "xuhuang"):
        for _ in range(2):
            if name == "xuhuang":
                assert client.post(login, {"username": "caocao", "password": DEMO_PASSWORD}).status_code == 302
                client.logout()
            assert client.post(login, {"username": name, "password": "wrong-password"}).status_code in (200, 429)
    response = client.post(login, {"username": "zhangliao", "password": DEMO_PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    assert "已暫停從此位址登入" in response.content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.post(login, {"username": "zhangliao", "password": DEMO_PASSWORD})
    assert english.status_code == 429 and "wrong passwords for several accounts" in english.content.decode()
    elsewhere = Client(REMOTE_ADDR="10.9.8.7")
    assert elsewhere.post(login, {"username": "zhangliao", "password": DEMO_PASSWORD}).status_code == 302


@pytest.mark.parametrize("password", ["12345678", "password123", "1234567890", "qwertyuiop"])
def test_weak_passwords_are_refused(password):
    with pytest.raises(ValidationError):
        validate_password(password)


def test_pages_carry_a_content_security_policy(world, client):
    response = client.get(reverse("dashboard", args=[world.campaign.slug]))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "object-src 'none'" in policy and "'unsafe-eval'" not in policy
    assert "<script>" not in response.content.decode() and "onchange=" not in response.content.decode()


@pytest.mark.alone  # migrates a fresh database in a child process (~50 s of CPU) within a 120 s bound
def test_the_secret_and_the_database_are_private(tmp_path):
    """`make` writes var/secret_key 0600 in a folder 0700; `migrate` makes the SQLite file 0600."""
    environment = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "VAR_DIR", "MAKEFLAGS"}}
    subprocess.run(
        ["make", "-s", "-f", str(ROOT / "Makefile"), "-C", str(tmp_path), "clean"],
        check=True,
        env=environment,
        capture_output=True,
        timeout=60,
    )
    assert stat.S_IMODE((tmp_path / "var" / "secret_key").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "var").stat().st_mode) == 0o700
    var = tmp_path / "site-var"
    result = run_manage(
        "migrate",
        "--noinput",
        "-v",
        "0",
        DEBUG="1",
        VAR_DIR=str(var),
        DATABASE_URL=f"sqlite:///{var / 'campaign.sqlite3'}",
    )
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((var / "campaign.sqlite3").stat().st_mode) == 0o600
    assert stat.S_IMODE(var.stat().st_mode) == 0o700


def test_check_deploy_warns_when_the_demo_accounts_exist(world):
    with override_settings(DEBUG=False):
        warnings = demo_accounts_in_production()
    assert [w.id for w in warnings] == ["campaign.W001"]
    with override_settings(DEBUG=True):
        assert demo_accounts_in_production() == []


def test_check_deploy_is_quiet_once_the_demo_passwords_are_changed(world):
    for officer in world.campaign.officers.select_related("user"):
        officer.user.set_password("a-private-passphrase-42")
        officer.user.save(update_fields=["password"])
    with override_settings(DEBUG=False):
        assert demo_accounts_in_production() == []


def test_only_the_demo_command_creates_the_demo_accounts():
    """`migrate` (what a deploy runs) creates no user; `seed_demo` (make run) does."""
    apps = (
        "config",
        "ops",
        "campaign",
        "forum",
        "delivery",
        "seasons",
        "orders",
        "dashboard",
        "record",
        "analysis",
        "live",
        "accounts",
        "cities",
        "play",
        "battles",
        "games",
        "api",
        "bbs",
        "screens",
        "gamescreens",
        "handbook",
    )
    sources = [p for app in apps for p in Path(ROOT, app).rglob("*.py") if "DEMO_PASSWORD" in p.read_text()]
    assert sorted(p.name for p in sources) == ["checks.py", "demo.py", "seed_demo.py"]
    assert sys.executable
