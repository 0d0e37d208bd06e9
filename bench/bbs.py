"""Benchmark of the BBS: many SSH sessions at once, each typing; the delay from a key sent to the
screen's change arriving (p50 / p99), against a bare asyncssh echo server (a key sent back as
it came, no application) measured in the same run by the same client code, and the server's
memory per session.

    .venv/bin/python bench/bbs.py [--sessions 100] [--keys 20] [--clients 4] [--port 2297] [--redis-port 6397]
                                  [--processes 1]

The BBS is served as `make run` serves it (`manage.py bbs`, runall's bbs_command), production
settings (DEBUG off), SQLite in var/, its own redis-server; the echo server is a process of its
own (bench/bbs_clients.py). The sessions are driven by `--clients` typist processes, each with
its share of both servers' sessions, so that no one client process is the bottleneck (each
reports its CPU). Every session logs in first (a demo officer's password); then the echo and
the BBS take turns, a round each, twice, every session typing a key every `--interval` seconds
(↓ and ↑ on the main menu: the cursor moves, the frame redraws those lines). Target: the BBS's
p99 within 2× the echo server's at 100 sessions, 3× beyond (300). Memory: the BBS process's
RSS with every session open, less its RSS with one, divided by the sessions; CPU: each server's
CPU time over its rounds, per key.
With `--processes N` the BBS is N processes on its one port (`manage.py bbs --processes N`, the
kernel spreading the sessions among them); their memory and CPU are summed (the echo stays one
process). The BBS's log is kept in var/bench-bbs.log; the report counts its lines saying the
sessions' caps went uncounted (Redis away, bbs/caps.py)."""

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.bbs_clients import Found, Job, run_typist  # noqa: E402

VAR = ROOT / "var"
DB = VAR / "bench-bbs.sqlite3"
LOG = VAR / "bench-bbs.log"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DATABASE_URL": f"sqlite:///{DB}",
    "REDIS_URL": "redis://127.0.0.1:6397/0",
    "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-secret-key-0123456789-not-for-deployment"),
    "DEBUG": "",
    # Every session comes from this machine's one address, a few to each demo officer.
    "BBS_SESSIONS_PER_ADDRESS": "100000",
    "BBS_SESSIONS_PER_USER": "100000",
    "LOGIN_ADDRESS_FAILURE_LIMIT": "100000",
}


def target_ratio(sessions: int) -> float:
    """The p99 ratio aimed at: 2× the echo's at 100 sessions or fewer, 3× beyond."""
    return 2.0 if sessions <= 100 else 3.0


ROUNDS = 2  # rounds of each server, taking turns


def setup() -> list[str]:
    """A fresh database with the demo campaign; the usernames of its officers."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    from campaign.models import Officer
    from ops.demo import demo_spec
    from seasons.world.creation import world_create

    call_command("migrate", verbosity=0)
    campaign = world_create(spec={**demo_spec(), "slug": "bench-bbs"})
    return list(Officer.objects.filter(campaign=campaign).values_list("user__username", flat=True))


def serve(port: int, echo_port: int, processes: int = 1) -> list[subprocess.Popen]:
    from ops.management.commands.runall import bbs_command

    env = {**os.environ, **ENV, "BBS_BIND": f"127.0.0.1:{port}"}
    log = open(LOG, "wb")  # the BBS's own log (its stderr), read by `report`
    bbs = subprocess.Popen(bbs_command(processes), cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    echo = subprocess.Popen([sys.executable, str(ROOT / "bench" / "bbs_clients.py"), str(echo_port)], cwd=ROOT, env=env)
    for target in (port, echo_port):
        wait_for_port(target)
    for _ in range(300):  # every BBS process listening, before the first session connects
        if listeners(port) >= processes:
            break
        time.sleep(0.2)
    return [echo, bbs]


def listeners(port: int) -> int:
    """Sockets listening on 127.0.0.1:port (each BBS process has its own: SO_REUSEPORT)."""
    wanted = f"0100007F:{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for line in lines if line.split()[1] == wanted and line.split()[3] == "0A")


def server_pids(pid: int) -> list[int]:
    """The BBS's serving processes: the one started, or the processes it keeps (--processes N)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in children] or [pid]


def wait_for_port(port: int) -> None:
    import socket

    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {port}")


def rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def cpu_seconds(pids: list[int]) -> float:
    """The processes' user and system CPU time so far."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def jobs(args, usernames: list[str]) -> list[Job]:
    from ops.demo import DEMO_PASSWORD

    names = [usernames[n % len(usernames)] for n in range(args.sessions)]
    return [
        Job(
            bbs_port=args.port,
            echo_port=args.echo_port,
            password=DEMO_PASSWORD,
            usernames=names[index :: args.clients],
            echo_sessions=len(range(index, args.sessions, args.clients)),
            first=index == 0,
            keys=args.keys,
            interval=args.interval,
            rounds=ROUNDS,
        )
        for index in range(args.clients)
    ]


def run(args, usernames: list[str], echo_pid: int, bbs_pid: int) -> dict:
    """The typist processes started and met at each phase (bench/bbs_clients.py's order)."""
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(args.clients + 1)
    results = spawn.Queue()
    typists = [spawn.Process(target=run_typist, args=(job, barrier, results)) for job in jobs(args, usernames)]
    for typist in typists:
        typist.start()
    try:
        return measure(barrier, results, len(typists), {"echo": [echo_pid], "bbs": server_pids(bbs_pid)})
    finally:
        for typist in typists:
            typist.join(timeout=30)
            if typist.is_alive():
                typist.terminate()


def measure(barrier, results, count: int, pids: dict[str, list[int]]) -> dict:
    def meet() -> None:
        barrier.wait(timeout=600)

    meet()  # one BBS session open
    time.sleep(1)
    found: dict = {"rss_one": rss_kb(pids["bbs"]), "server_cpu": {"echo": 0.0, "bbs": 0.0}}
    meet()
    meet()  # every session open
    time.sleep(1)
    found["rss_all"] = rss_kb(pids["bbs"])
    found["bbs_idle"] = 0.0  # the BBS's CPU in the echo's rounds, its sessions open but idle
    for _round in range(ROUNDS):
        for kind in ("echo", "bbs"):
            before, idle = cpu_seconds(pids[kind]), cpu_seconds(pids["bbs"])
            meet()
            meet()
            found["server_cpu"][kind] += cpu_seconds(pids[kind]) - before
            if kind == "echo":
                found["bbs_idle"] += cpu_seconds(pids["bbs"]) - idle
    found["typists"] = [results.get(timeout=60) for _ in range(count)]
    return found


def percentiles(delays: list[float]) -> tuple[float, float]:
    ordered = sorted(delays)
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--keys", type=int, default=20, help="keys each session types in each round")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a session's keys")
    parser.add_argument("--clients", type=int, default=4, help="typist processes sharing the sessions")
    parser.add_argument("--port", type=int, default=2297, help="the BBS's port (127.0.0.1)")
    parser.add_argument("--echo-port", type=int, default=2298, help="the echo server's port")
    parser.add_argument("--redis-port", type=int, default=6397, help="the bench's own redis-server")
    parser.add_argument("--processes", type=int, default=1, help="the BBS's processes on its port")
    args = parser.parse_args()
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    ENV["REDIS_URL"] = f"redis://127.0.0.1:{args.redis_port}/0"
    os.environ.update(ENV)
    from ops.devservices import start_redis

    redis = start_redis(ENV["REDIS_URL"], VAR)  # before the set-up, whose writes stamp the world version
    usernames = setup()
    processes = ([redis] if redis is not None else []) + serve(args.port, args.echo_port, args.processes)
    try:
        found = run(args, usernames, processes[-2].pid, processes[-1].pid)
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=20)
    return report(args, found)


def report(args, found: dict) -> int:
    typists: list[Found] = found["typists"]
    delays = {kind: [d for t in typists for d in t.delays[kind]] for kind in ("echo", "bbs")}
    e50, e99 = percentiles(delays["echo"])
    b50, b99 = percentiles(delays["bbs"])
    per_session = (found["rss_all"] - found["rss_one"]) / max(args.sessions - 1, 1)
    print(
        f"{args.sessions} SSH sessions from {args.clients} client processes, a key every {args.interval} s each;"
        f" the BBS in {args.processes} process(es)"
    )
    for kind, label, p50, p99 in (("echo", "echo (bare asyncssh)", e50, e99), ("bbs", "BBS (menu redraw)", b50, b99)):
        keys = len(delays[kind])
        server = found["server_cpu"][kind] * 1000 / max(keys, 1)
        busiest = max(t.cpu[kind] / max(t.wall[kind], 1e-9) for t in typists) * 100
        print(
            f"{label:21} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  ({keys} keys; server CPU {server:.2f} ms a key;"
            f" busiest client {busiest:.0f} % of a core)"
        )
    idle = found["bbs_idle"] / max(sum(t.wall["echo"] for t in typists) / len(typists), 1e-9) * 100
    print(f"the BBS with its sessions idle (in the echo's rounds): {idle:.1f} % of a core")
    print(f"memory: {found['rss_one'] / 1024:.1f} MB with one session, {found['rss_all'] / 1024:.1f} MB with all")
    print(f"memory per session: {per_session:.0f} kB")
    away = sum(1 for line in LOG.read_text(errors="replace").splitlines() if "Redis away" in line)
    print(f"the BBS's log: {away} line(s) 'Redis away' (sessions let in with their caps uncounted; {LOG.name})")
    ratio = b99 / max(e99, 0.001)
    print(f"p50 ratio BBS/echo: {b50 / max(e50, 0.001):.2f}")
    print(f"p99 ratio BBS/echo: {ratio:.2f} (target <= {target_ratio(args.sessions)})")
    return 0 if ratio <= target_ratio(args.sessions) else 1


if __name__ == "__main__":
    sys.exit(main())
