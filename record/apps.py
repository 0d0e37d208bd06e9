from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RecordConfig(AppConfig):
    name = "record"
    verbose_name = _("Record of the war")
