from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")

    def ready(self) -> None:
        from campaign import freshness, services  # noqa: F401  registers the timer handlers
        from campaign.models import Board, Campaign, Kingdom, Move, Officer
        from cities.models import City, Road

        # What the dashboard and the map show (issue 14: their refresh is a 304 until one changes).
        for model in (Campaign, Kingdom, Officer, Move, Board, City, Road):
            freshness.watch(model)
