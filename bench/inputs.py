"""Benchmark of user text handled in linear time (so that no one can stall the
site with a post or a record: the time per character does not grow with the length). For each
pathological input class, the time to render a board post (markdown-it-py + nh3) at 2,000, 6,000
and 20,000 characters (the cap), and to judge a record at 20,000, 60,000 and 200,000 (the cap),
against an ordinary text of the same length, in the same run:

    .venv/bin/python bench/inputs.py      # or: make bench

Two targets: at the cap every ratio to ordinary text ≤ 3 (python-markdown took 40–80 s on
20,000 brackets; the old record reader 52 s on 400 kB of "("), and for every class the time per
character at a longer length ≤ 1.5× that at a shorter one ("growth": 1.0 is linear; below 1 the
short texts carry the fixed cost of a call). Each figure is this thread's CPU time (so that other
processes on the machine do not count), the best of 5 runs. The ordinary post is a battle report
with emphasis, a list and a link; the ordinary record an analysed game, each move with a comment
and a variation. A record with more than 10,000 comment and variation marks is refused at once
(a count, not a read): those classes show that refusal's cost.
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from forum.markup import render_markdown  # noqa: E402
from games import RecordError, judge  # noqa: E402

POST_LENGTHS = (2_000, 6_000, 20_000)  # the last is the post cap
RECORD_LENGTHS = (20_000, 60_000, 200_000)  # the last is the record cap
TARGET = 3.0
GROWTH = 1.5

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
        started = time.thread_time()
        fn()
        times.append(time.thread_time() - started)
    return min(times)


def judged(text: str) -> None:
    try:
        judge("xiangqi", text)
    except RecordError:
        pass


def post_of(unit: str, length: int) -> str:
    return fill(unit, length)


def record_of(unit: str, length: int) -> str:
    return MOVES + fill(unit, length - len(MOVES))


def per_char(fn, make, unit: str, lengths: tuple[int, ...]) -> list[float]:
    """Seconds per character at each length."""
    texts = [make(unit, length) for length in lengths]
    return [best(lambda: fn(text)) / len(text) for text in texts]  # noqa: B023 - called at once


def growth(costs: list[float]) -> float:
    """How much more a character costs in a longer text than in a shorter one (the worst pair)."""
    return max(costs[j] / costs[i] for i in range(len(costs)) for j in range(i + 1, len(costs)))


def main() -> int:
    worst = worst_growth = 0.0
    post_base = per_char(render_markdown, post_of, ORDINARY_POST, POST_LENGTHS)
    record_base = per_char(judged, record_of, ANNOTATED, RECORD_LENGTHS)
    cap_post, cap_record = POST_LENGTHS[-1], RECORD_LENGTHS[-1]
    lengths = "/".join(f"{n:,}" for n in POST_LENGTHS), "/".join(f"{n:,}" for n in RECORD_LENGTHS)
    print(f"µs a character at {lengths[0]} characters (post) and {lengths[1]} (record); growth; at the cap × ordinary")
    rows = [("ordinary text", post_base, record_base)]
    for name, unit in CLASSES.items():
        rows.append(
            (
                name,
                per_char(render_markdown, post_of, unit, POST_LENGTHS),
                per_char(judged, record_of, unit, RECORD_LENGTHS),
            )
        )
    for name, post, record in rows:
        ratios = post[-1] / post_base[-1], record[-1] / record_base[-1]
        grown = growth(post), growth(record)
        worst, worst_growth = max(worst, *ratios), max(worst_growth, *grown)
        print(
            f"{name:18} post {' '.join(f'{c * 1e6:6.2f}' for c in post)} ({grown[0]:4.2f}, {ratios[0]:4.2f}x)"
            f"   record {' '.join(f'{c * 1e6:6.3f}' for c in record)} ({grown[1]:4.2f}, {ratios[1]:4.2f}x)"
        )
    # Just under the cap: every comment and variation mark allowed, then ordinary text.
    at_cap = MOVES + "()" * 4_950 + fill("紅方中炮開局，黑方屏風馬應對。", cap_record - len(MOVES) - 9_900)
    at_cap_ratio = best(lambda: judged(at_cap)) / (record_base[-1] * cap_record)
    worst = max(worst, at_cap_ratio)
    print(f"{'marks at the cap':18} {'':46} record at {cap_record:,} ({at_cap_ratio:4.2f}x)")
    post_ms, record_ms = post_base[-1] * cap_post * 1000, record_base[-1] * cap_record * 1000
    print(f"(ordinary text at the cap: post {post_ms:.1f} ms, record {record_ms:.1f} ms)")
    ok = worst <= TARGET and worst_growth <= GROWTH
    print(
        f"worst ratio at the cap {worst:.2f}x (target <= {TARGET:.0f}x); worst growth {worst_growth:.2f} "
        f"(target <= {GROWTH}): {'ok' if ok else 'TOO SLOW'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
