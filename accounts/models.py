"""Personal access tokens for the public API: made and revoked by their user on the
site, shown once, kept only as a SHA-256 digest (a token is 256 random bits: a fast digest is
as safe as a slow one), scoped to reading or to reading and acting."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AccessToken(models.Model):
    class Scope(models.TextChoices):
        READ = "read", _("read only")
        ACT = "act", _("read and act")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="access_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=60)
    scope = models.CharField(_("scope"), max_length=4, choices=Scope.choices)
    # the token's first characters, to tell tokens apart
    prefix = models.CharField(max_length=12, verbose_name=_("prefix"))
    digest = models.CharField(max_length=64, unique=True, verbose_name=_("digest"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    last_used_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last used at"))
    revoked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked at"))

    class Meta:
        verbose_name = _("access token")
        verbose_name_plural = _("access tokens")
        db_table = "campaign_accesstoken"  # the table it had as the campaign's
        indexes = [models.Index(fields=["user", "-created_at"], name="token_user_newest")]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
