"""Benchmark of a live hero tactics action on the site against a live xiangqi move, in the same
run (docs/tactics.md, "On the site"):

    .venv/bin/python bench/tactics_live.py [--games 50] [--actions 20] [--runs 3] [--redis-port 6399]

In one process with the site's production settings (DEBUG off), SQLite in var/ and its own
redis-server (the channel layer and the broker on it), `--games` hero tactics games (3-v-3,
classic-9, random heroes) are set up through the services (challenge, acceptance, secret picks,
deployment) and as many live xiangqi games of a siege are set up in bulk, ready, clocks running
(as bench/live.py). Each game's group on the channel layer is followed by two channels, drained
for the whole run, as the players' pages follow it.

Then the two kinds take turns (one, then the other, then the first again: a slow spell of this
shared machine falls on both), each turn every game of that kind playing `--actions` actions at
once: a thread a game, an action a second (`--interval`), the games out of step.
- Hero tactics: `tactics/services/play.tactics_act` with the version the player saw: a random
  legal action of the side to act, chosen by the bench from its own copy of the engine (not
  timed; `no-cover` or 援護 when an attack waits for it).
- Xiangqi: `play/services/live.live_move`: the next move of a random legal game (not timed).
For each action, the CPU time of the thread that ran it (the whole service: the judge, the
database, the fan-out on Redis) and its wall time from the call to its return. Printed per run and
as min / median of the runs: the CPU a action and the p99 of the wall times of each kind, and the
ratio tactics / xiangqi of each (target ≤ 1.5 each). Exits 1 when a median ratio misses it.
"""

import argparse
import asyncio
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-secret-key-0123456789-not-for-deployment"),
    "DEBUG": "",
}
os.environ.update(ENV)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-tactics-live.sqlite3'}")
TARGET = 1.5
FOLLOWERS = 2  # channels following each game's group


def setup_django(redis_port: int) -> None:
    os.environ["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    path = os.environ["DATABASE_URL"]
    if path.startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(path[len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()  # a DATABASE_URL that does not answer is named, not a traceback
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def random_picks(rng: random.Random) -> dict:
    """Three different heroes, two skills each, none that needs a designation (激勵, 慧眼)."""
    from games.tactics.heroes import HEROES

    while True:
        names = rng.sample(sorted(HEROES), 3)
        heroes = [{"hero": name, "skills": sorted(rng.sample([1, 2, 3], 2))} for name in names]
        chosen = {HEROES[h["hero"]].skill(n).name for h in heroes for n in h["skills"]}
        if not chosen & {"激勵", "慧眼"}:
            return {"heroes": heroes}


def tactics_games(games: int, rng: random.Random) -> list[dict]:
    """`games` hero tactics games in play, each set up through the services as its players would."""
    from django.contrib.auth import get_user_model

    from tactics.services.challenges import tactics_accept, tactics_challenge
    from tactics.services.setup import tactics_deploy, tactics_pick

    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"t{i}") for i in range(2 * games)])
    tables = []
    for i in range(games):
        first, second = users[i], users[games + i]
        game = tactics_challenge(user=first, opponent_name=second.username, settings={})
        tactics_accept(user=second, game_id=game.pk)
        picks = {"first": random_picks(rng), "second": random_picks(rng)}
        for side, user in (("first", first), ("second", second)):
            tactics_pick(user=user, game_id=game.pk, picks=picks[side])
        for side, user in (("first", first), ("second", second)):
            row = "1" if side == "first" else "9"
            cells = rng.sample([f"{file}{row}" for file in "abcdfghi"], 3)
            heroes = [h["hero"] for h in picks[side]["heroes"]]
            game = tactics_deploy(user=user, game_id=game.pk, cells=dict(zip(heroes, cells, strict=True)))
        tables.append({"id": game.pk, "players": {"first": first, "second": second}, "rng": random.Random(i)})
    return tables


def xiangqi_games(games: int, plies: int) -> list[dict]:
    """`games` live siege games of xiangqi, ready, clocks running, each with its random moves."""
    from bench.worlds import live_world
    from campaign.models import Officer
    from ops.demo import demo_spec
    from seasons.world.creation import world_create

    campaign = world_create(spec={**demo_spec(), "war_start_minute": 0, "slug": "bench-tactics-live"})
    _users, rows = live_world(campaign, games)
    officers = {o.pk: o for o in Officer.objects.filter(campaign=campaign)}
    return [
        {"game": row, "players": {"attacker": officers[row.attacker_id], "defender": officers[row.defender_id]}}
        | {"moves": a_game(plies, seed=1000 + i)}
        for i, row in enumerate(rows)
    ]


def a_game(plies: int, seed: int) -> list[str]:
    """A random legal xiangqi game that the board does not end within `plies` moves."""
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


def tactics_action(table: dict) -> tuple:
    """The next act of a tactics game (chosen from the bench's own engine, outside the timing):
    the player, the action and the version they saw; None once the game is decided."""
    from games.tactics.legal import legal_actions
    from games.tactics.replay import replay_on
    from games.tactics.setup import start
    from tactics.models import TacticsGame
    from tactics.services.play import NO_COVER

    game = TacticsGame.objects.get(pk=table["id"])
    if game.status != TacticsGame.Status.PLAYING:
        return None
    assert game.record is not None
    if "engine" not in table:
        table["engine"], table["index"] = start(game.record, game.seed), 0
    table["engine"], fault = replay_on(table["engine"], game.record["actions"], table["index"])
    assert fault is None, fault
    table["index"] = len(game.record["actions"])
    if game.pending is not None:
        action = table["rng"].choice([NO_COVER, *game.pending["covers"]])
    else:
        action = table["rng"].choice(legal_actions(table["engine"]))
    return table["players"][game.to_act], action, game.version


def play_tactics(table: dict, actions: int, interval: float, found: dict) -> None:
    from django.db import connection

    from tactics.services.play import tactics_act

    try:
        time.sleep(random.random() * interval)
        for _ in range(actions):
            choosing = time.thread_time()
            chosen = tactics_action(table)
            found["client"].append(time.thread_time() - choosing)
            if chosen is None:
                return
            user, action, version = chosen
            started = time.perf_counter()
            tactics_act(user=user, game_id=table["id"], action=action, expected_version=version)
            found["wall"].append(time.perf_counter() - started)
            time.sleep(interval)
    finally:
        connection.close()


def play_xiangqi(table: dict, actions: int, interval: float, found: dict) -> None:
    from django.db import connection

    from play.services.live import live_move, side_to_move

    try:
        time.sleep(random.random() * interval)
        game = table["game"]
        for _ in range(actions):
            ply = len(game.moves)
            actor = table["players"][side_to_move(game)]
            started = time.perf_counter()
            game = live_move(actor=actor, game=game, move=table["moves"][ply], ply=ply)
            found["wall"].append(time.perf_counter() - started)
            time.sleep(interval)
        table["game"] = game
    finally:
        connection.close()


def a_turn(kind: str, tables: list[dict], actions: int, interval: float) -> dict:
    """Every game of one kind plays `actions` actions, all the games at once: the wall time of
    each, and the process's CPU an action (the bench's own choosing, timed apart, taken out)."""
    found: dict = {"wall": [], "client": []}
    target = play_tactics if kind == "tactics" else play_xiangqi
    threads = [threading.Thread(target=target, args=(t, actions, interval, found)) for t in tables]
    cpu = time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    used = time.process_time() - cpu - sum(found["client"])
    return {"cpu": used / len(found["wall"]), "p99": p99(found["wall"]), "count": len(found["wall"])}


class Followers:
    """Two channels following each game's group on the channel layer, drained by a process of
    their own (a forked child: its CPU is not the server's)."""

    def __init__(self, groups: list[str]):
        import multiprocessing

        from django.db import connections

        connections.close_all()  # the child opens none; the parent's threads open their own
        context = multiprocessing.get_context("fork")
        self.received, self.stopping, self.ready = context.Value("i", 0), context.Event(), context.Event()
        self.process = context.Process(target=self._run, args=(groups,), daemon=True)
        self.process.start()
        if not self.ready.wait(120):
            raise RuntimeError("the followers did not join their groups")

    def _run(self, groups: list[str]) -> None:
        asyncio.run(self._follow(groups))

    async def _follow(self, groups: list[str]) -> None:
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        channels = []
        for group in groups:
            for _ in range(FOLLOWERS):
                channel = await layer.new_channel()
                await layer.group_add(group, channel)
                channels.append(channel)
        self.ready.set()

        async def drain(channel: str) -> None:
            while True:
                await layer.receive(channel)
                with self.received.get_lock():
                    self.received.value += 1

        tasks = [asyncio.create_task(drain(c)) for c in channels]
        while not self.stopping.is_set():
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> int:
        """The count of messages received, once none has come for half a second (or after 10 s)."""
        seen, deadline = -1, time.monotonic() + 10
        while seen != self.received.value and time.monotonic() < deadline:
            seen = self.received.value
            time.sleep(0.5)
        self.stopping.set()
        self.process.join(30)
        return int(self.received.value)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def spread(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{min(values) * scale:.{digits}f} / {statistics.median(values) * scale:.{digits}f}"


def main() -> int:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games of each kind at once (50)")
    parser.add_argument("--actions", type=int, default=20, help="actions a game a turn (20)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a game's actions (1)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--redis-port", type=int, default=6399, help="the bench's own redis-server")
    args = parser.parse_args()
    from ops.devservices import start_redis

    redis = start_redis(f"redis://127.0.0.1:{args.redis_port}/0", VAR)
    try:
        setup_django(args.redis_port)
        tactics = tactics_games(args.games, random.Random(1))
        xiangqi = xiangqi_games(args.games, args.runs * args.actions)
        followers = Followers([f"tactics.{t['id']}" for t in tactics] + [f"game.{x['game'].pk}" for x in xiangqi])
        runs = []
        for run in range(args.runs):
            order = ("tactics", "xiangqi") if run % 2 == 0 else ("xiangqi", "tactics")
            tables = {"tactics": tactics, "xiangqi": xiangqi}
            figures = {kind: a_turn(kind, tables[kind], args.actions, args.interval) for kind in order}
            runs.append(figures)
            t, x = figures["tactics"], figures["xiangqi"]
            print(
                f"run {run + 1}: tactics {t['count']} actions, CPU {t['cpu'] * 1e3:.2f} ms an action, p99 "
                f"{t['p99'] * 1e3:.1f} ms; xiangqi {x['count']} moves, CPU {x['cpu'] * 1e3:.2f} ms a move, p99 "
                f"{x['p99'] * 1e3:.1f} ms; ratios CPU {t['cpu'] / x['cpu']:.2f}x, p99 {t['p99'] / x['p99']:.2f}x",
                flush=True,
            )
        received = followers.stop()
    finally:
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=20)
    cpu = [r["tactics"]["cpu"] / r["xiangqi"]["cpu"] for r in runs]
    late = [r["tactics"]["p99"] / r["xiangqi"]["p99"] for r in runs]
    print(
        f"{args.games} hero tactics games and {args.games} live xiangqi games at once, {args.actions} actions a game "
        f"a turn, {len(runs)} runs, {received} messages to the followers: "
        f"server CPU an action: tactics {spread([r['tactics']['cpu'] for r in runs], 1e3)} ms, xiangqi "
        f"{spread([r['xiangqi']['cpu'] for r in runs], 1e3)} ms (min / median), ratio {spread(cpu)}x; "
        f"p99: tactics {spread([r['tactics']['p99'] for r in runs], 1e3, 1)} ms, xiangqi "
        f"{spread([r['xiangqi']['p99'] for r in runs], 1e3, 1)} ms, ratio {spread(late)}x (target ≤ {TARGET}x each)"
    )
    return 0 if statistics.median(cpu) <= TARGET and statistics.median(late) <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
