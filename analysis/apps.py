from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = _("Analysis")

    def ready(self) -> None:
        from analysis.registry import register_all  # deferred: the models are loaded only now

        register_all()
