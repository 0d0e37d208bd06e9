"""The site served for a bench as `make run` serves it (`manage.py runall` on 127.0.0.1): one
way to start it and wait until it answers, for bench/pages.py and bench/flood.py. (Not named
site.py: bench/ is on the clock bench's workers' PYTHONPATH, where it would shadow Python's
own `site` module.)"""

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def answer(port: int, path: str) -> int:
    """The status the site answers for `path` (asking for gzip, as the benches' readers do)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def start_site(port: int, ready: str, log: Path, wait: float) -> subprocess.Popen:
    """`manage.py runall` bound to 127.0.0.1:`port` in a session of its own (so that the bench
    stops it and everything it started with one `os.killpg`), its output in `log`; returned
    once `ready` answers 200, or the bench exits naming the log if the site stopped or has not
    answered within `wait` seconds."""
    out = open(log, "wb")
    site = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "runall", "--bind", f"127.0.0.1:{port}"],
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + wait
    while True:
        try:
            if answer(port, ready) == 200:
                return site
        except OSError:
            pass
        if site.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the site did not start (see {log})")
        time.sleep(0.5)
