"""The campaign's site-wide pages: home, landing, time zone, the web app's manifest, service worker
and offline page. A campaign's own pages under /c/<slug>/ are its apps' (forum, delivery, seasons,
orders, battles), each mounted by config/urls.py."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from campaign.views import app, home, zones

urlpatterns = [
    path("", home.home, name="home"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("offline/", app.offline, name="offline"),
    path("accounts/landing/", home.landing, name="landing"),
    path("accounts/time-zone/", zones.time_zone_page, name="time-zone"),
]
