"""The boards in the terminal (lists, threads, pager, editor)."""

from django.utils.translation import gettext as _

from bbs.widgets import ListScreen


class BoardList(ListScreen):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.title = _("Boards")
