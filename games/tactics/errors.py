"""The refusal of the hero tactics engine: the clause broken (docs/tactics.md) and a message."""


class TacticsViolation(ValueError):
    """An action, a record or a setup that breaks a clause (`clause` like "T6.3"), as
    RuleViolation names an R clause for the war. Nothing was changed by the refused action."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause, self.message = clause, message
        self.offset = 0
        """For a `react` after an attack: its place after the attack (the record's index + offset)."""
