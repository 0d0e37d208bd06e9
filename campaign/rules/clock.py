"""The war's calendar (RULES.md §7): local midnights, hours of war, 30-minute periods that
accrue only inside the hours of war. Pure: no Django; every instant is an argument.

Instants are aware datetimes; local times use the campaign's IANA zone, so days and hours
follow daylight-saving changes.
"""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

UTC = UTC

DAY_MINUTES = 24 * 60


def local_midnight(day: date, zone: ZoneInfo) -> datetime:
    """The instant a local date begins.

    >>> from zoneinfo import ZoneInfo
    >>> local_midnight(date(2026, 3, 8), ZoneInfo("America/New_York")).isoformat()
    '2026-03-08T00:00:00-05:00'
    >>> local_midnight(date(2026, 3, 9), ZoneInfo("America/New_York")).isoformat()
    '2026-03-09T00:00:00-04:00'
    """
    return datetime.combine(day, time(0), tzinfo=zone)


def next_midnight(after: datetime, zone: ZoneInfo) -> datetime:
    """The first local midnight strictly after `after` (R7.1's due instant)."""
    return local_midnight(after.astimezone(zone).date() + timedelta(days=1), zone)


def _war_window(day: date, zone: ZoneInfo, start_minute: int, end_minute: int) -> tuple[datetime, datetime]:
    begin = (
        local_midnight(day, zone)
        if start_minute == 0
        else datetime.combine(day, time(start_minute // 60, start_minute % 60), tzinfo=zone)
    )
    end = (
        local_midnight(day + timedelta(days=1), zone)
        if end_minute >= DAY_MINUTES
        else datetime.combine(day, time(end_minute // 60, end_minute % 60), tzinfo=zone)
    )
    # In UTC: Python subtracts two datetimes of the same zone by their wall clocks, which is
    # wrong across a daylight-saving change.
    return begin.astimezone(UTC), end.astimezone(UTC)


def in_war_hours(instant: datetime, zone: ZoneInfo, start_minute: int = 540, end_minute: int = DAY_MINUTES) -> bool:
    """R7.4: 09:00–24:00 local time by default.

    >>> from zoneinfo import ZoneInfo
    >>> tz = ZoneInfo("Asia/Taipei")
    >>> [in_war_hours(datetime(2026, 5, 1, h, m, tzinfo=tz), tz) for h, m in ((8, 59), (9, 0), (23, 59))]
    [False, True, True]
    """
    local = instant.astimezone(zone)
    begin, end = _war_window(local.date(), zone, start_minute, end_minute)
    return begin <= instant < end


def advance_war_time(
    start: datetime, amount: timedelta, zone: ZoneInfo, start_minute: int = 540, end_minute: int = DAY_MINUTES
) -> datetime:
    """The instant when `amount` of war time (time inside the hours of war) has passed since
    `start` (R7.2 / R7.3 Decision: penalties accrue only inside those hours).

    >>> from zoneinfo import ZoneInfo
    >>> tz = ZoneInfo("Asia/Taipei")
    >>> def after(start, minutes, zone=tz, *hours):
    ...     end = advance_war_time(start, timedelta(minutes=minutes), zone, *hours)
    ...     return end.astimezone(zone).strftime("%d %H:%M")
    >>> after(datetime(2026, 5, 1, 10, 0, tzinfo=tz), 30)
    '01 10:30'
    >>> after(datetime(2026, 5, 1, 23, 50, tzinfo=tz), 30)
    '02 09:20'
    >>> after(datetime(2026, 5, 1, 3, 0, tzinfo=tz), 30)
    '01 09:30'
    >>> ny = ZoneInfo("America/New_York")  # 2026-03-08 02:00 → 03:00: that night is an hour short
    >>> after(datetime(2026, 3, 8, 1, 0, tzinfo=ny), 120, ny, 0)
    '08 04:00'
    """
    need = amount
    cursor = start.astimezone(UTC)
    day = start.astimezone(zone).date() - timedelta(days=1)
    while True:
        begin, end = _war_window(day, zone, start_minute, end_minute)
        if end > cursor:
            cursor = max(cursor, begin)
            available = end - cursor
            if need <= available:
                return cursor + need
            need -= available
            cursor = end
        day += timedelta(days=1)


def minutes_as_time(minutes: int) -> str:
    """Minutes after midnight as a clock time (the hours of war as people read them).

    >>> minutes_as_time(540), minutes_as_time(1440), minutes_as_time(0)
    ('09:00', '24:00', '00:00')
    """
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def time_as_minutes(text: str) -> int | None:
    """A clock time "HH:MM" (00:00 to 24:00) as minutes after midnight; None if it is not one.

    >>> time_as_minutes("09:30"), time_as_minutes("24:00"), time_as_minutes("24:01"), time_as_minutes("9h")
    (570, 1440, None, None)
    """
    hours, sep, mins = text.strip().partition(":")
    if not sep or not (hours.isascii() and hours.isdigit() and mins.isascii() and mins.isdigit()) or len(mins) != 2:
        return None
    total = int(hours) * 60 + int(mins)
    return total if int(mins) < 60 and 0 <= total <= DAY_MINUTES else None


def in_quiet_hours(minute: int, quiet_from: int | None, quiet_until: int | None) -> bool:
    """Whether the minute of the day falls in an officer's quiet hours (no mail of duties then), which may
    run over midnight; none when either end is unset or both are the same.

    >>> in_quiet_hours(23 * 60, 22 * 60, 7 * 60), in_quiet_hours(6 * 60, 22 * 60, 7 * 60)
    (True, True)
    >>> in_quiet_hours(7 * 60, 22 * 60, 7 * 60), in_quiet_hours(12 * 60, 12 * 60, 14 * 60), in_quiet_hours(5, None, 7)
    (False, True, False)
    """
    if quiet_from is None or quiet_until is None or quiet_from == quiet_until:
        return False
    if quiet_from < quiet_until:
        return quiet_from <= minute < quiet_until
    return minute >= quiet_from or minute < quiet_until
