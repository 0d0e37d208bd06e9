"""The dashboard's pages under /c/<slug>/ (config/urls.py mounts them): the dashboard, the map,
and their live parts."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from dashboard.views import dashboard

urlpatterns = [
    path("", dashboard.dashboard_page, name="dashboard"),
    path("live/", dashboard.dashboard_live, name="dashboard-live"),
    path("map/", dashboard.map_page, name="map"),
    path("map/live/", dashboard.map_live, name="map-live"),
]
