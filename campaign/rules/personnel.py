"""Who may do what, as plain decisions (R1.6, R2.5, R2.6, R3.1). Pure: no Django."""

from datetime import datetime, timedelta

FIGHTING_KINDS = frozenset({"general", "administrator"})
MAX_BOARD_MODERATORS = 2
MIN_STARS, MAX_STARS = 1, 25


def may_fight(kind: str) -> bool:
    """R1.6: generals and administrators may fight; historians and strategists may not.

    >>> may_fight("general"), may_fight("administrator"), may_fight("historian")
    (True, True, False)
    """
    return kind in FIGHTING_KINDS


def is_online(last_seen: datetime | None, now: datetime, window: timedelta) -> bool:
    """R2.6: online means a request within the last `window` (15 minutes by default).

    >>> from datetime import datetime, timedelta
    >>> t = datetime(2026, 1, 1, 12, 0)
    >>> is_online(t - timedelta(minutes=15), t, timedelta(minutes=15))
    True
    >>> is_online(t - timedelta(minutes=15, seconds=1), t, timedelta(minutes=15))
    False
    """
    return last_seen is not None and now - last_seen <= window


def only_king_orders(stars: int, king_orders_from: int) -> bool:
    """R3.1: moves of officers of 21–25 stars (by default) are the king's to order.

    >>> only_king_orders(21, 21), only_king_orders(20, 21)
    (True, False)
    """
    return stars >= king_orders_from


def valid_stars(stars: int) -> bool:
    """R1.5: a star level is 1–25."""
    return MIN_STARS <= stars <= MAX_STARS


def travel_time(legs: int, per_leg: timedelta) -> timedelta:
    """R1.4 / R3.4: a journey takes the sum of its legs.

    >>> travel_time(2, timedelta(minutes=20))
    datetime.timedelta(seconds=2400)
    """
    return legs * per_leg
