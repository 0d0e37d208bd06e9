"""Names people can tell apart: of accounts (usernames) and of officers (R1.5). Pure: no Django.

A name is stored in Unicode's compatibility form (NFKC: full-width `ｃａｏｃａｏ` is `caocao`, a
ligature its letters); a name holding a character nobody sees (a format character such as the
zero-width space U+200B, a default-ignorable one such as a variation selector or the Hangul filler,
a private-use or unassigned code point) is refused; and a name that looks like another one is
refused beside it: two names look alike when their confusable skeletons are equal (Unicode's
UTS #39, section 4, computed by ICU's SpoofChecker from Unicode's own confusables data; case is
folded too, since `Caocao` and `caocao` read as one name). Callers compare a new name with the
names already in its scope: the campaign's officers, the site's accounts
(campaign/selectors/names.py reads them); a world file's officers are compared among themselves
(`look_alike_pair`, in seasons/world/rules/check.py).

>>> normal_name("  ｃａｏｃａｏ ")
'caocao'
>>> invisible_in("北王\\u200b"), invisible_in("北王"), invisible_in("a\\ufe0fb"), invisible_in("曹 操")
('U+200B', None, 'U+FE0F', None)
>>> look_alike("pаypal", ["paypal", "曹操"]), look_alike("曹丕", ["曹操"])
('paypal', None)
>>> look_alike_pair(["曹操", "Zhang", "曹丕", "ZHANG"])
('Zhang', 'ZHANG')
>>> look_alike("Caocao", ["caocao"]), look_alike("rn", ["m"]), look_alike("ΖΗΑΝG", ["zhang"])
('caocao', 'm', 'zhang')
"""

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import icu

# What a reader cannot see, or sees as nothing in particular: format characters (Cf: zero-width
# space and joiners, bidi marks, the word joiner, the BOM…), the other default-ignorable code points
# (variation selectors, the Hangul fillers, the combining grapheme joiner…), controls, private-use,
# surrogate and unassigned code points, and the line and paragraph separators. ICU's own
# properties, so the set follows its Unicode version.
INVISIBLE = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Cf:][:Cc:][:Co:][:Cs:][:Cn:][:Zl:][:Zp:]]")
INVISIBLE.freeze()  # read-only from here: safe to share between threads


@lru_cache(maxsize=1)
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def normal_name(text: str) -> str:
    """The name as stored: NFKC, without surrounding white space."""
    return unicodedata.normalize("NFKC", text).strip()


def invisible_in(text: str) -> str | None:
    """The first character of `text` that nobody sees (as `U+XXXX`), or None."""
    for char in text:
        if INVISIBLE.contains(char):
            return f"U+{ord(char):04X}"
    return None


def skeleton(text: str) -> str:
    """UTS #39's skeleton of the name as stored, case folded: equal for names that look alike.
    Folded between two skeletons: first, so that a capital that looks like a Latin one (Greek `Ζ`)
    is that letter before it is lowered (`ζ` looks like no `z`); then again after the folding."""
    checker = _checker()
    return checker.getSkeleton(0, checker.getSkeleton(0, normal_name(text)).casefold())


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks like `name` (the same skeleton), or None. A name the
    same as `name` looks like it too: callers leave out the row being renamed."""
    mine = skeleton(name)
    return next((other for other in others if skeleton(other) == mine), None)


def look_alike_pair(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of `names` that look alike (a world file's officers, its accounts), or None."""
    seen: dict[str, str] = {}
    for name in names:
        mine = skeleton(name)
        if mine in seen:
            return seen[mine], name
        seen[mine] = name
    return None
