from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandbookConfig(AppConfig):
    """What players and organisers read on the site: the rules of the war, clause by clause, and
    the help pages (joining, moving, sieges, games, the terminal, organising, world files)."""

    name = "handbook"
    verbose_name = _("Rules and help")
