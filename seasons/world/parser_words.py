"""The YAML and JSON parsers' own words about a syntax error (PyYAML's problem, json's message),
in the reader's language: each known message has its msgid (the parser's English), with the
character or token it quotes kept as the file wrote it; a message not known here is shown as the
parser wrote it to an English reader, and as a plain "cannot be read here" to any other, so that a
Chinese page shows no English word."""

import re

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

# The parsers' messages (PyYAML's, libyaml's, json's), each its own msgid: %(found)s stands for
# what it quotes from the file. Matched whole; translated at call time (the reader's language).
KNOWN = [
    gettext_noop("mapping values are not allowed here"),
    gettext_noop("mapping keys are not allowed here"),
    gettext_noop("could not find expected ':'"),
    gettext_noop("did not find expected key"),
    gettext_noop("did not find expected node content"),
    gettext_noop("did not find expected ',' or ']'"),
    gettext_noop("did not find expected ',' or '}'"),
    gettext_noop("did not find expected '-' indicator"),
    gettext_noop("found unexpected end of stream"),
    gettext_noop("found unexpected document separator"),
    gettext_noop("found character %(found)s that cannot start any token"),
    gettext_noop("found unknown escape character %(found)s"),
    gettext_noop("expected <block end>, but found %(found)s"),
    gettext_noop("expected the node content, but found %(found)s"),
    gettext_noop("expected a comment or a line break, but found %(found)s"),
    gettext_noop("expected ',' or ']', but got %(found)s"),
    gettext_noop("expected ',' or '}', but got %(found)s"),
    gettext_noop("special characters are not allowed"),
    gettext_noop("sequence entries are not allowed here"),
    gettext_noop("invalid indentation or unclosed '[' or '{'"),
    gettext_noop("expected a single document in the stream"),
    gettext_noop("mapping values are not allowed in this context"),
    gettext_noop("block sequence entries are not allowed in this context"),
    gettext_noop("found character that cannot start any token"),
    gettext_noop("found a tab character that violates indentation"),
    gettext_noop("found a tab character where an indentation space is expected"),
    gettext_noop("did not find expected <document start>"),
    gettext_noop("did not find expected comment or line break"),
    gettext_noop("control characters are not allowed"),
    gettext_noop("found unexpected ':'"),
    gettext_noop("found undefined tag handle"),
    # json
    gettext_noop("Expecting value"),
    gettext_noop("Expecting property name enclosed in double quotes"),
    gettext_noop("Expecting ',' delimiter"),
    gettext_noop("Expecting ':' delimiter"),
    gettext_noop("Unterminated string starting at"),
    gettext_noop("Invalid control character at"),
    gettext_noop("Invalid \\escape"),
    gettext_noop("Invalid \\uXXXX escape"),
    gettext_noop("Extra data"),
]
FOUND = re.escape("%(found)s")


def _pattern(message: str) -> str:
    return re.escape(message).replace(FOUND, "(?P<found>.+)")


def parser_words(detail: str) -> str:
    """The parser's message in the reader's language."""
    for message in KNOWN:
        found = re.fullmatch(_pattern(message), detail)
        if found:
            return _(message) % found.groupdict() if found.groupdict() else _(message)
    if (get_language() or "en").startswith("en"):
        return detail
    return _("the text cannot be read here")
