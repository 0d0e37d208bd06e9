"""The one error type a refused action raises: the clause of RULES.md and a message for the user."""

import re

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

CLAUSE_ID = re.compile(r"R\d{1,2}(?:\.\d+)*")
SECTION = re.compile(r"§(\d{1,2})")  # a whole section of the rules, whose anchor is R<n>


def clause_anchor(clause: str) -> str | None:
    """The rules page's anchor for a clause a refusal cites (`R7.3`; `§3` is section `R3`), or None."""
    if CLAUSE_ID.fullmatch(clause):
        return clause
    section = SECTION.fullmatch(clause)
    return f"R{section[1]}" if section else None


def _citing(clause: str, text: str) -> list[re.Match[str]]:
    """Where `text` cites `clause` as a whole (R1.3 is not cited by R11.3, nor by a longer id)."""
    return list(re.finditer(rf"(?<![A-Za-z0-9_.]){re.escape(clause)}(?![A-Za-z0-9_]|\.\d)", text))


class RuleViolation(Exception):
    """An action the rules refuse. `clause` is a RULES.md id (``"R3.2"``); `message` is
    already translated (or lazily translatable) text the user sees."""

    status_code = 400

    def __init__(self, clause: str, message: "str | Promise") -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.message = message

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}"

    @property
    def refusal(self) -> str:
        """The message as a page or a socket shows it: with the clause it cites, once (not
        repeated when the text names it already, left out for the site's own limits, which
        cite no clause)."""
        text = str(self.message)
        if not self.clause or _citing(self.clause, text):
            return text
        return f"{text} ({self.clause})"

    @property
    def refusal_html(self) -> SafeString:
        """The refusal for a page: the text escaped, its clause a link to the clause on the rules
        page (`/rules/#R7.3`). The link is made from the clause id alone, never from the text."""
        text = escape(self.refusal)
        anchor = clause_anchor(self.clause)
        cited = _citing(self.clause, text)
        if anchor is None or not cited:
            return text
        last = cited[-1]
        link = format_html('<a href="{}#{}">{}</a>', reverse("handbook:rules"), anchor, self.clause)
        return mark_safe(text[: last.start()] + link + text[last.end() :])  # both parts escaped


class NotAllowed(RuleViolation):
    """The acting officer has no authority for this action (shown as 403)."""

    status_code = 403


class Stale(RuleViolation):
    """The action answers a state that has changed since its author read it (a claim replaced, a
    move already played): refused like any rule, and told apart (409 in the API)."""

    status_code = 409


class TooFast(RuleViolation):
    """Over one of the site's rates (an officer's posts on the boards): refused like any rule,
    nothing changed; 429 in the API, with `retry_after` (seconds) as its Retry-After."""

    status_code = 429

    def __init__(self, clause: str, message: "str | Promise", retry_after: float) -> None:
        super().__init__(clause, message)
        self.retry_after = retry_after
