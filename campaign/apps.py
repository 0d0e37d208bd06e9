from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")

    def ready(self) -> None:
        from campaign import (  # noqa: F401  registers the checks and the timer handlers
            checks,
            services,
        )
