from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendlyConfig(AppConfig):
    name = "friendly"
    verbose_name = _("Friendly games")

    def ready(self) -> None:
        from friendly.fanout import register  # deferred: the channel layer's settings are read only now

        register()
