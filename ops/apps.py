from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpsConfig(AppConfig):
    """The operators' side: the health check, `/ops/`, the demo and the commands that run the site."""

    name = "ops"
    verbose_name = _("Operations")

    def ready(self) -> None:
        # deferred: until the apps are ready; registers `check --deploy`'s warning on the demo's accounts
        from ops import checks  # noqa: F401
