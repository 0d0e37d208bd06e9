"""allauth's two-factor authenticators in the admin, for site admins (the authenticator of a player
who lost their phone and their recovery codes is removed there): named in the reader's language,
which allauth's model leaves to its class and field names."""

from allauth.mfa.models import Authenticator
from django.utils.translation import gettext_lazy as _

Authenticator._meta.verbose_name = _("two-factor authenticator")
Authenticator._meta.verbose_name_plural = _("two-factor authenticators")
for field, name in (
    ("user", _("user")),
    ("type", _("kind")),
    ("created_at", _("set up at")),
    ("last_used_at", _("last used at")),
):
    Authenticator._meta.get_field(field).verbose_name = name
