"""Write XQF files (the binary format of 象棋演播室) for the tests: no free XQF file is at hand,
so these are made from games we play through pyffish. Two kinds: version 10 (plain) and
version 18 with all key bytes zero (the "encrypted" layout, whose keys then change nothing).

    .venv/bin/python tests/data/make_xqf.py   # writes tests/data/*.xqf from the games below
"""

import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Piece order of an XQF board: R N B A K A B N R C C P P P P P, red then black; positions x*10+y.
RED_START = ["a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "b2", "h2", "a3", "c3", "e3", "g3", "i3"]
BLACK_START = ["a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "b7", "h7", "a6", "c6", "e6", "g6", "i6"]
HEADER = "<2sB13s32s3sB12sB15sB63s64sB63sB15sB15sB15sB15sB63sB15sB15s32sB15sB15s528s"


def pos(square: str) -> int:
    return (ord(square[0]) - ord("a")) * 10 + int(square[1])


def field(text: str, size: int) -> tuple[int, bytes]:
    data = text.encode("gb18030")[:size]
    return len(data), data.ljust(size, b"\0")


def xqf(
    moves: list[str], red: str, black: str, title: str, result: int, version: int, pieces: dict[int, str] | None = None
) -> bytes:
    """`pieces`, when given, places only those slots (0–31) and leaves the others off the board."""
    squares = RED_START + BLACK_START
    board = bytes(pos(squares[i]) if pieces is None else (pos(pieces[i]) if i in pieces else 0xFF) for i in range(32))
    if version > 10:  # with KeyXY = 0 the reader moves piece i to slot i + 1
        board = bytes(board[(i + 1) % 32] for i in range(32))
    title_len, title_b = field(title, 63)
    red_len, red_b = field(red, 15)
    black_len, black_b = field(black, 15)
    head = struct.pack(
        HEADER,
        b"XQ",
        version,
        bytes(13),
        board,
        bytes(3),
        result,
        bytes(12),
        0,
        bytes(15),
        title_len,
        title_b,
        bytes(64),
        0,
        bytes(63),
        0,
        bytes(15),
        0,
        bytes(15),
        red_len,
        red_b,
        black_len,
        black_b,
        0,
        bytes(63),
        0,
        bytes(15),
        0,
        bytes(15),
        bytes(32),
        0,
        bytes(15),
        0,
        bytes(15),
        bytes(528),
    )
    assert len(head) == 0x400
    body = bytearray()
    plain = version <= 10
    body += bytes([0x18, 0x20, 0xF0 if plain else 0x80, 0]) + (struct.pack("<I", 0) if plain else b"")
    for i, move in enumerate(moves):
        more = i < len(moves) - 1
        flag = (0xF0 if more else 0) if plain else (0x80 if more else 0)
        body += bytes([pos(move[:2]) + 0x18, pos(move[2:]) + 0x20, flag, 0])
        if plain:
            body += struct.pack("<I", 0)
    return head + bytes(body)


def first_random_game(plies: int = 40) -> list[str]:
    """The first of the random pyffish games of xiangqi_random_games.txt.gz, cut at `plies`."""
    import gzip

    with gzip.open(HERE / "xiangqi_random_games.txt.gz", "rt") as f:
        return f.readline().split()[:plies]


GAMES = {
    # 中炮對屏風馬: an opening line checked by pyffish; version 10, no result
    "opening-v10.xqf": dict(
        moves=["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"],
        red="曹操",
        black="劉備",
        title="中炮對屏風馬",
        result=0,
        version=10,
    ),
    # 40 plies of a random game played by pyffish; the version-18 layout
    "random-v18.xqf": dict(moves=first_random_game(), red="孫權", black="曹操", title="隨機對局", result=0, version=18),
    # a composed mate in one from a set-up position (red chariots a1, d2, general f0; black general e9)
    "mate-in-one-v10.xqf": dict(
        moves=["a1e1"],
        red="張遼",
        black="孫權",
        title="一步殺",
        result=1,
        version=10,
        pieces={0: "a1", 8: "d2", 4: "f0", 20: "e9"},
    ),
}

if __name__ == "__main__":
    for name, spec in GAMES.items():
        (HERE / name).write_bytes(xqf(**spec))
        print(name)
