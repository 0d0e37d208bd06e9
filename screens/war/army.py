"""An army in the terminal, as its page shows it (battles/selectors/army.py army_detail): where
it marches from and to, its state and morale, the arrival's countdown while it marches, its
siege (Enter opens it), its members with their ranks and states, its field battle or pursuit,
and their games."""

from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples

from battles.models import Army
from battles.selectors.army import ArmyView, army_detail
from bbs.context import Context
from bbs.registry import screen, screen_make
from play.models import Game
from screens.war.look import countdown, kingdom_style, local, name, stars
from screens.war.page import Line, WarPage, acts_hint, text


@screen("army")
class ArmyScreen(WarPage):
    def __init__(self, ctx: Context, *, army_id: int) -> None:
        super().__init__(ctx)
        self.army_id = army_id
        self.view: ArmyView | None = None
        self.title = _("Army")
        self.missing = _("There is no such army in this campaign.")
        self.games: list[Game] = []  # its field battle's or pursuit's games, in the order shown
        self._game_lines: dict[int, Game] = {}

    async def load(self) -> None:
        self.view = await self.ctx.db(army_detail, army_id=self.army_id, campaign=self.ctx.campaign)
        army = self.view.army
        self.army, self.city, self.siege = army, army.target, army.siege
        self.games = self.view.games
        self.title = _("%(kingdom)s's army on %(city)s") % {
            "kingdom": name(army.kingdom.name),
            "city": name(army.target.name),
        }

    def heading(self) -> list[StyleAndTextTuples]:
        if self.view is None:
            return []
        army = self.view.army
        first: StyleAndTextTuples = [
            (kingdom_style(army.kingdom), name(army.kingdom.name)),
            (
                "",
                "  "
                + _("from %(origin)s to %(target)s")
                % {"origin": name(army.origin.name), "target": name(army.target.name)},
            ),
            ("class:siege", f"  {army.get_status_display()}"),
        ]
        second = _("Morale %(n)s") % {"n": army.morale}
        if army.status == Army.Status.MARCHING:
            second += "  " + _("arrives %(at)s, in %(in)s") % {
                "at": local(army.arrives_at, self.ctx.campaign.zone, "%m-%d %H:%M:%S"),
                "in": countdown(army.arrives_at, self.now()),
            }
        if army.end_reason:
            second += "  " + name(army.end_reason)
        return [first, text(second)]

    def lines(self) -> list[Line]:
        view = self.view
        if view is None:
            return []
        army = view.army
        out: list[Line] = []
        if army.siege is not None:
            words = _("Siege of %(city)s") % {"city": name(army.target.name)} + "  " + _("(Enter: the siege)")
            out.append(Line(text(words, "class:siege"), self._siege(army.siege.pk)))
        out.append(Line(text(_("Members"), "class:dim")))
        for member in army.members.all():
            officer = member.officer
            row = (
                f"  {member.get_rank_display()}  {name(officer.name)} ({stars(officer)})  {member.get_status_display()}"
            )
            if member.rearguard:
                row += "  " + _("rearguard")
            out.append(Line(text(row)))
        for column in view.columns:
            words = "  " + _("Members not sent march on:") + " " + column.get_status_display()
            out.append(Line(text(words, "class:dim"), self._army(column.pk)))
        if view.battle is not None:
            words = _("Field battle") + f": {view.battle.get_status_display()}"
            out.append(Line(text(words + (f"  {view.battle.winner}" if view.battle.winner else ""))))
        if view.pursuit is not None:
            words = (
                _("Pursuit")
                + f": {view.pursuit.get_status_display()}  "
                + _("until %(at)s") % {"at": local(view.pursuit.deadline, self.ctx.campaign.zone, "%H:%M:%S")}
            )
            out.append(Line(text(words + "  " + countdown(view.pursuit.deadline, self.now()))))
        if view.games:
            out.append(Line(text(_("Games"), "class:dim")))
        self._game_lines = {}
        for game in view.games:
            self._game_lines[len(out)] = game
            state = game.get_status_display() + (f": {game.get_result_display()}" if game.result else "")
            defender = name(game.defender.name) if game.defender else "..."
            players = f"{name(game.attacker.name)} - {defender}"
            out.append(Line(text(f"  {game.get_kind_display()} {game.board + 1}  {players}  {state}")))
        return out

    def chosen_game(self) -> Game | None:
        """The game under the cursor (for the games' screens), or None."""
        self.lines()
        return self._game_lines.get(self.cursor)

    def _siege(self, siege_id: int):
        return lambda: screen_make(self.ctx, "siege", siege_id=siege_id)

    def _army(self, army_id: int):
        return lambda: ArmyScreen(self.ctx, army_id=army_id)

    def help(self) -> str:
        text = _(
            "An army, as on its page: where it marches from and to, its state and morale, when it arrives "
            "(ticking while it marches), its siege, its members with their ranks and states, its field "
            "battle or pursuit, and their games. A change shows by itself. ↑↓ move, Enter or → opens its siege."
        )
        return text + " " + acts_hint(games=True)
