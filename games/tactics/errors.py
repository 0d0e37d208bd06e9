"""The refusal of the hero tactics engine: the clause broken (docs/tactics.md) and a message.

The messages are English, marked for the site's catalogue by `gettext_noop` (xgettext finds them by
that name; the engine imports no Django): a message with values is a template (`%(cell)s is not
next to %(here)s`) with its values apart, so that the site translates the template at its door and
fills it in (tactics/services/common.py)."""


def gettext_noop(message: str) -> str:
    """Marks an engine message for the catalogue; it stays English here."""
    return message


class TacticsViolation(ValueError):
    """An action, a record or a setup that breaks a clause (`clause` like "T6.3"), as
    RuleViolation names an R clause for the war. Nothing was changed by the refused action."""

    def __init__(self, clause: str, template: str, **values: object) -> None:
        message = template % values if values else template
        super().__init__(f"{clause}: {message}")
        self.clause, self.message, self.template, self.values = clause, message, template, values
        self.offset = 0
        """For a `react` after an attack: its place after the attack (the record's index + offset)."""
