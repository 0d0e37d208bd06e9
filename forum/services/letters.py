"""Letters (站內信): an officer writes to another officer of the campaign, the recipient reads it,
and each side removes it from their own box. The boards' checks are the letters' too: the same
text checks and limits as a post, Markdown made safe once (forum/markup.py), the boards'
posting rate (a letter counts as a post: BOARD_POST_RATE) and the form's one-time token against a
double submit. A letter's arrival is a notice in the outbox (campaign/services/notices.py),
delivered live to the recipient's pages and, as they chose, by mail and to their devices; it is
not a duty and is not counted among the duties."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_campaign_open
from campaign.errors import RuleViolation
from campaign.models import Officer
from campaign.services.notices import duties_recount, notices_send
from campaign.text_refusals import checked_text
from forum.markup import render_markdown
from forum.models import Letter
from forum.selectors.letters import letter_of
from forum.services.boards import MAX_BODY, MAX_TITLE, check_rate, nonce_ok

MAX_SUBJECT = MAX_TITLE


def _recipient(actor: Officer, recipient: Officer | str) -> Officer:
    """The officer written to: named (as the forms, the API and the terminal take it) or given."""
    if isinstance(recipient, str):
        name = recipient.strip()
        if not name:
            raise RuleViolation("R1.5", _("A letter needs a recipient: the name of an officer of this campaign."))
        found = Officer.objects.filter(campaign_id=actor.campaign_id, name=name[:50]).first()
        if found is None:
            raise RuleViolation(
                "R1.5", _("There is no officer named “%(name)s” in this campaign.") % {"name": name[:50]}
            )
        recipient = found
    if recipient.campaign_id != actor.campaign_id:
        raise RuleViolation("R1.5", _("A letter goes only to an officer of the same campaign."))
    if recipient.pk == actor.pk:
        raise RuleViolation("R1.5", _("A letter goes to another officer, not to oneself."))
    return recipient


def _check_letter(subject: str, body: str) -> None:
    checked_text(subject, field=_("subject"), clause="", max_length=MAX_SUBJECT, multiline=False)
    checked_text(body, field=_("text"), clause="", max_length=MAX_BODY)
    if not subject.strip():
        raise RuleViolation("", _("A letter needs a subject."))
    if not body.strip():
        raise RuleViolation("", _("A letter needs some text."))


def _answered(actor: Officer, reply_to: Letter | int | None) -> Letter | None:
    """The letter answered: one in the actor's own boxes (another's, as none, is refused)."""
    if reply_to is None:
        return None
    letter_id = reply_to.pk if isinstance(reply_to, Letter) else reply_to
    try:
        return letter_of(officer=actor, letter_id=letter_id)
    except Letter.DoesNotExist:
        raise RuleViolation("R1.5", _("The letter answered is not in your letters.")) from None


def letter_send(
    *,
    actor: Officer,
    recipient: Officer | str,
    subject: str,
    body: str,
    nonce: str = "",
    reply_to: Letter | int | None = None,
) -> Letter:
    """The actor writes to an officer of the same campaign (by name, or the officer). Refused,
    changing nothing: an unknown officer, one of another campaign, oneself, an empty or too long
    subject or text, text with control characters, past the posting rate, in an ended campaign.
    A reply names the letter it answers (one in the actor's boxes) and goes, with no recipient
    named, to its other party. The same form sent twice (same `nonce`) sends one letter."""
    require_campaign_open(actor.campaign)
    answered = _answered(actor, reply_to)
    if answered is not None and (not isinstance(recipient, str) or not recipient.strip()):
        recipient = answered.sender if answered.recipient_id == actor.pk else answered.recipient
    to = _recipient(actor, recipient)
    _check_letter(subject, body)
    key = f"letter:{actor.pk}:{nonce}" if nonce_ok(nonce) else None
    if key and (existing := Letter.objects.filter(event_key=key).first()):
        return existing
    check_rate(actor)
    html = render_markdown(body)  # before the transaction, as a post's
    try:
        with transaction.atomic():
            letter = Letter.objects.create(
                campaign_id=actor.campaign_id,
                sender=actor,
                recipient=to,
                reply_to=answered,
                subject=subject.strip(),
                body=body,
                html=html,
                sent_at=clock.now(),
                event_key=key,
            )
            notices_send(campaign_id=actor.campaign_id, officer_ids=[to.pk], key=letter.notice_key)
    except IntegrityError:
        if key is None:
            raise
        return Letter.objects.get(event_key=key)
    return letter


def letter_read(*, actor: Officer, letter_id: int) -> Letter:
    """The actor opens a letter of their boxes (another's, none, or one removed: DoesNotExist).
    The recipient's first reading marks it read; their open pages' count follows (the notice's
    refresh), and so does the count read with the actor (`unread_letters`, when it was)."""
    letter = letter_of(officer=actor, letter_id=letter_id)
    if letter.recipient_id != actor.pk or letter.read_at is not None:
        return letter
    now = clock.now()
    with transaction.atomic():
        marked = Letter.objects.filter(pk=letter.pk, read_at__isnull=True).update(read_at=now)
        if marked:
            duties_recount(key=letter.notice_key)
    if marked:
        letter.read_at = now
        if hasattr(actor, "unread_letters"):
            actor.unread_letters = max(0, actor.unread_letters - 1)
    return letter


def letter_remove(*, actor: Officer, letter_id: int) -> Letter:
    """The actor removes a letter from their own box (the other side keeps theirs). Another's
    letter is not found (DoesNotExist: 404), as one already removed."""
    letter = letter_of(officer=actor, letter_id=letter_id)  # none for anyone but its two officers
    side = "recipient_removed" if letter.recipient_id == actor.pk else "sender_removed"
    with transaction.atomic():
        Letter.objects.filter(pk=letter.pk).update(**{side: True})
        if side == "recipient_removed" and letter.read_at is None:
            duties_recount(key=letter.notice_key)  # an unread letter removed: the count drops
    setattr(letter, side, True)
    return letter
