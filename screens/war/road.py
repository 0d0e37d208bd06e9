"""Those on the road, as the dashboard page's table of them: each officer travelling, from where
to where, when they arrive and in how long (ticking), the soonest first; the first page's worth
(DASHBOARD_CITIES_PER_PAGE) as on the web. Read with the dashboard (screens/war/dashboard.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from prompt_toolkit.formatted_text import StyleAndTextTuples

from bbs.context import Context
from bbs.registry import screen
from bbs.text import fit
from dashboard.selectors.dashboard import Dashboard
from dashboard.selectors.dashboard_kept import dashboard_kept
from screens.war.look import countdown, kingdom_style, local, name
from screens.war.page import Line, WarPage, text


@screen("road")
class RoadScreen(WarPage):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("On the road")
        self.dash: Dashboard | None = None

    async def load(self) -> None:
        self.dash = await self.ctx.db(dashboard_kept, self.ctx.campaign, None, 1)

    def heading(self) -> list[StyleAndTextTuples]:
        columns = "  " + fit(_("Officer"), 11) + fit(_("From"), 9) + fit(_("To"), 9) + fit(_("Arrives"), 16) + _("In")
        return [[("class:dim", columns)]]

    def lines(self) -> list[Line]:
        if self.dash is None:
            return []
        now, zone = self.now(), self.ctx.campaign.zone
        out = []
        for move in self.dash.on_the_road:
            out.append(
                Line(
                    [
                        (kingdom_style(move.officer.kingdom), name(move.officer.name, 10) + " "),
                        ("", name(move.origin.name, 8) + " " + name(move.destination.name, 8) + " "),
                        ("", fit(local(move.arrives_at, zone, "%m-%d %H:%M:%S"), 16)),
                        ("", countdown(move.arrives_at, now)),
                    ]
                )
            )
        return out

    def footing(self) -> list[StyleAndTextTuples]:
        if self.dash is not None and self.dash.more_on_the_road:
            n = self.dash.per_page or 0
            shown = ngettext("The first %(n)s to arrive are shown.", "The first %(n)s to arrive are shown.", n)
            return [text(shown % {"n": n}, "class:dim")]
        return []

    def empty_text(self) -> str:
        return _("Loading…") if not self.loaded else _("Nobody is on the road.")

    def help(self) -> str:
        return _(
            "Those on the road, as on the dashboard page: each officer travelling (in their kingdom's colour), "
            "from where to where, when they arrive and in how long, the soonest first. The countdowns tick; "
            "a change shows by itself."
        )
