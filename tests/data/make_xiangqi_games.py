"""Make tests/data/xiangqi_random_games.txt.gz: random legal xiangqi games played by pyffish
(uniform choice among legal moves, seeded), one game a line in ICCS. The Chinese-notation round
trips run on these (issue: battles decided by real game records).

    .venv/bin/python tests/data/make_xiangqi_games.py SEED COUNT > part.txt
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pyffish  # noqa: E402

from games.xiangqi_notation import from_fairy  # noqa: E402

VARIANT = "xiangqi"
START = pyffish.start_fen(VARIANT)


def main(seed: int, count: int, plies: int = 120) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        fairy: list[str] = []
        for _ply in range(rng.randint(20, plies)):
            legal = pyffish.legal_moves(VARIANT, START, fairy)
            if not legal:
                break
            fairy.append(rng.choice(sorted(legal)))
        print(" ".join(from_fairy(m) for m in fairy))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
