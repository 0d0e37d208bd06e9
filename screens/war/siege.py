"""A siege in the terminal, as the siege page shows it (battles/selectors/siege.py siege_detail):
the wall with its maximum, what the clock does next at the city (ticking), the defence roster,
each besieging army with its morale and members (Enter opens the army), the wall's last changes
(the ledger's lines) and the siege's games with their results. The games are `games`, in the
order shown, and `chosen_game()` is the one under the cursor."""

from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples

from battles.selectors.siege import SiegeView, siege_detail
from bbs.context import Context
from bbs.registry import screen, screen_make
from play.models import Game
from screens.war.look import countdown, kingdom_style, local, name, stars, wall_line
from screens.war.page import Line, WarPage, acts_hint, text


@screen("siege")
class SiegeScreen(WarPage):
    def __init__(self, ctx: Context, *, siege_id: int) -> None:
        super().__init__(ctx)
        self.siege_id = siege_id
        self.view: SiegeView | None = None
        self.title = _("Siege")
        self.missing = _("There is no such siege in this campaign.")
        self.games: list[Game] = []
        self._game_lines: dict[int, Game] = {}  # line index -> the game on it

    async def load(self) -> None:
        self.view = await self.ctx.db(
            siege_detail, siege_id=self.siege_id, campaign=self.ctx.campaign, viewer=self.ctx.officer
        )
        self.siege, self.city, self.games = self.view.siege, self.view.siege.city, self.view.games
        self.title = _("Siege of %(city)s") % {"city": name(self.view.siege.city.name)}

    def chosen_game(self) -> Game | None:
        self.lines()
        return self._game_lines.get(self.cursor)

    def heading(self) -> list[StyleAndTextTuples]:
        if self.view is None:
            return []
        siege, city = self.view.siege, self.view.siege.city
        zone = self.ctx.campaign.zone
        first = text(
            f"{siege.get_status_display()}  " + _("since %(since)s") % {"since": local(siege.started_at, zone)},
            "class:siege",
        )
        return [first, wall_line(city)]

    def lines(self) -> list[Line]:
        view = self.view
        if view is None:
            return []
        now = self.now()
        zone = self.ctx.campaign.zone
        out: list[Line] = []
        if view.due:
            out.append(Line(text(_("Due next"), "class:dim")))
        for what, when in view.due:
            words = f"  {local(when, zone, '%m-%d %H:%M:%S')}  " + _("in %(in)s") % {"in": countdown(when, now)}
            out.append(Line([("", words + "  "), ("", name(what))]))  # it holds kingdoms' names
        out.append(Line(text(_("Defence roster"), "class:dim")))
        for defender in view.roster:
            officer = defender.officer
            out.append(Line(text(f"  {defender.get_rank_display()}  {name(officer.name)} ({stars(officer)})")))
        if not view.roster:
            out.append(Line(text("  " + _("Nobody defends the city."), "class:dim")))
        for army in view.armies:
            out.extend(self._army(army))
        out.extend(self._ledger())
        out.extend(self._games(first=len(out)))
        return out

    def _army(self, army) -> list[Line]:
        words = "  " + _("morale %(n)s") % {"n": army.morale} + f"  {army.get_status_display()}"
        if army.end_reason:
            words += "  " + name(army.end_reason)
        head: StyleAndTextTuples = [
            (kingdom_style(army.kingdom), name(army.kingdom.name)),
            ("", words + "  " + _("(Enter: the army)")),
        ]
        out = [Line(head, lambda: screen_make(self.ctx, "army", army_id=army.pk))]
        for member in army.members.all():
            officer = member.officer
            row = (
                f"  {member.get_rank_display()}  {name(officer.name)} ({stars(officer)})  {member.get_status_display()}"
            )
            out.append(Line(text(row)))
        return out

    def _ledger(self) -> list[Line]:
        view = self.view
        assert view is not None
        zone = self.ctx.campaign.zone
        title = _("The wall's changes")
        if view.wall_earlier:
            title += "  " + _("(the last shown; %(n)s before them)") % {"n": view.wall_earlier}
        out = [Line(text(title, "class:dim"))]
        if not view.wall_earlier:
            words = _("The siege began; the wall stood at %(wall)s / %(top)s.") % {
                "wall": view.wall_at_start,
                "top": view.siege.city.wall_max,
            }
            out.append(Line(text(f"  {local(view.siege.started_at, zone, '%m-%d %H:%M:%S')}  {words}", "class:dim")))
        for entry in view.wall_history:
            when = local(entry.due_at, zone, "%m-%d %H:%M:%S")
            out.append(
                Line(text(f"  {when}  {entry.delta:+} = {entry.value_after}  {entry.clause}  {name(entry.cause_text)}"))
            )
        return out

    def _games(self, *, first: int) -> list[Line]:
        view = self.view
        assert view is not None
        zone = self.ctx.campaign.zone
        out = [Line(text(_("Games"), "class:dim"))]
        self._game_lines = {}
        for game in view.games:
            defender = name(game.defender.name) if game.defender else "..."
            if game.status == Game.Status.PENDING and game.live_since:
                state = _("game in progress: watch")
            else:
                state = game.get_status_display()
            if game.result:
                state += ": " + game.get_result_display()
            self._game_lines[first + len(out)] = game
            row = f"  {local(game.called_at, zone)}  {name(game.attacker.name)} - {defender}  {state}"
            out.append(Line(text(row, "class:live" if game.live_since and not game.result else "")))
        if not view.games:
            out.append(Line(text("  " + _("No game yet."), "class:dim")))
        return out

    def help(self) -> str:
        text = _(
            "A siege, as on its page: the wall (a bar of its maximum), what the clock does next at the city "
            "(ticking), the defence roster, each besieging army with its morale and members, the wall's last "
            "changes (when, the change, the wall after, the clause, the cause) and the siege's games with "
            "their results. A change shows by itself. ↑↓ move, Enter or → opens an army or a game."
        )
        return text + " " + acts_hint(games=True)
