"""How players join a kingdom: invitation links and applications, admitted by the king or an organiser."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    """A link into one kingdom, made by its king or an organiser: it expires, has a number of
    uses, and may be revoked. Following it makes an application marked as invited."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="invitations", verbose_name=_("campaign")
    )
    kingdom = models.ForeignKey(
        "campaign.Kingdom", on_delete=models.CASCADE, related_name="invitations", verbose_name=_("kingdom")
    )
    # Stored as a hash (SHA-256 hex) of the secret in the link, as access tokens are.
    token_hash = models.CharField(max_length=64, unique=True, editable=False, verbose_name=_("token hash"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("made by")
    )
    created_at = models.DateTimeField(_("made at"))
    expires_at = models.DateTimeField(_("expires at"))
    max_uses = models.PositiveIntegerField(_("uses allowed"), default=1)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        db_table = "campaign_invitation"  # the table it had in campaign
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [models.CheckConstraint(condition=Q(uses__lte=models.F("max_uses")), name="invitation_uses")]

    def __str__(self) -> str:
        return f"{self.kingdom} {self.created_at:%Y-%m-%d}"


class Application(models.Model):
    """A user's request to join a kingdom (by invitation or with a message), decided by its king or
    an organiser: admitted as an officer with name, stars, kind, title and starting city, or refused
    with a reason. One pending application per user per campaign."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        ADMITTED = "admitted", _("admitted")
        REFUSED = "refused", _("refused")
        WITHDRAWN = "withdrawn", _("withdrawn")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="applications", verbose_name=_("campaign")
    )
    kingdom = models.ForeignKey(
        "campaign.Kingdom", on_delete=models.CASCADE, related_name="applications", verbose_name=_("kingdom")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="applications", verbose_name=_("user")
    )
    invitation = models.ForeignKey(
        Invitation, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("invitation")
    )
    message = models.TextField(_("message"), max_length=2000, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.TextField(_("reason"), max_length=2000, blank=True)
    # The applicant's language when they applied: the mail of the decision is written in it.
    language = models.CharField(_("language"), max_length=10, blank=True)
    created_at = models.DateTimeField(_("applied at"))
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
    )
    officer = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("officer"),
    )

    class Meta:
        db_table = "campaign_application"  # the table it had in campaign
        verbose_name = _("application")
        verbose_name_plural = _("applications")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user"], condition=Q(status="pending"), name="application_one_pending"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.kingdom}"

    @property
    def duty_key(self) -> str:
        """The king's duty to decide it (battles/selectors/duties.py) and the notice that told them:
        one per applicant and kingdom, so that applying again (after a withdrawal, a refusal, an
        invitation followed) is the same duty, told once, however often it is repeated."""
        return f"application:{self.kingdom_id}.{self.user_id}:pending"
