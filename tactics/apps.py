from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TacticsConfig(AppConfig):
    name = "tactics"
    verbose_name = _("Hero tactics")

    def ready(self) -> None:
        from tactics.fanout import register  # deferred: the channel layer's settings are read only now
        from tactics.registry import register_all  # deferred: the models are loaded only now

        register()
        register_all()
