"""Letters (站內信) between officers through the API, with the pages' selectors and services: the
token's officer reads their inbox and their sent letters, opens one of them (reading it marks it
read, as on the page), writes to an officer of the campaign by name (or answers a letter) and
removes a letter from their own box. Another officer's letter is a 404, as one that does not exist
(R1.5: no id is told apart by probing)."""

from datetime import datetime

from ninja import Field, Schema
from ninja.pagination import paginate

from api import schemas
from api.reads import NEWEST, Paged
from api.router import act, read
from campaign import lookups
from campaign.authority import require_officer
from forum.selectors.letters import letters_inbox_query, letters_sent_query
from forum.services.letters import letter_read, letter_remove, letter_send


class NewLetter(Schema):
    recipient: str = Field(
        "", max_length=200, description="the officer's name (may be empty in a reply: the other side)"
    )
    subject: str = Field(description="one line, up to 120 characters")
    body: str = Field(description="Markdown, up to 20,000 characters (rendered and made safe as a post)")
    nonce: str = Field("", description="a one-time token: the same letter sent twice with it is sent once")
    reply_to: schemas.Id | None = Field(None, description="the letter answered (one of the caller's)")


class LetterOut(Schema):
    id: int
    sender_id: int
    sender: str = Field(description="the sender's name")
    recipient_id: int
    recipient: str = Field(description="the recipient's name")
    subject: str
    sent_at: datetime
    read_at: datetime | None = Field(description="when the recipient first read it (null: unread)")
    reply_to_id: int | None

    @staticmethod
    def resolve_sender(letter) -> str:
        return letter.sender.name

    @staticmethod
    def resolve_recipient(letter) -> str:
        return letter.recipient.name


class LetterDetailOut(LetterOut):
    body: str = Field(description="the Markdown as written")
    html: str = Field(description="the text as the site shows it (sanitised HTML)")


class Removed(Schema):
    removed: int


def _officer(request, slug: str):
    return require_officer(request.auth.user, lookups.campaign_by_slug(slug))


@read("/c/{slug}/letters", list[LetterOut], "api-letters")
@paginate(Paged, **NEWEST)
def letters(request, slug: str, unread: bool = False):
    """The letters in the token's officer's inbox, the latest first; `?unread=true` for those not
    read yet (403 without an officer, R1.5)."""
    return letters_inbox_query(officer=_officer(request, slug), unread=unread)


@read("/c/{slug}/letters/sent", list[LetterOut], "api-letters-sent")
@paginate(Paged, **NEWEST)
def letters_sent(request, slug: str):
    """The letters the token's officer sent and keeps, the latest first."""
    return letters_sent_query(officer=_officer(request, slug))


@read("/c/{slug}/letters/{letter_id}", LetterDetailOut, "api-letter")
def letter(request, slug: str, letter_id: schemas.Id):
    """One of the caller's letters, with its text; the recipient's first reading marks it read (R1.5:
    another officer's letter is a 404, as one removed from the caller's box or none)."""
    return letter_read(actor=_officer(request, slug), letter_id=letter_id)


@act("/c/{slug}/letters", LetterDetailOut, "letter-send")
def letter_send_act(request, slug: str, data: NewLetter):
    """Write to an officer of the campaign, by name (R1.5); the recipient is told at once (their
    pages, and by mail and on their devices as they chose). Counted in the boards' posting rate."""
    return letter_send(
        actor=_officer(request, slug),
        recipient=data.recipient,
        subject=data.subject,
        body=data.body,
        nonce=data.nonce[:40],
        reply_to=data.reply_to,
    )


@act("/c/{slug}/letters/{letter_id}/remove", Removed, "letter-remove")
def letter_remove_act(request, slug: str, letter_id: schemas.Id):
    """Remove a letter from one's own box (the other side keeps theirs)."""
    letter_remove(actor=_officer(request, slug), letter_id=letter_id)
    return {"removed": letter_id}
