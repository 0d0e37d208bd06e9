"""The one URL converter of an id in a path (`<id:siege_id>`): ASCII digits naming a row the
database could hold, 1 to 2⁶³−1 (`ID_MAX`). Anything else matches no route, so the site answers
its 404 before any query (an id past SQLite's range would raise OverflowError in the lookup)."""

from django.urls import register_converter

from campaign.rules.text import ID_MAX


class IdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= ID_MAX:
            raise ValueError(f"an id is between 1 and {ID_MAX}")
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
