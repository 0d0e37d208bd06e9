"""The dashboard in the terminal, PTT-like: a table of the campaign's cities (owner in the
kingdom's colour, the wall as a bar with its number, the governor, who is there, the war at the
city with its countdowns), a page of cities at a time and a kingdom filter as on the web, read
through the web's own selector (dashboard/selectors/dashboard.py) and kept current as the web's
open dashboards are (screens/war/page.py). Enter opens a city."""

from django.conf import settings
from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from battles.models import Army
from bbs.context import Context
from bbs.registry import screen, screen_make, screen_open
from bbs.text import fit, width
from dashboard.selectors.dashboard import CityRow, Dashboard
from dashboard.selectors.dashboard_kept import dashboard_kept
from screens.war.look import bar, countdown, kingdom_style, local, name, owner
from screens.war.page import Line, WarPage, acts_hint
from screens.war.search import CitySearch

BAR = 10  # cells of a wall's bar on the dashboard, fewer (down to BAR_LEAST) where the war column needs them
BAR_LEAST = 4
FIXED = 2 + 4 + 9 + 7 + 2 + 9 + 6  # the cursor, No., City, Owner, the wall's spaces, Governor, Here


@screen("dashboard")
class DashboardScreen(CitySearch, WarPage):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.search_init()
        self.title = _("The war's dashboard")
        self.dash: Dashboard | None = None
        self.kingdom_id: int | None = None
        self.page = 1

    async def load(self) -> None:
        self.dash = await self.ctx.db(dashboard_kept, self.ctx.campaign, self.kingdom_id, self.page)
        self.page = self.dash.page

    def heading(self) -> list[StyleAndTextTuples]:
        chosen = self.dash.kingdom if self.dash is not None else None
        shown = name(chosen.name) if chosen is not None else _("all kingdoms")
        pages = _("page %(page)s") % {"page": self.page}
        top = _("Kingdom: %(kingdom)s (f changes)  %(page)s") % {"kingdom": shown, "page": pages}
        columns = (
            "  "
            + fit(_("No."), 4)
            + fit(_("City"), 9)
            + fit(_("Owner"), 7)
            + fit(_("Wall"), self._bar_cells() + self._wall_width() + 2)
            + fit(_("Governor"), 9)
            + fit(_("Here"), 6)
            + _("War")
        )
        return [[("class:dim", top)], [("class:dim", columns)]]

    def lines(self) -> list[Line]:
        if self.dash is None:
            return []
        now, cells, wall = self.now(), self._bar_cells(), self._wall_width()
        return [
            Line(self._row(index, row, now, cells, wall), self._opener(row)) for index, row in enumerate(self.dash.rows)
        ]

    def names(self) -> list[str]:
        return [row.city.name for row in self.dash.rows] if self.dash is not None else []

    def key_bindings(self) -> KeyBindings:
        return self.search_keys(super().key_bindings())

    def page_rows(self) -> int:
        return max(super().page_rows() - (1 if self.searching else 0), 1)

    def number_of(self, index: int) -> int:
        per_page = settings.DASHBOARD_CITIES_PER_PAGE
        return (self.page - 1) * per_page + index + 1

    def _opener(self, row: CityRow):
        return lambda: screen_make(self.ctx, "city", city_id=row.city.pk)

    def _wall_width(self) -> int:
        """The wall's number as wide as the page's widest (`800/800`), not a fixed ten columns."""
        rows = self.dash.rows if self.dash is not None else []
        return max([len(f"{row.city.wall}/{row.city.wall_max}") for row in rows], default=7)

    def _bar_cells(self) -> int:
        """The bar gives up cells (down to BAR_LEAST) where the page's widest war column would
        not fit the terminal otherwise: the army's morale at 80 columns (R4.5)."""
        rows = self.dash.rows if self.dash is not None else []
        now = self.now()
        war = max((width("".join(part[1] for part in self._war(row, now)).rstrip()) for row in rows), default=0)
        room = self.ctx.columns - FIXED - self._wall_width() - war
        return max(BAR_LEAST, min(BAR, room))

    def _row(self, index: int, row: CityRow, now, cells: int, wall: int) -> StyleAndTextTuples:
        city = row.city
        style, kingdom = owner(city.kingdom, 6)
        governor = name(city.governor.name, 8) if city.governor else fit("-", 8)
        return [
            ("", f"{self.number_of(index):>3} "),
            ("class:city", name(city.name, 8) + " "),
            (style, kingdom + " "),
            *bar(city.wall, city.wall_max, cells),
            ("", " " + fit(f"{city.wall}/{city.wall_max}", wall + 1)),
            ("", governor + " "),
            ("", fit(f"{len(row.present)}({row.online_count})", 6)),
            *self._war(row, now),
        ]

    def _war(self, row: CityRow, now) -> StyleAndTextTuples:
        """The war at the city, most pressing first: its siege (the period's countdown, a live
        game), the armies marching on it or before it, the officers arriving."""
        out: StyleAndTextTuples = []
        if row.siege is not None:
            out.append(("class:siege", _("siege") + " "))
            if row.live_games:
                out.append(("class:live", _("live game") + " "))
            if row.next_period is not None:
                out.append(("", countdown(row.next_period, now) + " "))
        for army in row.armies:
            out.append((kingdom_style(army.kingdom), name(army.kingdom.name) + " "))
            if army.status == Army.Status.MARCHING:
                out.append(("", countdown(army.arrives_at, now) + " "))
            else:
                out.append(("", _("morale %(n)s") % {"n": army.morale} + " "))
        if row.arriving:
            soonest = row.arriving[0]
            out.append(
                ("", _("+%(n)s arriving %(in)s") % {"n": len(row.arriving), "in": countdown(soonest.arrives_at, now)})
            )
        return out

    def footing(self) -> list[StyleAndTextTuples]:
        if self.dash is None:
            return []
        now = self.now()
        parts = [_("On the road: %(n)s (r lists them)") % {"n": len(self.dash.on_the_road)}]
        if self.dash.next_day is not None:
            parts.append(
                _("daily change (R7.1) %(at)s, in %(in)s")
                % {"at": local(self.dash.next_day, self.ctx.campaign.zone), "in": countdown(self.dash.next_day, now)}
            )
        if self.dash.has_next:
            parts.append(_("PgDn: more cities"))
        return [[("class:dim", "  ".join(parts))]]

    def empty_text(self) -> str:
        return _("Loading…") if not self.loaded else _("No cities.")

    def footer(self) -> str:
        return _("? help  Enter open  a acts  / search  f kingdom  r roads  PgUp PgDn  q back")

    def more_keys(self, keys: KeyBindings) -> None:
        super().more_keys(keys)

        @keys.add("r")
        def _road(event):
            screen_open(self.ctx, "road")

        @keys.add("f")
        def _filter(event):
            if self.dash is None or not self.dash.kingdoms:
                return
            ids = [None] + [k.pk for k in self.dash.kingdoms]
            self.kingdom_id = ids[(ids.index(self.kingdom_id) + 1) % len(ids)] if self.kingdom_id in ids else None
            self._turn(1)

    def page_down(self) -> None:
        rows = len(self.rows())
        on_last = self.cursor // self.page_rows() >= (max(rows - 1, 0)) // self.page_rows()
        if on_last and self.dash is not None and self.dash.has_next:
            self._turn(self.page + 1)
        else:
            self._move(self.page_rows())

    def page_up(self) -> None:
        if self.cursor < self.page_rows() and self.page > 1:
            self._turn(self.page - 1)
        else:
            self._move(-self.page_rows())

    def _turn(self, page: int) -> None:
        self.page, self.cursor = page, 0
        self.ctx.spawn(self._read())

    def help(self) -> str:
        text = _(
            "The war's dashboard, as on the site: each city with its owner (in the kingdom's colour), its wall "
            "as a bar and a number of its maximum, its governor, the officers there (online in brackets), and "
            "the war at it: a siege with the end of its penalty period, the armies marching on it (their "
            "arrival) or before it (their morale), the officers arriving. The countdowns tick; a change "
            "shows by itself. ↑↓ move, Enter or → opens a city, f shows one kingdom's cities (then the next, "
            "then all), PgDn/PgUp turn the page, / finds a city by its name (n the next), r lists those on the road."
        )
        return text + " " + acts_hint()
