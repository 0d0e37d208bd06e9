"""The one error type a refused action raises: the clause of RULES.md and a message for the user."""

from django.utils.functional import Promise


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
        if not self.clause or self.clause in text:
            return text
        return f"{text} ({self.clause})"


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
