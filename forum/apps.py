from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ForumConfig(AppConfig):
    name = "forum"
    verbose_name = _("Forum")

    def ready(self) -> None:
        from forum.registry import register_all  # deferred: the models are loaded only now

        register_all()
