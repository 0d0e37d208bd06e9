"""allauth's two-factor authenticators in the admin, for site admins (the authenticator of a player
who lost their phone and their recovery codes is removed there): named in the reader's language,
which allauth's model leaves to its class and field names. The users' page names the permissions
in the reader's language too (the right to organise campaigns is given there)."""

from allauth.mfa.models import Authenticator
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import Permission, User
from django.utils.translation import gettext
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


def permission_named(permission: Permission) -> str:
    """A permission as the admin lists it, its name in the reader's language (the table keeps the
    English the model declared: "Can organise campaigns" is translated in our catalogue)."""
    return f"{permission.content_type} | {gettext(permission.name)}"


class UserAdmin(DjangoUserAdmin):
    """Django's user admin, whose permission list names each permission in the reader's language."""

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if db_field.name == "user_permissions" and field is not None:
            field.label_from_instance = permission_named  # type: ignore[method-assign,assignment]
        return field


admin.site.unregister(User)
admin.site.register(User, UserAdmin)
