from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoomConfig(AppConfig):
    name = "room"
    verbose_name = _("Game room")

    def ready(self) -> None:
        from room.fanout import register  # deferred: the channel layer's settings are read only now

        register()
