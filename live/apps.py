from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = _("Live")

    def ready(self) -> None:
        from live.registry import register_all  # deferred: the models are loaded only now

        register_all()
