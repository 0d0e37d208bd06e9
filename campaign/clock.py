"""The one place the site reads the clock, so tests can move time (time-machine)."""

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
