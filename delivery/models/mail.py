"""An officer's mail for their duties: the address, confirmed by a link, the kinds of duty they
chose, quiet hours and the daily digest (the outbox's second channel)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class MailSubscription(models.Model):
    """An officer's mail address for duties, confirmed by a link, with the duty kinds
    they chose, quiet hours and the daily digest; one-click unsubscribe by its secret."""

    officer = models.OneToOneField(
        "campaign.Officer", on_delete=models.CASCADE, related_name="mail", verbose_name=_("officer")
    )
    address = models.EmailField(max_length=254, verbose_name=_("address"))
    confirmed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("confirmed at"))
    confirm_token = models.CharField(max_length=64, null=True, blank=True, unique=True, verbose_name=_("confirm token"))
    unsubscribe_token = models.CharField(max_length=64, unique=True, verbose_name=_("unsubscribe token"))
    kinds = models.JSONField(
        default=list,
        blank=True,
        help_text=_("duty kinds mailed (battles/selectors/duties.py)"),
        verbose_name=_("duty kinds"),
    )
    quiet_from = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("minutes after local midnight"), verbose_name=_("quiet from")
    )
    quiet_until = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("quiet until"))
    digest = models.BooleanField(
        default=False, help_text=_("one mail a day instead of one per duty"), verbose_name=_("digest")
    )
    digest_minute = models.PositiveSmallIntegerField(
        default=8 * 60, help_text=_("when the digest goes, local time"), verbose_name=_("digest minute")
    )
    language = models.CharField(max_length=10, verbose_name=_("language"))
    unsubscribed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("unsubscribed at"))
    bounced_at = models.DateTimeField(null=True, blank=True, verbose_name=_("bounced at"))
    last_digest_on = models.DateField(
        null=True, blank=True, help_text=_("the local day of the last digest"), verbose_name=_("last digest on")
    )
    digest_claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("digest claimed at"))

    class Meta:
        db_table = "campaign_mailsubscription"  # the table it had in campaign
        verbose_name = _("mail subscription")
        verbose_name_plural = _("mail subscriptions")

    def __str__(self) -> str:
        return f"{self.officer_id}: {self.address}"

    @property
    def active(self) -> bool:
        return self.confirmed_at is not None and self.unsubscribed_at is None and self.bounced_at is None
