from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = _("Games")

    def ready(self) -> None:
        from play.registry import register_all  # deferred: the models are loaded only now

        register_all()  # the games' timer handlers
