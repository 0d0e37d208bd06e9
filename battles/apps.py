from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = _("Battles")

    def ready(self) -> None:
        from battles.registry import register_all  # deferred: the models are loaded only now

        register_all()  # every timer handler, hook, watcher and watched table of the war
