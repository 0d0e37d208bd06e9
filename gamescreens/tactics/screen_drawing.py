"""How a hero tactics game's screen draws what it shows (gamescreens/tactics/game.py's screen, by
its state): the heading with both players, the challenge's words, the roster while picking, the
board with the chosen hero's reach and targets beside the sides' clocks and the hero cards, the
round, weather and rolls below, the ending with the seed and the replay's action, the menu of
actions. Read from the screen's follower (its view and legal actions) and its own choices."""

from typing import Any

from django.utils.translation import gettext as _

from bbs.text import safe
from games.tactics.board import Board
from games.tactics.setup import read_map
from gamescreens.tactics import drawing as art
from gamescreens.tactics.follow import Follower
from gamescreens.tactics.picking import Deployment, Picks, picks_heading

MENU_ROWS = 9


class GameDrawing:
    """The drawing half of the game's screen: what it reads of the screen's state is declared here."""

    ctx: Any
    game: Follower
    game_id: int
    chosen: str | None
    cursor: str
    menu: list[dict] | None
    menu_at: int
    picks: Picks
    deployment: Deployment
    step: int | None
    replayed: dict | None

    @property
    def view(self) -> dict:
        return self.game.view or {}

    @property
    def status(self) -> str:
        return self.view.get("status", "")

    @property
    def you(self) -> str | None:
        return self.view.get("you")

    def board(self) -> Board:
        heroes = self.view.get("settings", {}).get("heroes_per_side", 3)
        return read_map(self.view.get("map", "classic-9"), heroes)

    def _heroes(self) -> list[dict]:
        """The heroes numbered as their cards are: the state's, or before it one's own picks."""
        state = self.view.get("state")
        if state:
            return state["heroes"]
        mine = (self.view.get("picks") or {}).get(self.you or "", {}).get("heroes", [])
        return [
            {"side": self.you, "hero": entry["hero"], "cell": self.deployment.cells.get(entry["hero"])}
            for entry in mine
        ]

    def draw(self, columns: int, rows: int) -> list[art.Fragments]:
        """The screen's lines, `rows` at most."""
        return self._lines(columns, rows)[:rows]

    def _lines(self, columns: int, rows: int) -> list[art.Fragments]:
        view = self.view
        if self.game.missing:
            return [[("", _("There is no hero tactics game %(id)s.") % {"id": self.game_id})]]
        if not view:
            return [[("", _("Loading…"))]]
        lines = [self._heading()]
        if self.status in ("challenged", "seating") and view.get("seats", 1) > 1:
            lines += self._teams()
        if self.status in ("challenged", "declined", "cancelled"):
            return lines + [[("", self._waiting())]]
        if self.status == "seating":
            return lines
        if self.status == "picking" and not self._mine_in("picks"):
            clash = view.get("clash") or []
            if clash:  # T2.3: a hero both sides picked where the game allows none on both
                lines.append([("bold", _("Both sides picked %(heroes)s: pick again.") % {"heroes": " ".join(clash)})])
            return lines + [[("bold", picks_heading())], *self.picks.lines(rows - len(lines) - 2)]
        state = view.get("state")
        if self.status == "decided" and self.step is not None and self.replayed is not None:
            state = self.replayed
        heroes = state["heroes"] if state else self._heroes()
        reach, targets = self._marks()
        board = art.board_lines(
            self.board(),
            heroes,
            arrays=(state or {}).get("arrays"),
            cursor=self.cursor if self.status != "decided" else None,
            reach=reach,
            targets=targets,
            chosen=self.chosen,
        )
        panel = self._panel(state, heroes)
        body = art.beside(board, art.board_width(self.board()), panel, columns)
        below = self._below(state, rows - 1 - len(body))
        return lines + body + below

    def _heading(self) -> art.Fragments:
        view = self.view
        players = view["players"]
        words = " ".join(
            f"{art.side_word(side)} {safe(players[side], newlines=False)}"
            + (" " + _("(you)") if side == self.you else "")
            for side in ("first", "second")
        )
        return [("bold", f"#{view['id']} "), ("", words)]

    def _teams(self) -> list[art.Fragments]:
        """Each side's players, its captain first, and the open seats (T2.6); 1 or 2 takes one."""
        lines: list[art.Fragments] = []
        for side, players in self.view["team"].items():
            names = [safe(name, newlines=False) if name else _("(open seat)") for name in players]
            lines.append([("", f"{art.side_word(side)} " + ", ".join(names))])
        if not self.you:
            lines.append([("bold", _("1 takes an open seat of first (先手), 2 of second (後手) (T2.6)."))])
        elif not self.view.get("captain"):
            lines.append([("bold", _("l leaves your seat (T2.6)."))])
        return lines

    def _mine_in(self, what: str) -> bool:
        return bool(self.you) and "submitted" not in (self.view.get(what) or {}).get(self.you, {"submitted": 0})

    def _waiting(self) -> str:
        view, status = self.view, self.status
        if status == "challenged":
            if self.ctx.user.pk and view["opponent"] == self.ctx.user.get_username():
                return _("%(name)s challenges you: a accepts, d declines.") % {"name": safe(view["challenger"])}
            return _("Waiting for %(name)s to answer the challenge.") % {"name": safe(view["opponent"])}
        return _("Declined.") if status == "declined" else _("Called off.")

    def _marks(self) -> tuple[set[str], set[str]]:
        """The chosen hero's reach and targets, from the legal actions (the player's, to act)."""
        if self.status == "deploying":
            spawns = set(self.board().spawn_points(self.you)) if self.you else set()
            return spawns, set()
        mine = [a for a in self.game.actions if a.get("hero") == self.chosen]
        reach = {a["path"][-1] for a in mine if a["act"] == "move"}
        targets = {a["target"] for a in mine if a["act"] in ("attack", "skill") and "target" in a}
        return reach, targets

    def _panel(self, state: dict | None, heroes: list[dict]) -> list[art.Fragments]:
        """Each side's line (its base, its clock) and its heroes' cards."""
        view = self.view
        clocks = self.game.clocks()
        turn = (state or {}).get("turn") or {}
        lines: list[art.Fragments] = []
        for side in ("first", "second"):
            base = (state or {}).get("bases", {}).get(side)
            running = view.get("to_act") == side and self.status == "playing"
            head = f"{art.side_word(side)} " + (_("base %(n)s") % {"n": base} if base is not None else "")
            lines.append(
                [
                    (art.SIDE_STYLE[side], head),
                    ("reverse" if running else "", " " + art.clock_text(clocks.get(side))),
                ]
            )
            for number, hero in enumerate(heroes, 1):
                if hero["side"] == side and "hp" in hero:
                    current = turn.get("hero") == hero["hero"] and turn.get("side") == side
                    lines.append(art.card(number, hero, turn=current, chosen=hero["hero"] == self.chosen))
                elif hero["side"] == side:
                    cell = hero.get("cell") or "--"
                    lines.append(
                        [("", f" {art.number_mark(number)} "), (art.SIDE_STYLE[side], hero["hero"]), ("", f" {cell}")]
                    )
        return lines

    def _below(self, state: dict | None, room: int) -> list[art.Fragments]:
        view, lines = self.view, []
        if state:
            round_words = _("Round %(n)s/%(limit)s  actions %(count)s  weather: %(weather)s") % {
                "n": state["round"],
                "limit": view["settings"].get("round_limit"),
                "count": len(view.get("actions", [])),
                "weather": art.weather_word(state.get("weather")),
            }
            lines.append([("bold", round_words), ("", "  " + self._whose())])
            rolls = view.get("rolls", [])
            if self.status == "decided" and self.step is not None:
                rolls = rolls[: state.get("rolls", 0)]
            lines.append([("", art.rolls_line(rolls))])
        elif self.status == "picking":
            lines.append([("", _("Your picks are in: waiting for the opponent's."))])
        elif self.status == "deploying":
            lines.append([("", self._deploy_words())])
        if self.status == "decided":
            lines += self._ending()
        if self.menu is not None:
            lines += self._menu_lines(max(1, room - len(lines)))
        return lines[: max(0, room)]

    def _whose(self) -> str:
        to_act = self.view.get("to_act")
        if self.status != "playing" or not to_act:
            return ""
        if self.view.get("pending"):
            return _("援護? %(side)s answers") % {"side": art.side_word(to_act)}
        if to_act == self.you:
            return _("Your side acts")
        return _("%(side)s acts") % {"side": art.side_word(to_act)}

    def _deploy_words(self) -> str:
        if self._mine_in("deployments"):
            return _("Your deployment is in: waiting for the opponent's.")
        return _("Put each hero on a spawn point (+): Tab/number, arrows, Enter; s sends.")

    def _ending(self) -> list[art.Fragments]:
        view = self.view
        result = view.get("result") or {}
        outcome = {"first": art.side_word("first"), "second": art.side_word("second")}.get(result.get("outcome", ""))
        said = (
            _("%(side)s won (%(reason)s)") % {"side": outcome, "reason": result.get("reason")}
            if outcome
            else _("Drawn")
        )
        total = len(view.get("actions", []))
        step = total if self.step is None else self.step
        shown = _("Action %(n)s/%(total)s") % {"n": step, "total": total}
        if 0 < step <= total:
            shown += ": " + art.action_words(view["actions"][step - 1])
        return [[("bold", said)], [("", shown)], [("class:dim", _("Seed: %(seed)s") % {"seed": view.get("seed")})]]

    def _menu_lines(self, room: int) -> list[art.Fragments]:
        assert self.menu is not None
        start = min(max(0, self.menu_at - MENU_ROWS // 2), max(0, len(self.menu) - min(room, MENU_ROWS)))
        lines = []
        for index in range(start, min(len(self.menu), start + min(room, MENU_ROWS))):
            style = "reverse" if index == self.menu_at else ""
            lines.append([(style, f"{index + 1:>2}. {art.action_words(self.menu[index])}")])
        return lines
