"""Benchmark of user text handled in linear time (issue: results no one can forge, a site no one
can stall). For each pathological input class, the time to render a board post (markdown-it-py
+ nh3, at the post cap of 20,000 characters) and to judge a record (at the record cap of
200,000 characters) against an ordinary text of the same length, in the same run:

    .venv/bin/python bench/inputs.py      # or: make bench

Every ratio must be ≤ 3 (python-markdown took 40–80 s on 20,000 brackets; the old record
reader 52 s on 400 kB of "("). Each figure is the best of 5 runs. The ordinary post is a
battle report with emphasis, a list and a link; the ordinary record an analysed game, each
move with a comment and a variation. A record with more than 10,000 comment and variation
marks is refused at once (a count, not a read): those classes show that refusal's cost.
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from battles.games import RecordError, judge  # noqa: E402
from campaign.markup import render_markdown  # noqa: E402

POST_CHARS = 20_000
RECORD_CHARS = 200_000
TARGET = 3.0

ORDINARY_POST = (
    "**曹仁**出城迎擊，*徐晃*領兵五千。城防值 480，士氣 92。\n"
    "- 第一局：炮二平五 馬８進７\n- 第二局：[棋譜](https://example.org/g/1)\n\n"
)
MOVES = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ "
# An ordinary long record: an analysed game, each move with a comment and a variation.
ANNOTATED = (
    "{紅方中炮開局，黑方屏風馬應對，雙方互有攻守，此著為當時流行的下法。紅方若改走馬八進七，"
    "黑方可以卒７進１應之，形勢大致均衡；黑方若急於反擊，紅方車一平二後出車，先手仍在紅方。"
    "此局後來演變為五七炮對屏風馬的常見局面，雙方各有千秋，值得細細體會。} "
    "(2. 馬八進七 卒７進１ {另一路變化，黑方先挺卒活馬，紅方再出橫車，局面較為平穩。}) "
)

CLASSES = {
    "nested brackets": "[" * 10 + "]" * 10,
    "unclosed brackets": "[",
    "escaped brackets": "[\\]",
    "emphasis runs": "*a_",
    "strong runs": "**_a",
    "link runs": "[a](b)",
    "unclosed links": "[a](",
    "parentheses": "(",
    "braces": "{",
    "semicolons": ";",
    "backticks": "`a``",
    "long line": "炮二平五馬８進７",
}


def fill(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


def best(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def judged(text: str) -> None:
    try:
        judge("xiangqi", text)
    except RecordError:
        pass


def main() -> int:
    worst = 0.0
    post_base = best(lambda: render_markdown(fill(ORDINARY_POST, POST_CHARS)))
    record_base = best(lambda: judged(MOVES + fill(ANNOTATED, RECORD_CHARS - len(MOVES))))
    print(
        f"ordinary text: board post {POST_CHARS} chars {post_base * 1000:.1f} ms; "
        f"record {RECORD_CHARS} chars {record_base * 1000:.1f} ms"
    )
    for name, unit in CLASSES.items():
        post = fill(unit, POST_CHARS)
        record = MOVES + fill(unit, RECORD_CHARS - len(MOVES))
        post_time = best(lambda: render_markdown(post))  # noqa: B023 - called at once
        record_time = best(lambda: judged(record))  # noqa: B023 - called at once
        ratios = post_time / post_base, record_time / record_base
        worst = max(worst, *ratios)
        print(
            f"{name:18} post {post_time * 1000:7.1f} ms ({ratios[0]:4.2f}x)   "
            f"record {record_time * 1000:7.1f} ms ({ratios[1]:4.2f}x)"
        )
    # Just under the cap: every comment and variation mark allowed, then ordinary text.
    at_cap = MOVES + "()" * 4_950 + fill("紅方中炮開局，黑方屏風馬應對。", RECORD_CHARS - len(MOVES) - 9_900)
    at_cap_time = best(lambda: judged(at_cap))
    worst = max(worst, at_cap_time / record_base)
    print(f"{'marks at the cap':18} {'':20}   record {at_cap_time * 1000:7.1f} ms ({at_cap_time / record_base:4.2f}x)")
    verdict = "ok" if worst <= TARGET else "TOO SLOW"
    print(f"worst ratio {worst:.2f}x (target <= {TARGET:.0f}x): {verdict}")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
