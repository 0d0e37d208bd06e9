"""The rules (one anchor per clause) and the help pages."""

from django.urls import URLPattern, URLResolver, path

from handbook.views import help as help_pages
from handbook.views import rules_page

app_name = "handbook"

urlpatterns: list[URLPattern | URLResolver] = [
    path("rules/", rules_page.rules, name="rules"),
    path("help/", help_pages.help_index, name="help"),
    path("help/<slug:topic>/", help_pages.help_topic, name="help-topic"),
]
