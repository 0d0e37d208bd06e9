"""What the site promises a deployment (README, Security): log-ins throttled by user and address,
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
from django.test import override_settings
from django.urls import reverse

from campaign.checks import demo_accounts_in_production
from campaign.demo import DEMO_PASSWORD
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


@pytest.mark.parametrize("password", ["12345678", "password123", "1234567890", "qwertyuiop"])
def test_weak_passwords_are_refused(password):
    with pytest.raises(ValidationError):
        validate_password(password)


def test_pages_carry_a_content_security_policy(world, client):
    response = client.get(reverse("dashboard", args=[world.campaign.slug]))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "object-src 'none'" in policy and "'unsafe-eval'" not in policy
    assert "<script>" not in response.content.decode() and "onchange=" not in response.content.decode()


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
    sources = [p for p in Path(ROOT, "campaign").rglob("*.py") if "DEMO_PASSWORD" in p.read_text()]
    assert sorted(p.name for p in sources) == ["checks.py", "demo.py", "seed_demo.py"]
    assert sys.executable
