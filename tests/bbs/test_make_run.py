"""`make run` starts the BBS beside the web server: once the site is up, a demo officer logs in
over SSH with the demo's password and sees the main menu; Ctrl-C stops it with the rest."""

import asyncio
import os
import signal
import subprocess
import time

import asyncssh
import pytest

from ops.demo import DEMO_PASSWORD
from tests.test_make_run import ROOT, free_port, make_run_commands


async def _menu_over_ssh(port: int) -> str:
    async with asyncssh.connect(
        "127.0.0.1", port, username="caocao", password=DEMO_PASSWORD, known_hosts=None, client_keys=None
    ) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding="utf-8")
        seen = ""
        deadline = time.monotonic() + 20
        while "UTF-8/Big5" not in seen and time.monotonic() < deadline:  # the menu's encoding line
            try:
                seen += await asyncio.wait_for(process.stdout.read(4096), 2)
            except TimeoutError:
                pass
        process.close()
        return seen


def _wait_for_port(port: int, site: subprocess.Popen, seconds: float) -> None:
    import socket

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and site.poll() is None:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    raise AssertionError(f"nothing listens on {port}")


@pytest.mark.alone  # a whole site: web, workers, beat, the BBS
@pytest.mark.integration
def test_make_run_serves_the_bbs_beside_the_site(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG", "MAKEFLAGS"}}
    bbs_port = free_port()
    environment.update(
        VAR_DIR=str(tmp_path),
        DATABASE_URL=f"sqlite:///{tmp_path / 'campaign.sqlite3'}",
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
        BIND=f"127.0.0.1:{free_port()}",
        BBS_BIND=f"127.0.0.1:{bbs_port}",
        SECRET_KEY="test-only-" + "s" * 50,
        WEB_WORKERS="1",
        CELERY_CONCURRENCY="1",
    )
    commands = make_run_commands(environment)
    for command in commands[:-1]:
        done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert "runall" in commands[-1]
    site = subprocess.Popen(
        commands[-1],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for_port(bbs_port, site, 120)
        screen = asyncio.run(_menu_over_ssh(bbs_port))
        assert "UTF-8/Big5" in screen and "曹操" in screen  # the main menu, the officer named
        assert (tmp_path / "bbs_host_key").exists()  # made once into var/
    finally:
        site.send_signal(signal.SIGINT)
        try:
            site.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)
            site.wait()
