"""Settings come from the environment; `check --deploy` is clean with production values."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_production_values(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DATABASE_URL=f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        SECRET_KEY="x7#kQ9!v2Lm@pR4$wZ8^tY6&nB3*hJ5(dF1)gS0-aE7+cU9=iO2_lK4~mN6",
        DEBUG="0",
        HTTPS="1",
        ALLOWED_HOSTS="siege.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_missing_secret_key_is_refused_when_not_debugging(tmp_path):
    result = run_manage("check", DEBUG="0", VAR_DIR=str(tmp_path))  # no key in the environment nor in var/
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
    assert "Traceback" not in result.stderr.splitlines()[-1]


@pytest.mark.alone  # migrates a fresh database in a child process (~50 s of CPU) within a 120 s bound
def test_every_manage_py_command_in_a_checkout_finds_var_secret_key(tmp_path):
    """`manage.py createsuperuser`, as the README says, in a checkout where `make` wrote
    var/secret_key (umask 077) and nothing sets SECRET_KEY: it finds the key; the environment's
    key (production) still comes first."""
    var = tmp_path / "var"
    var.mkdir(mode=0o700)
    (var / "secret_key").write_text("checkout-key-" + "k" * 50 + "\n")
    (var / "secret_key").chmod(0o600)
    checkout = {"VAR_DIR": str(var), "DATABASE_URL": f"sqlite:///{var / 'campaign.sqlite3'}"}
    migrated = run_manage("migrate", "--noinput", "-v", "0", **checkout)
    assert migrated.returncode == 0, migrated.stderr
    made = run_manage(
        "createsuperuser",
        "--noinput",
        "--username",
        "root",
        "--email",
        "root@example.org",
        DJANGO_SUPERUSER_PASSWORD="a-private-passphrase-42",
        **checkout,
    )
    assert made.returncode == 0, made.stderr
    assert "Superuser created" in made.stdout
    show = "from django.conf import settings; print(settings.SECRET_KEY)"
    assert run_manage("shell", "-v", "0", "-c", show, **checkout).stdout.strip() == "checkout-key-" + "k" * 50
    production = run_manage("shell", "-v", "0", "-c", show, SECRET_KEY="from-the-environment-" + "e" * 40, **checkout)
    assert production.stdout.strip() == "from-the-environment-" + "e" * 40


def test_the_systemd_units_run_what_make_run_runs_and_restart():
    """deploy/systemd: web, worker, the sweeper's worker (on its own queue) and beat
    restart when they exit; the worker runs without gossip and mingle as `make run` does
    (ops/management/commands/runall.py), and every unit reads the one environment file
    (secrets from the environment, never from the unit)."""
    import configparser

    units = ROOT / "deploy" / "systemd"
    runall = (ROOT / "ops" / "management" / "commands" / "runall.py").read_text()
    for name in ("web", "worker", "sweeper", "analysis", "beat"):
        unit = configparser.ConfigParser(interpolation=None, strict=False)
        unit.read(units / f"chess-siege-{name}.service")
        service = unit["Service"]
        assert service["Restart"] == "always" and service["EnvironmentFile"] == "/etc/chess-siege/env", name
        assert "SECRET" not in service["ExecStart"]
    worker = configparser.ConfigParser(interpolation=None, strict=False)
    worker.read(units / "chess-siege-worker.service")
    for flag in ("--without-gossip", "--without-mingle", "--queues=celery,sweeper"):
        assert flag in worker["Service"]["ExecStart"] and f'"{flag}"' in runall
    sweeper = configparser.ConfigParser(interpolation=None, strict=False)
    sweeper.read(units / "chess-siege-sweeper.service")
    assert "--queues=sweeper" in sweeper["Service"]["ExecStart"] and '"--queues=sweeper"' in runall
    health = (units / "chess-siege-health.service").read_text()
    assert "manage.py healthcheck" in health


def test_the_worker_uses_the_transport_that_outlives_a_redis_crash():
    from celery import current_app

    from config.broker import Transport

    with current_app.connection_for_write() as connection:
        assert isinstance(connection.transport, Transport)


def test_mailed_links_follow_the_address_make_run_serves(tmp_path):
    """`make run BIND=…` (`manage.py runall --bind`): the worker that mails links is started with
    the address served, and its settings point the links there unless SITE_URL says otherwise."""
    from ops.management.commands.runall import site_environment

    show = "from delivery.services.mail import _url; print(_url('/c/demo/'))"

    def link(environment: dict[str, str]) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "-v", "0", "-c", show],
            cwd=ROOT,
            env={**environment, "DEBUG": "1", "VAR_DIR": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def started_by_runall(bind: str) -> dict[str, str]:
        return {k: v for k, v in site_environment(bind).items() if k != "SITE_URL"}

    assert link(started_by_runall("127.0.0.1:8123")) == "http://127.0.0.1:8123/c/demo/"
    assert link(started_by_runall("0.0.0.0:9000")) == "http://127.0.0.1:9000/c/demo/"
    chosen = {**started_by_runall("127.0.0.1:8123"), "SITE_URL": "https://siege.example.org/"}
    assert link(chosen) == "https://siege.example.org/c/demo/"
    nothing_set = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "BIND"}}
    assert link(nothing_set) == "http://127.0.0.1:8000/c/demo/"
