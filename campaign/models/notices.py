"""The outbox of notices (issue 11): a row per officer and duty, written in the same transaction
as the event that made the duty, delivered after commit by the worker (push now; mail later),
each channel once: what Redis or the mail server missed is found again by the sweeper."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The kinds of duty (battles/selectors/duties.py lists them; an officer chooses which are mailed).
DUTY_KINDS = [
    ("call", _("siege calls to take up")),
    ("stratagem", _("stratagem challenges")),
    ("pursuit", _("pursuits to order")),
    ("move", _("moves to approve")),
    ("promotion", _("promotions to decide")),
    ("claim", _("results to confirm")),
    ("ransom", _("ransoms to confirm")),
    ("retreat", _("retreat money to confirm")),
    ("game", _("games waiting or in play")),
    ("banqi", _("dark-chess games")),
]
MAIL_STATES = [
    ("", _("waiting")),
    ("sent", _("sent")),
    ("skip", _("not wanted")),
    ("void", _("not sent: the duty was gone")),
    ("held", _("held for the digest")),
    ("digested", _("sent in a digest")),
    ("bounced", _("refused by the mail server")),
]


class Notice(models.Model):
    class Push(models.TextChoices):
        WAITING = "", _("waiting")
        SENT = "sent", _("sent")
        VOID = "void", _("not sent: the duty was gone")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    officer = models.ForeignKey("campaign.Officer", on_delete=models.CASCADE, related_name="notices")
    key = models.CharField(
        max_length=64, db_index=True, help_text="the duty's key (battles/selectors/duties.py)"
    )  # indexed: a duty that ends finds everyone told of it
    created_at = models.DateTimeField()
    push = models.CharField(max_length=4, choices=Push.choices, default=Push.WAITING, blank=True)
    pushed_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True, help_text="a delivery under way (a lease)")
    attempts = models.PositiveSmallIntegerField(default=0)
    mail = models.CharField(max_length=8, choices=MAIL_STATES, default="", blank=True)
    mailed_at = models.DateTimeField(null=True, blank=True)
    mail_claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        constraints = [models.UniqueConstraint(fields=["officer", "key"], name="notice_once_per_officer")]
        indexes = [
            models.Index(fields=["created_at"], condition=Q(push=""), name="notice_push_waiting"),
            models.Index(fields=["created_at"], condition=Q(mail=""), name="notice_mail_waiting"),
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.officer_id}"


class MailSubscription(models.Model):
    """An officer's mail address for duties (issue 11), confirmed by a link, with the duty kinds
    they chose, quiet hours and the daily digest; one-click unsubscribe by its secret."""

    officer = models.OneToOneField("campaign.Officer", on_delete=models.CASCADE, related_name="mail")
    address = models.EmailField(max_length=254)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirm_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    unsubscribe_token = models.CharField(max_length=64, unique=True)
    kinds = models.JSONField(default=list, blank=True, help_text="duty kinds mailed (battles/selectors/duties.py)")
    quiet_from = models.PositiveSmallIntegerField(null=True, blank=True, help_text="minutes after local midnight")
    quiet_until = models.PositiveSmallIntegerField(null=True, blank=True)
    digest = models.BooleanField(default=False, help_text="one mail a day instead of one per duty")
    digest_minute = models.PositiveSmallIntegerField(default=8 * 60, help_text="when the digest goes, local time")
    language = models.CharField(max_length=10)
    unsubscribed_at = models.DateTimeField(null=True, blank=True)
    bounced_at = models.DateTimeField(null=True, blank=True)
    last_digest_on = models.DateField(null=True, blank=True, help_text="the local day of the last digest")
    digest_claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("mail subscription")
        verbose_name_plural = _("mail subscriptions")

    def __str__(self) -> str:
        return f"{self.officer_id}: {self.address}"

    @property
    def active(self) -> bool:
        return self.confirmed_at is not None and self.unsubscribed_at is None and self.bounced_at is None
