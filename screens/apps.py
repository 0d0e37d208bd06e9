from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScreensConfig(AppConfig):
    name = "screens"
    verbose_name = _("Terminal screens")

    def ready(self) -> None:
        import screens.all_screens  # noqa: F401  deferred: models first; each screen registers
