"""Benchmark of live games: many games at once on this machine, each with both
players and a spectator connected, the players moving every second; the delay from a move sent
to the opponent's screen receiving the new position (p50 / p99), against a bare Channels relay
(the same fan-out through Redis, no database, judge or rendering) measured in the same run.

    .venv/bin/python bench/live.py [--games 50] [--plies 200] [--port 8797] [--redis-port 6395]

The site is served as `make run` serves it: uvicorn with two workers on the site's ASGI
application (plus the relay's route, bench/live_asgi.py), production settings (DEBUG off),
SQLite in var/, its own redis-server. The games are set up with bulk inserts (set-up, not
play), ready and with clocks running; every move then goes through the site's websocket.
Every socket is opened first; then the relay and the live games take turns (one a ply band
each, each playing the next plies of every game), so that a slow spell of this shared machine falls
on the baseline and the measured alike rather than on whichever ran second.
Target: the live game's p99 within 3× the relay's.

The turns follow the ply bands (0–39, 40–79, 80–119, 120–159, 160 and on): for each band the
server's CPU per move (the web server's processes, the whole move: socket, judge, database,
fan-out) and the delay's p50 / p99. Target: a move past ply 160 costs the server within 1.2× of
one of plies 0–39 (the judge works from the position after the stored moves, not a replay).
The games are long random legal games (no game the board ends before its last ply).
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
DB = VAR / "bench-live.sqlite3"
PORT = 8797
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DATABASE_URL": f"sqlite:///{DB}",
    "REDIS_URL": "redis://127.0.0.1:6395/0",
    "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-secret-key-0123456789-not-for-deployment"),
    "DEBUG": "",
    # Every socket comes from this machine's one address (three a game, and the relay's):
    # counted as the site counts them, under a cap and a handshake rate that the bench's own load
    # does not reach.
    "SOCKETS_PER_ADDRESS": "100000",
    "SOCKET_OPENS_PER_ADDRESS": "100000/min",
}
os.environ.update(ENV)
TARGET = 3.0
BANDS = (0, 40, 80, 120, 160)  # the first ply of each band; the last band runs to the end
FLAT = 1.2  # the last band's server CPU per move within this of the first's


def setup(games: int, plies: int) -> tuple[str, list[dict]]:
    """A fresh database with `games` siege games played live, ready, clocks running; a session
    for each player; the moves each game will play (every game its own: no game's position or
    notation is worked out once for all)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    from bench.worlds import live_world
    from ops.demo import demo_spec
    from seasons.world.creation import world_create

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # as `make run` does
    campaign = world_create(spec={**demo_spec(), "war_start_minute": 0, "slug": "bench-live"})
    users, rows = live_world(campaign, games)
    sessions = logged_in(users)
    pairs = [
        {
            "game": game.pk,
            "red": sessions[users[i].pk],
            "black": sessions[users[games + i].pk],
            "moves": a_game(plies, seed=1000 + i),
        }
        for i, game in enumerate(rows)
    ]
    return campaign.slug, pairs


def logged_in(users: list) -> dict:
    """A session for each user, as login() would make it: its key by the user's pk."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    backend = settings.AUTHENTICATION_BACKENDS[-1]
    sessions = {}
    for user in users:
        store = SessionStore()
        store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), backend
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions[user.pk] = store.session_key
    return sessions


def a_game(plies: int = 60, seed: int = 7) -> list[str]:
    """A random legal xiangqi game the board does not end at any of its `plies` moves (each move
    judged as the site judges it, which also gives the next position's legal moves)."""
    from games.live import legal_moves, play

    rng = random.Random(seed)
    while True:
        moves: list[str] = []
        choices = legal_moves("xiangqi", [])
        for _ply in range(plies):
            judged = play("xiangqi", moves, rng.choice(choices))
            if judged.result is not None:
                break
            moves, choices = judged.moves, judged.legal or []
        if len(moves) == plies:
            return moves


def serve() -> subprocess.Popen:
    web = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "uvicorn"),
            "bench.live_asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(PORT),
            "--workers",
            os.environ.get("WEB_WORKERS", "2"),  # as many as `make run` starts
            "--ws",
            "websockets-sansio",  # as `make run` serves them
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, **ENV},
    )
    import socket

    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.2)
    return web


async def connect(url: str, session: str | None = None):
    import websockets

    headers = {"Cookie": f"sessionid={session}"} if session else {}
    return await websockets.connect(
        url, origin=f"http://127.0.0.1:{PORT}", additional_headers=headers, max_size=2**22, open_timeout=60
    )


async def open_live(slug: str, pairs: list[dict]) -> list[dict]:
    """Every live game's three sockets (red, black, a spectator), each given the state on
    connecting; the spectator's socket is drained for the whole run."""

    async def one(pair: dict) -> dict:
        url = f"ws://127.0.0.1:{PORT}/ws/c/{slug}/games/{pair['game']}/"
        red, black, watcher = await asyncio.gather(connect(url, pair["red"]), connect(url, pair["black"]), connect(url))
        for s in (red, black, watcher):
            json.loads(await asyncio.wait_for(s.recv(), 60))  # the state on connecting
        return {**pair, "sockets": [red, black], "watcher": watcher, "drain": asyncio.create_task(drain(watcher))}

    return list(await asyncio.gather(*(one(pair) for pair in pairs)))


async def open_relay(games: int) -> list[dict]:
    async def one(n: int) -> dict:
        url = f"ws://127.0.0.1:{PORT}/ws/echo/{n}/"
        a, b, watcher = await asyncio.gather(connect(url), connect(url), connect(url))
        return {"sockets": [a, b], "watcher": watcher, "drain": asyncio.create_task(drain(watcher))}

    return list(await asyncio.gather(*(one(n) for n in range(games))))


async def live_round(tables: list[dict], plies: range) -> list[float]:
    """Each game plays `plies` (a move a second, the games out of step): the delay from a move
    sent to the opponent receiving the state with it."""
    delays: list[float] = []

    async def one(table: dict) -> None:
        await asyncio.sleep(random.random())  # the games do not all move in the same instant
        for ply in plies:
            mover, opponent = table["sockets"][ply % 2], table["sockets"][(ply + 1) % 2]
            sent = time.perf_counter()
            await mover.send(json.dumps({"action": "move", "move": table["moves"][ply], "ply": ply}))
            while True:  # the opponent's screen: the state with this move
                state = json.loads(await asyncio.wait_for(opponent.recv(), 60))
                if state.get("type") == "refused":
                    raise RuntimeError(f"game {table['game']} ply {ply}: {state['message']}")
                if state.get("type") == "state" and state["ply"] == ply + 1:
                    delays.append(time.perf_counter() - sent)
                    break
            while True:  # the mover's own copy of it (two tabs stay in step)
                state = json.loads(await asyncio.wait_for(mover.recv(), 60))
                if state.get("type") != "state" or state["ply"] == ply + 1:
                    break
            await asyncio.sleep(1.0)

    await asyncio.gather(*(one(table) for table in tables))
    return delays


async def relay_round(tables: list[dict], plies: range) -> list[float]:
    delays: list[float] = []

    async def one(table: dict) -> None:
        await asyncio.sleep(random.random())
        for ply in plies:
            mover, opponent = table["sockets"][ply % 2], table["sockets"][(ply + 1) % 2]
            sent = time.perf_counter()
            await mover.send(json.dumps({"ply": ply}))
            while json.loads(await asyncio.wait_for(opponent.recv(), 60))["ply"] != ply:
                pass
            delays.append(time.perf_counter() - sent)
            while json.loads(await asyncio.wait_for(mover.recv(), 60))["ply"] != ply:
                pass
            await asyncio.sleep(1.0)

    await asyncio.gather(*(one(table) for table in tables))
    return delays


async def close(tables: list[dict]) -> None:
    for table in tables:
        table["drain"].cancel()
        for s in (*table["sockets"], table["watcher"]):
            await s.close()


async def drain(socket) -> None:
    while True:
        await socket.recv()


def turns(plies: int) -> list[range]:
    """The plies each turn plays: one turn a ply band (the last band to the game's end)."""
    starts = [first for first in BANDS if first < plies]
    return [range(first, end) for first, end in zip(starts, [*starts[1:], plies], strict=True)]


async def run(slug: str, pairs: list[dict], plies: int, web: subprocess.Popen) -> dict:
    """The relay and the live games take turns, one a ply band each (the relay first in one
    turn, the live games in the next): a slow spell of this shared machine falls on both alike.
    Every socket stays open throughout; each turn plays the next plies of every game."""
    live_tables = await open_live(slug, pairs)
    relay_tables = await open_relay(len(pairs))
    found: dict = {"relay": [], "live": [], "relay_cpu": 0.0, "live_cpu": 0.0, "rounds": [], "bands": []}
    for number, plies_now in enumerate(turns(plies)):
        order = ("relay", "live") if number % 2 == 0 else ("live", "relay")
        for kind in order:
            cpu = server_cpu(web)
            if kind == "relay":
                delays = await relay_round(relay_tables, plies_now)
            else:
                delays = await live_round(live_tables, plies_now)
            used = server_cpu(web) - cpu
            found[kind] += delays
            found[f"{kind}_cpu"] += used
            found["rounds"].append((kind, *percentiles(delays)))
            if kind == "live":
                found["bands"].append((plies_now, 1000 * used / len(delays), *percentiles(delays)))
    await close(live_tables + relay_tables)
    return found


def server_cpu(web: subprocess.Popen) -> float:
    """CPU seconds used so far by the web server's processes (the parent and its workers)."""
    pids = [web.pid] + [int(p) for p in Path(f"/proc/{web.pid}/task/{web.pid}/children").read_text().split()]
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentiles(delays: list[float]) -> tuple[float, float]:
    ordered = sorted(delays)
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000


def main() -> int:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--port", type=int, default=PORT, help="the web server's port (127.0.0.1)")
    parser.add_argument("--redis-port", type=int, default=6395, help="the bench's own redis-server")
    args = parser.parse_args()
    listen_on(args.port, args.redis_port)
    from ops.devservices import start_redis

    # Redis first: the set-up's writes stamp a world version there (campaign/freshness.py).
    processes = [p for p in (start_redis(ENV["REDIS_URL"], VAR),) if p is not None]
    try:
        slug, pairs = setup(args.games, args.plies)
        web = serve()
        processes.append(web)
        found = asyncio.run(run(slug, pairs, args.plies, web))
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=20)
    from play.models import Game

    played = sum(len(g.moves) for g in Game.objects.filter(campaign__slug=slug))
    print(f"{args.games} games, 3 connections each, a move every second, {args.plies} plies a game")
    ratio = report_latency(found)
    flat = report_bands(found["bands"])
    return 0 if ratio <= TARGET and flat <= FLAT and played == len(found["live"]) else 1


def listen_on(port: int, redis_port: int) -> None:
    """The bench's ports (another bench, or another checkout's, may hold the defaults)."""
    global PORT
    PORT = port
    ENV["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    os.environ.update(ENV)


def report_latency(found: dict) -> float:
    echo, live = found["relay"], found["live"]
    e50, e99 = percentiles(echo)
    l50, l99 = percentiles(live)
    print(f"relay (bare Channels): p50 {e50:7.1f} ms  p99 {e99:7.1f} ms  ({len(echo)} moves)")
    print(f"live game:             p50 {l50:7.1f} ms  p99 {l99:7.1f} ms  ({len(live)} moves)")
    print(
        f"server CPU per move: relay {1000 * found['relay_cpu'] / len(echo):.2f} ms,"
        f" live game {1000 * found['live_cpu'] / len(live):.2f} ms"
    )
    print("each turn's p99: " + ", ".join(f"{kind} {p99:.1f}" for kind, _p50, p99 in found["rounds"]) + " ms")
    ratio = l99 / e99
    print(f"p99 ratio {ratio:.2f}× (target ≤ {TARGET}×)")
    return ratio


def report_bands(bands: list) -> float:
    """Per ply band: the server's CPU per move and the delay; the last band's CPU against the
    first's."""
    for plies, cpu, p50, p99 in bands:
        print(
            f"plies {plies.start:3d}–{plies.stop - 1:3d}: server CPU per move {cpu:5.2f} ms,"
            f" p50 {p50:5.1f} ms, p99 {p99:5.1f} ms"
        )
    growth = bands[-1][1] / bands[0][1]
    print(f"last band / first band, server CPU per move: {growth:.2f}× (target ≤ {FLAT}×)")
    return growth


if __name__ == "__main__":
    sys.exit(main())
