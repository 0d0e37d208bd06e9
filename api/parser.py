"""The API's JSON bodies as text the site can hold: a string with a lone surrogate (``"\\ud800"``,
valid JSON but no Unicode text) is refused as an unreadable body (400), as a page's form would
replace it, rather than reaching a service, the database or an answer that cannot be encoded."""

import json
from typing import Any, cast

from django.http import HttpRequest
from ninja.parser import Parser


class TextParser(Parser):
    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        data = json.loads(request.body)
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # UnicodeEncodeError on a lone surrogate
        return cast(dict[str, Any], data)
