"""The rules (one anchor per clause) and the help pages."""

from django.urls import URLPattern, URLResolver

app_name = "handbook"

urlpatterns: list[URLPattern | URLResolver] = []
