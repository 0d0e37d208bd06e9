"""The interface language of every request: 繁體中文 unless chosen; the API's by Accept-Language."""

from django.conf import settings
from django.utils import translation


class LanguageMiddleware:
    """Traditional Chinese by default whatever the browser asks; English when chosen with the
    language switch (Django's set_language cookie). The API answers in the language
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
