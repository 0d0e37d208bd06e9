"""`make fuzz [FUZZ_SECONDS=600]`: the judge's contract (tests/games/fuzzing.py), fuzzed for as long
as asked. Each input goes to a child process; if the child dies (a crash in pyffish or cchess),
hangs past FUZZ_TIMEOUT seconds, raises anything but RecordError, or takes over a second, the
input is written to var/fuzz/ and reported, and a fresh child goes on.

    python -m tests.games.fuzz --seconds 60 [--seed 7]
"""

import argparse
import multiprocessing as mp
import os
import pickle
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

LIMIT_SECONDS = 1.0


def child(connection) -> None:
    from tests.games.fuzzing import run

    while True:
        case = connection.recv()
        started = time.perf_counter()
        try:
            outcome = run(case)
            verdict = ("ok", type(outcome).__name__)
        except BaseException:  # noqa: BLE001 - every other exception breaks the contract
            verdict = ("raised", traceback.format_exc(limit=6))
        connection.send((verdict, time.perf_counter() - started))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("FUZZ_SECONDS", 60)))
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--timeout", type=float, default=float(os.environ.get("FUZZ_TIMEOUT", 10)))
    parser.add_argument("--out", type=Path, default=Path(os.environ.get("VAR_DIR", "var")) / "fuzz")
    return parser.parse_args()


def main() -> int:
    args = arguments()
    from tests.games.fuzzing import GENERATORS

    rng = random.Random(args.seed)
    names = sorted(GENERATORS)
    context = mp.get_context("spawn")
    counts, outcomes, problems = Counter(), Counter(), []
    slowest = 0.0
    process, parent = None, None
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        if process is None or not process.is_alive():
            parent, end = context.Pipe()
            process = context.Process(target=child, args=(end,), daemon=True)
            process.start()
        name = rng.choice(names)
        case = GENERATORS[name](rng)
        counts[name] += 1
        parent.send(case)
        problem = None
        if not parent.poll(args.timeout):
            problem = f"no answer within {args.timeout} s"
            process.kill()
        else:
            try:
                (verdict, detail), took = parent.recv()
            except EOFError:
                problem = f"the process died (exit code {process.exitcode})"
                process.join()
            else:
                slowest = max(slowest, took)
                outcomes[detail if verdict == "ok" else "raised"] += 1
                if verdict != "ok":
                    problem = detail
                elif took > LIMIT_SECONDS:
                    problem = f"took {took:.2f} s"
        if problem:
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / f"case-{args.seed}-{sum(counts.values())}.pickle"
            path.write_bytes(pickle.dumps(case))
            problems.append((path, problem))
            print(f"PROBLEM {name}: {problem.strip().splitlines()[-1]}  (input: {path})", flush=True)
    if process is not None:
        process.kill()
    report(args, counts, outcomes, slowest, problems)
    return 1 if problems else 0


def report(args: argparse.Namespace, counts: Counter, outcomes: Counter, slowest: float, problems: list) -> None:
    total = sum(counts.values())
    print(
        f"fuzzed {total} inputs in {args.seconds:.0f} s (seed {args.seed}): "
        + ", ".join(f"{n} {c}" for n, c in sorted(counts.items()))
    )
    print(
        "outcomes: "
        + ", ".join(f"{n} {c}" for n, c in sorted(outcomes.items()))
        + f"; slowest {slowest * 1000:.0f} ms; problems {len(problems)}"
    )


if __name__ == "__main__":
    sys.exit(main())
