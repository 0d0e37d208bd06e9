"""The rules (one anchor per clause) and the help pages."""

from django.urls import URLPattern, URLResolver, path

from handbook.views import rules

app_name = "handbook"

urlpatterns: list[URLPattern | URLResolver] = [
    path("rules/", rules.rules, name="rules"),
]
