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


class NotAllowed(RuleViolation):
    """The acting officer has no authority for this action (shown as 403)."""

    status_code = 403
