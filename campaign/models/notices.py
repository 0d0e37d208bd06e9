"""The outbox of notices of duties: a row per officer and duty, written in the same transaction
as the event that made the duty, delivered after commit by the worker (push now; mail later),
each channel once: what Redis or the mail server missed is found again by the sweeper."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The kinds of duty (battles/selectors/duties.py lists them; an officer chooses which are mailed).
DUTY_KINDS = [
    ("march", _("armies marching on your city")),
    ("call", _("siege calls to take up")),
    ("stratagem", _("stratagem challenges")),
    ("pursuit", _("pursuits to order")),
    ("move", _("moves to approve, and your own decided")),
    ("promotion", _("promotions to decide")),
    ("claim", _("results to confirm")),
    ("ransom", _("ransoms to confirm")),
    ("retreat", _("retreat money to confirm")),
    ("game", _("games waiting or in play")),
    ("banqi", _("dark-chess games")),
    ("application", _("applications to join the kingdom")),
    # Not a duty (it is not counted among them), but told by the same outbox and chosen the same way.
    ("letter", _("letters from other officers")),
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

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="notices", verbose_name=_("officer")
    )
    key = models.CharField(
        max_length=64, db_index=True, help_text=_("the duty's key (battles/selectors/duties.py)"), verbose_name=_("key")
    )  # indexed: a duty that ends finds everyone told of it
    created_at = models.DateTimeField(verbose_name=_("created at"))
    push = models.CharField(
        max_length=4, choices=Push.choices, default=Push.WAITING, blank=True, verbose_name=_("push delivery")
    )
    pushed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("pushed at"))
    claimed_at = models.DateTimeField(
        null=True, blank=True, help_text=_("a delivery under way (a lease)"), verbose_name=_("claimed at")
    )
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    mail = models.CharField(max_length=8, choices=MAIL_STATES, default="", blank=True, verbose_name=_("mail delivery"))
    mailed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("mailed at"))
    mail_claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("mail claimed at"))
    # Web Push, the third channel (delivery/models/push.py): "" until the notice is handed to each
    # of the officer's devices (a PushDelivery row each), under its own lease.
    devices = models.CharField(max_length=4, default="", blank=True, verbose_name=_("devices"))
    devices_claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("devices claimed at"))

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        constraints = [models.UniqueConstraint(fields=["officer", "key"], name="notice_once_per_officer")]
        indexes = [
            models.Index(fields=["created_at"], condition=Q(push=""), name="notice_push_waiting"),
            models.Index(fields=["created_at"], condition=Q(mail=""), name="notice_mail_waiting"),
            models.Index(fields=["created_at"], condition=Q(devices=""), name="notice_devices_waiting"),
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.officer_id}"
