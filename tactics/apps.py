from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TacticsConfig(AppConfig):
    name = "tactics"
    verbose_name = _("Hero tactics")

    def ready(self) -> None:
        from tactics.fanout import register  # deferred: the channel layer's settings are read only now

        register()
