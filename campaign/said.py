"""Words the site writes once and every reader reads in their own language.

A system post, an army's end reason or a move's cause is written when its event happens, in the
site's language, and kept beside it as an event: the message ids and their values, as JSON. A
reader sees it said again in their language (`say`), the names of people, cities and kingdoms as
their owners wrote them.

`_` here is gettext's `_` for the writers of such texts (campaign/announcements.py,
battles/announcements.py): it returns a `Said`, a str in the current language that also carries
its event (`.event`); `%` fills it, `+` and `join` put pieces together, and both keep the event.
A plain str put into one (a name, a time) is kept as written; a lazy label (a choice's label) is
kept as its message id and said again. makemessages finds `_("…")` as it finds gettext's."""

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext

Event = Any  # str | int | float | list[Event] | {"t": msgid, "c"?: context, "a"?: {name: Event}}


class Said(str):
    """A text in the current language that can be said again in another (`say(self.event)`)."""

    event: Event

    def __new__(cls, text: str, event: Event) -> "Said":
        said = super().__new__(cls, text)
        said.event = event
        return said

    def __mod__(self, values: Any) -> "Said":
        if not isinstance(values, Mapping) or not isinstance(self.event, dict):
            return Said(str(self) % values, [str(self) % values])
        return Said(str(self) % values, {**self.event, "a": {k: event_of(v) for k, v in values.items()}})

    def __add__(self, other: str) -> "Said":
        return Said(str(self) + str(other), _pieces(self, other))

    def __radd__(self, other: str) -> "Said":
        return Said(str(other) + str(self), _pieces(other, self))

    def join(self, parts: Iterable[str]) -> "Said":
        parts = list(parts)
        pieces: list = []
        for i, part in enumerate(parts):
            pieces += [self, part] if i else [part]
        return Said(str.join(self, [str(p) for p in parts]), _pieces(*pieces))


def _(message: str) -> Said:
    """gettext's `_`, remembering the message id."""
    return Said(gettext(message), {"t": message})


def literal(text: object) -> Said:
    """Words kept as written (a name, a time): said the same in every language."""
    return Said(str(text), str(text))


def label(value: object) -> Said:
    """A choice's label (a lazy gettext), said again in each reader's language."""
    return Said(str(value), event_of(value))


def event_of(value: object) -> Event:
    """The event of a value put into a Said: its own, a lazy label's message id, or the value."""
    if isinstance(value, Said):
        return value.event
    if isinstance(value, Promise):
        args: tuple = getattr(value, "_args", ())
        if len(args) == 1 and isinstance(args[0], str):
            return {"t": args[0]}
        if len(args) == 2 and all(isinstance(a, str) for a in args):
            return {"t": args[1], "c": args[0]}
        return str(value)
    if isinstance(value, (int, float)):
        return value
    return str(value)


def _pieces(*parts: object) -> list:
    pieces: list = []
    for part in parts:
        event = event_of(part)
        pieces += event if isinstance(event, list) else [event]
    return pieces


def say(event: Event) -> str:
    """The event in the current language (a malformed one as much of it as can be read)."""
    if isinstance(event, list):
        return "".join(say(piece) for piece in event)
    if isinstance(event, dict):
        message = str(event.get("t", ""))
        text = pgettext(event["c"], message) if event.get("c") else gettext(message) if message else ""
        values = event.get("a")
        if not isinstance(values, dict):
            return text
        try:
            return text % {k: v if isinstance(v, (int, float)) else say(v) for k, v in values.items()}
        except (KeyError, TypeError, ValueError):
            return text
    return str(event)


def event_or_none(text: str) -> Event | None:
    """The event a text carries, None for a text without one (written by a user, or before events)."""
    return text.event if isinstance(text, Said) else None


def in_site_language_now() -> bool:
    """The reader's language is the one the texts were stored in (no need to say them again)."""
    current = translation.get_language()
    return current is None or current.lower() == settings.LANGUAGE_CODE.lower()
