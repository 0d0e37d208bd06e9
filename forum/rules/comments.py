"""推/噓/→ comments under a post, as PTT has them (pttbbs, mbbsd/bbs.c `recommend`): one short
line each; a 推 adds one to the post's count, a 噓 takes one away, a → only comments. The thread
lists show the net count as PTT's list does: the number, 爆 at 100 or more, X1 to X9 for a net
of -11 to -99 (its tens), XX at -100 or below. Pure: no Django.

>>> [score_mark(n) for n in (0, 1, 9, 10, 99, 100, 250)]
['', '1', '9', '10', '99', '爆', '爆']
>>> [score_mark(n) for n in (-1, -10, -11, -19, -20, -99, -100, -300)]
['', '', 'X1', 'X1', 'X2', 'X9', 'XX', 'XX']
"""

from datetime import timedelta

from wcwidth import wcwidth

PUSH, BOO, ARROW = "push", "boo", "arrow"
KINDS = (PUSH, BOO, ARROW)
MARKS = {PUSH: "推", BOO: "噓", ARROW: "→"}
DELTA = {PUSH: 1, BOO: -1, ARROW: 0}

# PTT's own line: 78 columns less the mark (3), the date and time (13) and an id of up to 12
# columns: 50 columns of text whoever writes it (25 Chinese characters).
MAX_COLUMNS = 50
# PTT's "時間太近, 使用 → 加註方式": a 推 or 噓 this soon after one's previous comment on the post
# is written as a → (the count is not pushed by a flood of one officer's lines).
VOTE_INTERVAL = timedelta(seconds=90)
EXPLODED = 100  # 爆

OWN_POST, TOO_SOON = "own_post", "too_soon"


def score_mark(net: int) -> str:
    """The net count as a thread list shows it (two columns at most)."""
    if net >= EXPLODED:
        return "爆"
    if net > 0:
        return str(net)
    if net <= -EXPLODED:
        return "XX"
    if net < -10:
        return f"X{-net // 10}"
    return ""


def text_columns(text: str) -> int:
    """The columns a terminal gives the text: a Chinese character two, a combining mark none.

    >>> text_columns("推"), text_columns("ab"), text_columns("曹操 ok"), text_columns("e\\u0301")
    (2, 2, 7, 1)
    """
    return sum(max(wcwidth(char), 0) for char in text)


def comment_kind(asked: str, *, own_post: bool, since_last: timedelta | None) -> tuple[str, str]:
    """The kind a comment is written with, and why it is not the one asked ("" when it is): the
    post's author only comments (→) under their own post, as PTT's 作者本人; a 推 or 噓 less than
    VOTE_INTERVAL after the officer's previous comment on the post is a → (PTT's 時間太近).

    >>> comment_kind(PUSH, own_post=False, since_last=None)
    ('push', '')
    >>> comment_kind(BOO, own_post=True, since_last=None)
    ('arrow', 'own_post')
    >>> comment_kind(PUSH, own_post=False, since_last=timedelta(seconds=89))
    ('arrow', 'too_soon')
    >>> comment_kind(PUSH, own_post=False, since_last=timedelta(seconds=90))
    ('push', '')
    >>> comment_kind(ARROW, own_post=True, since_last=timedelta(0))
    ('arrow', '')
    """
    if asked == ARROW:
        return ARROW, ""
    if own_post:
        return ARROW, OWN_POST
    if since_last is not None and since_last < VOTE_INTERVAL:
        return ARROW, TOO_SOON
    return asked, ""
