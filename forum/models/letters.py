"""Letters (站內信): private mail between two officers of one campaign, as PTT's mail between
users. Each side keeps the letter in its own box (the recipient's inbox, the sender's sent
letters) until it removes it there; only those two ever read it."""

from django.db import models
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

# The outbox's key of a letter's notice (campaign/services/notices.py): a letter is not a duty, so
# its notice is told apart by this prefix.
LETTER_KEY = "letter:"


class Letter(models.Model):
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    sender = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="letters_sent", verbose_name=_("sender")
    )
    recipient = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="letters_received", verbose_name=_("recipient")
    )
    reply_to = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="replies",
        verbose_name=_("in reply to"),
    )
    subject = models.CharField(max_length=120, verbose_name=_("subject"))
    body = models.TextField(verbose_name=_("text"))
    html = models.TextField(verbose_name=_("rendered text"))  # Markdown made safe once, as a post's
    sent_at = models.DateTimeField(verbose_name=_("sent at"))
    read_at = models.DateTimeField(null=True, blank=True, verbose_name=_("read at"))
    sender_removed = models.BooleanField(default=False, verbose_name=_("removed by the sender"))
    recipient_removed = models.BooleanField(default=False, verbose_name=_("removed by the recipient"))
    # The compose form's one-time token (a double submit sends one letter).
    event_key = models.CharField(max_length=64, null=True, blank=True, unique=True, verbose_name=_("event key"))

    class Meta:
        db_table = "campaign_letter"  # the table it had in campaign
        verbose_name = _("letter")
        verbose_name_plural = _("letters")
        constraints = [
            models.CheckConstraint(condition=~Q(sender=F("recipient")), name="letter_to_another_officer"),
        ]
        indexes = [
            models.Index(fields=["recipient", "-sent_at"], condition=Q(recipient_removed=False), name="letter_inbox"),
            models.Index(fields=["sender", "-sent_at"], condition=Q(sender_removed=False), name="letter_sent"),
            models.Index(
                fields=["recipient"], condition=Q(read_at__isnull=True, recipient_removed=False), name="letter_unread"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sender_id} → {self.recipient_id}: {self.subject}"

    @property
    def notice_key(self) -> str:
        return f"{LETTER_KEY}{self.pk}"


def unread_letters():
    """The officer row's count of letters waiting unread in their inbox, as an annotation (one
    subquery in the query that reads the officer: the navigation bar's count costs no query)."""
    unread = (
        Letter.objects.filter(recipient=OuterRef("pk"), read_at__isnull=True, recipient_removed=False)
        .order_by()
        .values("recipient")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(unread), 0)
