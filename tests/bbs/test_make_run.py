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


@pytest.mark.alone  # a whole site: web, workers, beat, the BBS
@pytest.mark.integration
def test_make_run_serves_the_bbs_beside_the_site(tmp_path):
    environment = site_environment(tmp_path)
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
        assert (tmp_path / "bbs_host_key").exists()  # made once into var/
    finally:
        site.send_signal(signal.SIGINT)
        try:
            site.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)
            site.wait()
