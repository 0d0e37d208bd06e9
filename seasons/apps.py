from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons")

    def ready(self) -> None:
        from seasons.services import season_end, season_life  # noqa: F401  deferred: models first; WAR_* handlers
