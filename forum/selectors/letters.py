"""Reading letters (站內信): an officer's inbox and sent letters, one letter, and a letter's notice.
Only its sender and its recipient read a letter, and to anyone else it does not exist (R1.5: an
officer's mail is their own); each
reads it only while it is still in their box. The same reads serve the pages, the API and the
terminal."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from campaign.models import Officer
from forum.models import Letter
from forum.models.letters import LETTER_KEY

LETTERS_PER_PAGE = 20


def letters_inbox(*, officer: Officer, page: int | str | None) -> Page:
    """The letters to the officer still in their inbox, the latest first (2 queries: count and page)."""
    letters = (
        Letter.objects.filter(recipient=officer, recipient_removed=False)
        .select_related("sender")
        .order_by("-sent_at", "-id")
    )
    return Paginator(letters, LETTERS_PER_PAGE).get_page(page)


def letters_sent(*, officer: Officer, page: int | str | None) -> Page:
    """The letters the officer sent and still keeps, the latest first (2 queries)."""
    letters = (
        Letter.objects.filter(sender=officer, sender_removed=False)
        .select_related("recipient")
        .order_by("-sent_at", "-id")
    )
    return Paginator(letters, LETTERS_PER_PAGE).get_page(page)


def letters_inbox_query(*, officer: Officer, unread: bool = False):
    """The inbox as a query, for the API's cursor pages (the API orders it); `unread`: only the
    letters not read yet."""
    letters = Letter.objects.filter(recipient=officer, recipient_removed=False).select_related("sender", "recipient")
    return letters.filter(read_at__isnull=True) if unread else letters


def letters_sent_query(*, officer: Officer):
    return Letter.objects.filter(sender=officer, sender_removed=False).select_related("sender", "recipient")


def letter_of(*, officer: Officer, letter_id: int) -> Letter:
    """A letter in one of the officer's boxes (one query). Another's letter is not found, as one
    that does not exist or that the officer removed from their box (Letter.DoesNotExist: 404):
    answering 403 would tell a prober which ids are letters (R1.5: an officer's mail is their own)."""
    letter = (
        Letter.objects.select_related("sender", "recipient", "reply_to")
        .filter(pk=letter_id, campaign_id=officer.campaign_id)
        .first()
    )
    if letter is None or officer.pk not in (letter.sender_id, letter.recipient_id):
        raise Letter.DoesNotExist
    if (letter.sender_id == officer.pk and letter.sender_removed) or (
        letter.recipient_id == officer.pk and letter.recipient_removed
    ):
        raise Letter.DoesNotExist
    return letter


def reply_subject(letter: Letter, max_length: int = 120) -> str:
    """A reply's subject, as mail has it: `Re: ` the letter's, once (a reply to a reply keeps one)."""
    subject = letter.subject if letter.subject.startswith("Re: ") else f"Re: {letter.subject}"
    return subject[:max_length]


def unread_count(*, officer: Officer) -> int:
    """The letters waiting unread in the officer's inbox (one query; pages read it with the
    officer instead: forum.models.letters.unread_letters)."""
    return Letter.objects.filter(recipient=officer, read_at__isnull=True, recipient_removed=False).count()


def officer_names(*, campaign_id: int, but: int | None = None) -> list[str]:
    """The officers one may write to, by name (the compose form's suggestions; one query)."""
    officers = Officer.objects.filter(campaign_id=campaign_id)
    if but is not None:
        officers = officers.exclude(pk=but)
    return list(officers.order_by("name").values_list("name", flat=True))


@dataclass(frozen=True)
class LetterItem:
    """A letter as the outbox tells of it (the shape of a duty: campaign/services/notices.py), in
    one language. Not a duty: it is not counted among the duties."""

    kind: str
    key: str
    summary: str
    path: str
    since: datetime
    deadline: datetime | None = None


def _item(letter: Letter, slug: str) -> LetterItem:
    summary = _("A letter from %(name)s: %(subject)s") % {"name": letter.sender.name, "subject": letter.subject}
    path = reverse("letter", args=[slug, letter.pk])
    return LetterItem("letter", letter.notice_key, summary, path, letter.sent_at)


def letter_notice(*, officer: Officer, key: str) -> dict[str, LetterItem | None]:
    """The notice of the letter `key` in each of the site's languages, or None in each when it is
    no longer waiting (read or removed meanwhile: nothing is sent)."""
    letter_id = key.removeprefix(LETTER_KEY)
    letter = None
    if letter_id.isdigit():
        letter = (
            Letter.objects.select_related("sender", "campaign")
            .filter(pk=int(letter_id), recipient=officer, read_at__isnull=True, recipient_removed=False)
            .first()
        )
    found: dict[str, LetterItem | None] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found[code] = _item(letter, letter.campaign.slug) if letter is not None else None
    return found


def letters_unread_items(*, officer: Officer) -> list[LetterItem]:
    """The unread letters in the officer's inbox as the outbox's items, in the current language
    (the daily digest lists them with the duties)."""
    letters = (
        Letter.objects.filter(recipient=officer, read_at__isnull=True, recipient_removed=False)
        .select_related("sender", "campaign")
        .order_by("sent_at", "id")
    )
    return [_item(letter, letter.campaign.slug) for letter in letters]


def is_letter_key(key: str) -> bool:
    return key.startswith(LETTER_KEY)
