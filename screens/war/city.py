"""A city in the terminal: its owner, governor and wall, its siege (Enter opens it), the armies
marching on it or before it (Enter opens one), the officers there and those arriving, and the
cities its roads lead to (Enter opens one). Read by dashboard/selectors/city.py."""

from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples

from battles.models import Army
from bbs.context import Context
from bbs.registry import screen, screen_make
from dashboard.selectors.city import CityView, city_detail
from screens.war.look import countdown, kingdom_style, local, name, owner, stars, wall_line
from screens.war.page import Line, WarPage, acts_hint, text


@screen("city")
class CityScreen(WarPage):
    def __init__(self, ctx: Context, *, city_id: int) -> None:
        super().__init__(ctx)
        self.city_id = city_id
        self.view: CityView | None = None
        self.title = _("City")
        self.missing = _("There is no such city in this campaign.")

    async def load(self) -> None:
        self.view = await self.ctx.db(city_detail, campaign=self.ctx.campaign, city_id=self.city_id, now=self.now())
        self.city, self.siege = self.view.city, self.view.siege
        self.title = _("City of %(city)s") % {"city": name(self.view.city.name)}

    def heading(self) -> list[StyleAndTextTuples]:
        if self.view is None:
            return []
        city = self.view.city
        style, kingdom = owner(city.kingdom, 12)
        governor = name(city.governor.name) if city.governor else "-"
        first: StyleAndTextTuples = [
            ("class:dim", _("Owner") + " "),
            (style, kingdom.rstrip() + "  "),
            ("class:dim", _("Kind") + " "),
            ("", city.get_kind_display() + "  "),
            ("class:dim", _("Governor") + " "),
            ("", governor),
        ]
        return [first, wall_line(city)]

    def lines(self) -> list[Line]:
        view = self.view
        if view is None:
            return []
        now = self.now()
        zone = self.ctx.campaign.zone
        out: list[Line] = []
        if view.siege is not None:
            siege = view.siege
            words = _("Under siege since %(since)s") % {"since": local(siege.started_at, zone)}
            out.append(Line(text(words + "  " + _("(Enter: the siege)"), "class:siege"), self._siege(siege.pk)))
            if view.next_period is not None:
                words = _("penalty period ends in %(in)s") % {"in": countdown(view.next_period, now)}
                out.append(Line(text("  " + words), self._siege(siege.pk)))
        out.append(Line(text(_("Armies marching on it or before it: %(n)s") % {"n": len(view.armies)}, "class:dim")))
        for army in view.armies:
            out.append(Line(self._army(army, now), self._army_screen(army.pk)))
        out.append(
            Line(
                text(
                    _("Officers here: %(n)s (%(online)s online)")
                    % {"n": len(view.present), "online": view.online_count},
                    "class:dim",
                )
            )
        )
        for present in view.present:
            officer = present.officer
            mark = _("online") if present.online else ""
            kingdom = name(officer.kingdom.name) if officer.kingdom else "-"
            out.append(
                Line(
                    [
                        ("", "  " + name(officer.name, 10) + " "),
                        (kingdom_style(officer.kingdom), kingdom + " "),
                        ("", f"{stars(officer)}  {officer.get_kind_display()}  "),
                        ("class:unread", mark),
                    ]
                )
            )
        for move in view.arriving:
            words = _("%(officer)s arrives from %(origin)s in %(in)s") % {
                "officer": name(move.officer.name),
                "origin": name(move.origin.name),
                "in": countdown(move.arrives_at, now),
            }
            out.append(Line(text("  " + words)))
        out.append(Line(text(_("Roads lead to:"), "class:dim")))
        for neighbour in view.neighbours:
            style, kingdom = owner(neighbour.kingdom, 8)
            row: StyleAndTextTuples = [
                ("", "  " + name(neighbour.name, 10) + " "),
                (style, kingdom),
                ("", f" {neighbour.wall}/{neighbour.wall_max}"),
            ]
            out.append(Line(row, self._city_screen(neighbour.pk)))
        return out

    def _army(self, army: Army, now) -> StyleAndTextTuples:
        parts: StyleAndTextTuples = [("", "  "), (kingdom_style(army.kingdom), name(army.kingdom.name) + " ")]
        words = army.get_status_display() + "  " + _("from %(city)s") % {"city": name(army.origin.name)}
        if army.status == Army.Status.MARCHING:
            words += "  " + _("arrives in %(in)s") % {"in": countdown(army.arrives_at, now)}
        else:
            words += "  " + _("morale %(n)s") % {"n": army.morale}
        return [*parts, ("", words)]

    def _siege(self, siege_id: int):
        return lambda: screen_make(self.ctx, "siege", siege_id=siege_id)

    def _army_screen(self, army_id: int):
        return lambda: screen_make(self.ctx, "army", army_id=army_id)

    def _city_screen(self, city_id: int):
        return lambda: CityScreen(self.ctx, city_id=city_id)

    def help(self) -> str:
        text = _(
            "A city: its owner, kind, governor and wall (a bar of its maximum), its siege, the armies "
            "marching on it or before it, the officers there (online or not) and those arriving, and the "
            "cities its roads lead to. The countdowns tick; a change shows by itself. ↑↓ move, Enter or → "
            "opens the siege, an army or a neighbouring city."
        )
        return text + " " + acts_hint()
