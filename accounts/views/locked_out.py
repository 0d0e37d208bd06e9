"""The page shown when django-axes pauses a log-in after too many wrong passwords."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(request: HttpRequest, credentials: dict | None = None, *args, **kwargs) -> HttpResponse:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"cooloff_minutes": minutes, "address_paused": getattr(request, "login_address_paused", False)}
    return render(request, "registration/locked_out.html", context, status=429)
