from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameScreensConfig(AppConfig):
    name = "gamescreens"
    verbose_name = _("Terminal game screens")

    def ready(self) -> None:
        import gamescreens.all_screens  # noqa: F401  deferred: models first; each screen registers
