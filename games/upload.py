"""An uploaded record's bytes to text: an XQF file (read by cchess), or text in UTF-8 (with or
without a byte-order mark), GB 18030 or Big5. Pure: no Django.

>>> decode_upload("炮二平五".encode("big5"))
'炮二平五'
>>> decode_upload(b"\\xef\\xbb\\xbf1. h2e2")
'1. h2e2'
"""

from games.base import RecordError
from games.xiangqi_notation import (
    CHINESE_ACTIONS,
    CHINESE_NUMERALS,
    CHINESE_PIECES,
)
from games.xqf import is_xqf, xqf_to_record

MAX_BYTES = 200_000
NOTATION_CHARS = (
    frozenset(CHINESE_PIECES)
    | frozenset(CHINESE_ACTIONS)
    | frozenset(CHINESE_NUMERALS)
    | frozenset("前中後后０１２３４５６７８９")
)


def decode_upload(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise RecordError(f"a record may be at most {MAX_BYTES // 1000} kB", code="too_big")
    if is_xqf(data):
        return xqf_to_record(data)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # GB 18030 decodes almost any bytes, Big5 text included: keep the reading in which more
    # characters are the notation's own (pieces, actions, numerals).
    readings = []
    for encoding in ("gb18030", "big5"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        readings.append((sum(ch in NOTATION_CHARS for ch in text), text))
    if not readings:
        raise RecordError("the record's encoding cannot be read (UTF-8, GBK or Big5 are)", code="encoding")
    return max(readings, key=lambda reading: reading[0])[1]
