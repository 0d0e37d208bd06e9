from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")

    def ready(self) -> None:
        from campaign.registry import register_all  # deferred: the models are loaded only now

        register_all()  # every timer handler and watched table of the campaign
