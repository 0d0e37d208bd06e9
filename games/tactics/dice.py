"""Fair dice from a committed seed (docs/tactics.md T10.2, T18.1): roll k is derived from the seed
by HMAC-SHA256, so anyone holding the revealed seed can recheck every roll.

>>> zero = "0" * 64
>>> commitment(zero)
'60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55'
>>> [roll(zero, k) for k in range(10)], roll(zero, 102)
([4, 6, 4, 6, 4, 6, 6, 1, 4, 5], 1)
"""

import hashlib
import hmac
import re
import secrets

from games.tactics.errors import TacticsViolation, gettext_noop

HEX64 = re.compile(r"[0-9a-f]{64}")


def new_seed() -> str:
    """32 bytes from a cryptographic source, as 64 lowercase hex characters."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """SHA-256 of the seed's 64 ASCII characters (not of its raw bytes)."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def check_seed(seed: str | None, committed: str | None) -> None:
    """The seed and the commitment are 64 lowercase hex characters, and agree (T18.1)."""
    for value in (seed, committed):
        if value is not None and not (isinstance(value, str) and HEX64.fullmatch(value)):
            raise TacticsViolation(
                "T18.1", gettext_noop("a seed and a commitment are 64 lowercase hexadecimal characters")
            )
    if seed is not None and committed is not None and commitment(seed) != committed:
        raise TacticsViolation("T18.1", gettext_noop("the seed does not match its commitment"))


def roll(seed: str, k: int) -> int:
    """Roll number k (from 0) of the game: a face from 1 to 6."""
    key = bytes.fromhex(seed)
    message, extra = str(k), 0
    while True:
        for byte in hmac.new(key, message.encode("ascii"), hashlib.sha256).digest():
            if byte < 252:
                return 1 + byte % 6
        extra += 1
        message = f"{k}:{extra}"


def weather_of(face: int, table: list[str]) -> str:
    """The weather a face gives (T11.1): the table lists faces 1 to 6."""
    return table[face - 1]
