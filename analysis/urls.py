"""The analysis' page under /c/<slug>/ (config/urls.py mounts it): a decided game's analysis."""

from django.urls import path

from analysis import views
from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)

urlpatterns = [
    path("games/<id:game_id>/analysis/", views.game_analysis_page, name="game-analysis"),
]
