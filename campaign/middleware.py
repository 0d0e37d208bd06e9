"""Request-wide concerns: the interface language (繁體中文 unless chosen) and presence (R2.6)."""

from django.conf import settings
from django.utils import translation

from campaign import clock
from campaign.services.presence import presence_touch

PRESENCE_WRITE_EVERY = 60  # seconds: presence is in minutes, no need to write on every request


class LanguageMiddleware:
    """Traditional Chinese by default whatever the browser asks; English when chosen with the
    language switch (Django's set_language cookie). The API (issue 12) answers in the language
    its caller asks for (Accept-Language), Traditional Chinese when it asks for none we speak."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        if request.path.startswith("/api/"):
            chosen = translation.get_language_from_request(request)
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        translation.deactivate()
        return response


class PresenceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = clock.now()
            last = request.session.get("presence_written", 0)
            if now.timestamp() - last >= PRESENCE_WRITE_EVERY:
                presence_touch(user_id=user.pk, now=now)
                request.session["presence_written"] = now.timestamp()
        return self.get_response(request)
