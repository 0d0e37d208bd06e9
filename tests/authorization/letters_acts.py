"""Rows of the authorization matrix for letters (站內信): any officer writes to another officer of
the campaign; a letter is removed from a box only by its sender or its recipient, each from their
own (R1.5: an officer's letters are theirs; not even their king reads or removes them)."""

from forum.services.letters import letter_send
from tests.authorization.cases import Case, allow, refuse


def letter_send_case(world, clock):
    """Any officer writes; a user without an officer in the campaign may not."""
    data = {"recipient": "荀彧", "subject": "軍情", "body": "速來", "nonce": ""}
    return Case([], data, {"right": allow("郭嘉"), "other": refuse("superuser")})


def letter_remove_case(world, clock):
    """The recipient removes it from the inbox, the sender from the sent letters; to anybody else it
    is not found (404, as an id that is no letter: ids are not probed)."""
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="密", body="只給你")
    return Case(
        [letter.pk],
        {},
        {"right": allow("荀彧"), "party": allow("郭嘉"), "same": refuse("曹操"), "other": refuse("孫權")},
        refused_status=404,
    )


LETTERS_ROWS = {"letter-send": letter_send_case, "letter-remove": letter_remove_case}
