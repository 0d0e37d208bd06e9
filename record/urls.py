"""The war's record under /c/<slug>/ (config/urls.py mounts it): the standings and the chronicle,
the calendar's feed, the campaign's archive."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from record.views import calendar, standings

urlpatterns = [
    path("feeds/<str:token>/calendar.ics", calendar.calendar_feed, name="calendar-feed"),
    path("standings/", standings.standings_page, name="standings"),
    path("organise/export/", standings.export_download, name="organise-export"),
]
