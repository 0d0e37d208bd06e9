"""`make run` starts the BBS beside the web server: once the site is up, a demo officer logs in
over SSH with the demo's password and sees the main menu; with BBS_PROCESSES=2 two BBS processes
listen on the one port (SO_REUSEPORT, bbs/processes.py) and sessions opened together all work;
Ctrl-C stops it with the rest."""

import asyncio
import os
import signal
import subprocess
import time

import asyncssh
import psutil
import pytest

from ops.demo import DEMO_PASSWORD
from tests.test_make_run import ROOT, listening, site_environment, site_prepared


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


def _listeners(port: int) -> set[int]:
    """The processes listening on `port`."""
    return {
        c.pid
        for c in psutil.net_connections(kind="tcp")
        if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port and c.pid is not None
    }


def _listening_processes(port: int, count: int, seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while len(found := _listeners(port)) < count and time.monotonic() < deadline:
        time.sleep(0.5)
    return found


async def _menus_together(port: int, sessions: int) -> list[str]:
    return await asyncio.gather(*(_menu_over_ssh(port) for _ in range(sessions)))


@pytest.mark.alone  # a whole site: web, workers, beat, the BBS
@pytest.mark.integration
def test_make_run_serves_the_bbs_beside_the_site_in_bbs_processes_processes_on_one_port(tmp_path):
    environment = site_environment(tmp_path)
    environment["BBS_PROCESSES"] = "2"  # the web's workers are 1 here: the setting decides
    bbs_port = int(environment["BBS_BIND"].rsplit(":", 1)[1])
    runall = site_prepared(environment)
    site = subprocess.Popen(
        runall,
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        listening(environment["BBS_BIND"], site, 120)
        screen = asyncio.run(_menu_over_ssh(bbs_port))
        assert "UTF-8/Big5" in screen and "曹操" in screen  # the main menu, the officer named
        listeners = _listening_processes(bbs_port, 2, 60)
        assert len(listeners) == 2, listeners  # two processes on the one port (SO_REUSEPORT)
        assert all("bbs" in psutil.Process(pid).cmdline() for pid in listeners)
        screens = asyncio.run(_menus_together(bbs_port, 3))  # (the cap per user) the kernel spreads them
        assert all("UTF-8/Big5" in shown and "曹操" in shown for shown in screens)
        assert (tmp_path / "bbs_host_key").exists()  # made once into var/
    finally:
        site.send_signal(signal.SIGINT)
        try:
            site.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)
            site.wait()
