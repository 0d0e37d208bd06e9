"""A user's text refused in the user's words, for every service: bounded, no control characters
(the pure check is campaign/rules/text.py; the rules have no clause for it, so the message names
the clause of the action refused)."""

from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.rules.text import name_fault, text_fault


def checked_text(text: str, *, field: str, clause: str, max_length: int, multiline: bool = True) -> str:
    """User text as it will be stored, or a RuleViolation naming the field and the rule."""
    fault = text_fault(text, max_length=max_length, multiline=multiline)
    if fault == "too_long":
        raise RuleViolation(
            clause, _("“%(field)s” may be at most %(n)d characters.") % {"field": field, "n": max_length}
        )
    if fault == "control":
        raise RuleViolation(
            clause,
            _("“%(field)s” contains control characters (such as NUL), which are not allowed.") % {"field": field},
        )
    return text


def checked_name(text: str, *, field: str, clause: str, max_length: int) -> str:
    """A name as it will be stored (one line, plain text: the site's posts are Markdown), or a
    RuleViolation naming the field and the rule."""
    checked_text(text, field=field, clause=clause, max_length=max_length, multiline=False)
    if name_fault(text):
        raise RuleViolation(clause, _("“%(field)s” is plain text, without [ ] < > * ` \\ |.") % {"field": field})
    return text
