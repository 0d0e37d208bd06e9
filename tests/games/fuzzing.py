"""Inputs for fuzzing the judge's contract: `judge(kind, text, …)` returns a Judgement or raises
RecordError, nothing else, never a crash, within a second for any input within the caps.

Used by tests/games/test_fuzz.py (hypothesis drives the random choices, so a failure shrinks)
and by `make fuzz` (tests/games/fuzz.py: as long as asked, each input in a child process so that
a crash of the process is caught and reported with its input).
"""

import gzip
import random
from dataclasses import dataclass, field
from pathlib import Path

from games import Judgement, RecordError, judge
from games.upload import decode_upload
from games.xiangqi import chinese_moves, wxf_moves

DATA = Path(__file__).resolve().parents[1] / "data"
ALPHABET = (
    "abcdefghi0123456789 \n\t-=+.!?$*/()[]{};:\"'\\%#xKQRBNOo"
    "車马馬炮砲包兵卒帥將仕士相象俥傌進进退平前中後后一二三四五六七八九"
    "０１２３４５６７８９！？　、，。½²٣İıſK\x00\x01\x1b\x7f\x85\u2028\ufeff\ud800"
)
MUTATIONS = ("delete", "insert", "replace", "duplicate", "fen", "bracket", "swap", "truncate", "glyph")


@dataclass(frozen=True)
class Case:
    """One input: a record's text or an upload's bytes, for a game kind, with the terms a
    pending game may carry (R11.4 handicap, R11.5 restriction)."""

    generator: str
    kind: str
    text: str = ""
    data: bytes | None = None
    terms: dict = field(default_factory=dict)


_GAMES: list[list[str]] = []


def _games() -> list[list[str]]:
    if not _GAMES:
        with gzip.open(DATA / "xiangqi_random_games.txt.gz", "rt") as f:
            _GAMES.extend(line.split() for line in f.read().splitlines()[:300])
    return _GAMES


OPERA = (
    '[Event "Paris"]\n1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 '
    "9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 "
    "17.Rd8# 1-0"
)


def _terms(rng: random.Random, kind: str) -> dict:
    colours = ("red", "black") if kind == "xiangqi" else ("white", "black")
    terms: dict = {}
    if rng.random() < 0.3:
        terms.update(favoured=rng.choice(colours), extra_moves=rng.choice((2, 3)))
    if rng.random() < 0.2:
        terms["restricted"] = rng.choice(colours)
    return terms


def _mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 6)):
        how = rng.choice(MUTATIONS)
        at = rng.randint(0, len(text))
        if how == "delete" and text:
            text = text[:at] + text[at + rng.randint(1, 8) :]
        elif how == "insert":
            text = text[:at] + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 8))) + text[at:]
        elif how == "replace" and text:
            text = text[:at] + rng.choice(ALPHABET) + text[at + 1 :]
        elif how == "duplicate":
            text = text[:at] + text[at : at + rng.randint(1, 40)] * rng.randint(1, 30) + text[at:]
        elif how == "fen":
            junk = "".join(rng.choice("rnbakcpRNBAKCP123456789/ wb-") for _ in range(rng.randint(0, 70)))
            text = f'[FEN "{junk}"]\n' + text
        elif how == "bracket":
            text = text[:at] + rng.choice("({[;") * rng.randint(1, 200) + text[at:]
        elif how == "swap":
            tokens = text.split(" ")
            i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
            text = " ".join(tokens)
        elif how == "truncate":
            text = text[:at]
        elif how == "glyph":
            text = text[:at] + rng.choice(("!", "?!", "！？", " $12 ", "!!!", "??", "$")) + text[at:]
    return text


def random_text(rng: random.Random) -> Case:
    kind = rng.choice(("xiangqi", "chess"))
    text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 300)))
    return Case("random_text", kind, text=text, terms=_terms(rng, kind))


def xiangqi_record(rng: random.Random) -> Case:
    moves = rng.choice(_games())
    notation = rng.choice(("iccs", "wxf", "chinese", "pgn"))
    tokens = (
        wxf_moves(moves) if notation == "wxf" else chinese_moves(moves) if notation in ("chinese", "pgn") else moves
    )
    body = " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(tokens))
    if notation == "pgn":
        body = '[Game "Chinese Chess"]\n[Red "甲"]\n[Black "乙"]\n\n' + body + " 1-0"
    return Case("xiangqi_record", "xiangqi", text=_mutate(rng, body), terms=_terms(rng, "xiangqi"))


def chess_record(rng: random.Random) -> Case:
    return Case("chess_record", "chess", text=_mutate(rng, OPERA), terms=_terms(rng, "chess"))


def upload_bytes(rng: random.Random) -> Case:
    base = xiangqi_record(rng).text
    data = base.encode(rng.choice(("utf-8", "utf-8-sig", "gb18030", "big5")), errors="ignore")
    data = bytearray(data)
    for _ in range(rng.randint(0, 10)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    if rng.random() < 0.2:
        data = bytearray(rng.randbytes(rng.randint(0, 400)))
    return Case("upload_bytes", "xiangqi", data=bytes(data), terms=_terms(rng, "xiangqi"))


def xqf_bytes(rng: random.Random) -> Case:
    name = rng.choice(("opening-v10.xqf", "random-v18.xqf", "mate-in-one-v10.xqf"))
    data = bytearray((DATA / name).read_bytes())
    for _ in range(rng.randint(1, 12)):
        data[rng.randrange(2, len(data))] = rng.randrange(256)
    if rng.random() < 0.2:
        data = data[: rng.randint(2, len(data))]
    return Case("xqf_bytes", "xiangqi", data=bytes(data), terms=_terms(rng, "xiangqi"))


GENERATORS = {f.__name__: f for f in (random_text, xiangqi_record, chess_record, upload_bytes, xqf_bytes)}


def run(case: Case) -> Judgement | RecordError:
    """The contract: a Judgement or a RecordError. Anything else propagates (a defect)."""
    try:
        text = decode_upload(case.data) if case.data is not None else case.text
        return judge(case.kind, text, **case.terms)
    except RecordError as error:
        return error
