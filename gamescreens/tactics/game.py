"""A hero tactics game in the terminal (docs/terminal.md, "Hero tactics"): from the challenge to
its replay, played through the game's own services (their refusals on the status line, word for
word), followed live (gamescreens/tactics/follow.py), watched by anyone.

By the game's status: a challenge (its opponent's `a` accepts, `d` declines); the picks (the
roster: ↑↓, Enter picks, 1 2 3 leave that skill out, g designates, s sends) and the deployment
(Tab or a number chooses a hero, the arrows the cell, Enter puts it there, s sends), each secret
until the opponent's is in; the board (Tab or a number chooses a hero, the arrows move the cursor,
the chosen hero's reach `+` and targets `!` marked, Enter opens the menu of its legal actions at
the cursor (and those aimed nowhere: begin or end its turn, skills on itself), ↑↓ or a number
and Enter choose, y confirms; x resigns); the 援護 answer opens by itself when it is the reader's;
once decided, the replay: ← → step through the record, Home End, and the seed shown."""

import asyncio
from typing import cast

from django.utils import translation
from django.utils.translation import gettext as _
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Container, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from bbs.registry import screen
from bbs.text import safe
from games.tactics.board import cell_name, cell_xy
from gamescreens.tactics import drawing as art
from gamescreens.tactics import reading
from gamescreens.tactics.follow import Follower
from gamescreens.tactics.picking import ROSTER, Deployment, Picks
from gamescreens.tactics.screen_drawing import GameDrawing

RESIGN = {"act": "resign"}  # the menu's last line: the resign request, not an action of the record


@screen("tactics-game")
class TacticsScreen(GameDrawing):
    def __init__(self, ctx, *, game_id: int):
        self.ctx = ctx
        self.game = Follower(ctx, game_id, changed=self._changed)
        self.game_id = game_id
        with translation.override(ctx.language):
            self.title = _("Hero tactics game %(id)s") % {"id": game_id}
        self.chosen: str | None = None  # the hero chosen (its name)
        self.cursor = "e5"
        self.menu: list[dict] | None = None
        self.menu_at = 0
        self.picks = Picks()
        self.deployment = Deployment()
        self.step: int | None = None  # the replay's action shown (decided games)
        self.replayed: dict | None = None
        self.seen = -1  # the version the choices were last fitted to
        self.window = Window(FormattedTextControl(self._text, focusable=True, show_cursor=False), wrap_lines=False)
        self.ticker: asyncio.Task | None = None

    # the screen

    async def start(self) -> None:
        await self.game.start()
        self.ticker = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
        await self.game.stop()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(1)
            if self.status == "playing":
                self.ctx.invalidate()

    def container(self) -> Container:
        return self.window

    def _changed(self) -> None:
        """A new reading: the menu closed when what it offered may have changed; the turn's hero
        chosen; the 援護 answer offered at once; the replay at the end."""
        if self.game.version != self.seen:
            self.seen = self.game.version
            self.menu = None
            state = self.view.get("state") or {}
            turn = state.get("turn")
            if turn and turn.get("side") == self.you:
                self.chosen = turn["hero"]
                cell = self._cell_of(self.chosen)
                self.cursor = cell or self.cursor
            if self.you and any(a["act"] in ("react", "no-cover") for a in self.game.actions):
                self.menu, self.menu_at = list(self.game.actions), 0
        self.ctx.invalidate()

    def _cell_of(self, hero: str | None) -> str | None:
        state = self.view.get("state") or {}
        mine = [h for h in state.get("heroes", []) if h["hero"] == hero and h["side"] == self.you]
        return mine[0]["cell"] if mine and mine[0].get("cell") else None

    # keys

    def key_bindings(self) -> KeyBindings:
        keys = KeyBindings()
        menu = Condition(lambda: self.menu is not None)
        board = Condition(lambda: self.menu is None and self.status in ("deploying", "playing"))
        picking = Condition(lambda: self.status == "picking" and self.menu is None)
        replay = Condition(lambda: self.status == "decided")
        challenged = Condition(lambda: self.status == "challenged")
        forming = Condition(lambda: self.status in ("challenged", "seating") and not self.you)
        seated = Condition(lambda: self.menu is None and bool(self.you) and self.view.get("seats", 1) > 1)

        for name, (dx, dy) in {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}.items():
            keys.add(name, filter=board)(lambda event, dx=dx, dy=dy: self._move(dx, dy))
        keys.add("tab", filter=board)(lambda event: self._next_hero())
        for digit in "123456789":
            keys.add(digit, filter=board)(lambda event, d=int(digit): self._hero_number(d))
            keys.add(digit, filter=menu)(lambda event, d=int(digit): self._menu_choose(d - 1))
            if digit in "123":
                keys.add(digit, filter=picking)(lambda event, d=int(digit): self.picks.leave_out(d))
        keys.add("enter", filter=board)(lambda event: self._enter())
        keys.add("up", filter=menu)(lambda event: self._menu_move(-1))
        keys.add("down", filter=menu)(lambda event: self._menu_move(1))
        keys.add("enter", filter=menu)(lambda event: self._menu_choose(self.menu_at))
        keys.add("escape", filter=menu)(lambda event: self._close_menu())
        keys.add("x", filter=Condition(lambda: self.status == "playing"))(lambda event: self._resign())
        keys.add("s", filter=picking | board)(lambda event: self._send_setup())
        keys.add("up", filter=picking)(lambda event: self._pick_move(-1))
        keys.add("down", filter=picking)(lambda event: self._pick_move(1))
        keys.add("enter", filter=picking)(lambda event: self.picks.toggle())
        keys.add(" ", filter=picking)(lambda event: self.picks.toggle())
        keys.add("g", filter=picking)(lambda event: self.picks.designate())
        keys.add("a", filter=challenged)(lambda event: self._answer(True))
        keys.add("d", filter=challenged)(lambda event: self._answer(False))
        keys.add("1", filter=forming)(lambda event: self._send(reading.join, side="first"))
        keys.add("2", filter=forming)(lambda event: self._send(reading.join, side="second"))
        keys.add("l", filter=seated)(lambda event: self._leave())
        keys.add("left", filter=replay)(lambda event: self._replay_to(self._step() - 1))
        keys.add("right", filter=replay)(lambda event: self._replay_to(self._step() + 1))
        keys.add("home", filter=replay)(lambda event: self._replay_to(0))
        keys.add("end", filter=replay)(lambda event: self._replay_to(len(self.view.get("actions", []))))
        keys.add("r")(lambda event: self.ctx.spawn(self.game.refresh()))
        return keys

    def _say(self, text: str) -> None:
        self.ctx.status(safe(text, newlines=False))

    def _move(self, dx: int, dy: int) -> None:
        board = self.board()
        file, row = cell_xy(self.cursor)
        file, row = min(max(file + dx, 0), board.width - 1), min(max(row + dy, 1), board.height)
        self.cursor = cell_name(file, row)

    def _hero_number(self, number: int) -> None:
        heroes = self._heroes()
        if 0 < number <= len(heroes):
            self.chosen = heroes[number - 1]["hero"]
            cell = heroes[number - 1].get("cell")
            if cell and heroes[number - 1]["side"] == self.you:
                self.cursor = cell

    def _next_hero(self) -> None:
        mine = [h for h in self._heroes() if h["side"] == self.you]
        if not mine:
            return
        names = [h["hero"] for h in mine]
        at = (names.index(self.chosen) + 1) % len(names) if self.chosen in names else 0
        self.chosen = names[at]
        self.cursor = mine[at].get("cell") or self.cursor

    def _enter(self) -> None:
        if self.status == "deploying":
            if self.chosen is None or self.chosen not in [h["hero"] for h in self._heroes()]:
                self._say(_("! Choose a hero first: Tab or its number."))
                return
            self.deployment.put(self.chosen, self.cursor)
            return
        offered = self._offered()
        if not self.you:
            return self._say(_("! You are watching this game: only its players act."))
        if self.view.get("to_act") != self.you:
            return self._say(_("! It is not your side's turn: the opponent acts."))
        if not offered:
            return self._say(_("! Nothing to do here: choose a hero (Tab) and a cell its actions reach."))
        self.menu, self.menu_at = [*offered, RESIGN], 0  # resigning too (x, on any turn)

    def _offered(self) -> list[dict]:
        """The legal actions the menu offers: the chosen hero's (and those of no hero) aimed at the
        cursor's cell or at no cell."""
        if any(a["act"] == "no-cover" for a in self.game.actions):
            return list(self.game.actions)  # 援護's answer: every reaction offered, or none
        found = []
        for action in self.game.actions:
            hero = action.get("hero")
            if hero is not None and self.chosen is not None and hero != self.chosen and action["act"] != "turn":
                continue
            cell = art.action_cell(action)
            if cell is None or cell == self.cursor:
                found.append(action)
        return found

    def _menu_move(self, by: int) -> None:
        if self.menu:
            self.menu_at = max(0, min(len(self.menu) - 1, self.menu_at + by))

    def _close_menu(self) -> None:
        self.menu = None

    def _menu_choose(self, index: int) -> None:
        if not self.menu or not 0 <= index < len(self.menu):
            return
        action = self.menu[index]
        self.menu_at = index
        if action == RESIGN:
            self._resign()
            return
        version = self.game.version
        question = _("%(action)s? (Y/N)? [N]") % {"action": art.action_words(action)}
        self.ctx.ask(question, lambda: self._send(reading.act, action=action, version=version))

    def _resign(self) -> None:
        question = _("Resign this game? (Y/N)? [N]")
        self.ctx.ask(question, lambda: self._send(reading.resign))

    def _leave(self) -> None:
        """One's seat left (T2.6): asked first; the service refuses a captain, or once the picks
        began, in the page's words."""
        self.ctx.ask(_("Leave your seat in this game? (Y/N)? [N]"), lambda: self._send(reading.leave))

    def _send(self, call, **kwargs) -> None:
        self.menu = None

        async def sent() -> None:
            refusal = await self.ctx.db(call, user=self.ctx.user, game_id=self.game_id, **kwargs)
            self._say(refusal)
            if refusal:
                await self.game.refresh()

        self.ctx.spawn(sent())

    def _answer(self, accept: bool) -> None:
        self._send(reading.answer, accept=accept)

    def _pick_move(self, by: int) -> None:
        self.picks.cursor = max(0, min(len(ROSTER) - 1, self.picks.cursor + by))

    def _send_setup(self) -> None:
        version = self.game.version
        if self.status == "picking":
            heroes = self.picks.sent()
            names = " ".join(entry["hero"] for entry in heroes)
            self.ctx.ask(
                _("Send your picks %(names)s? (Y/N)? [N]") % {"names": names},
                lambda: self._send(reading.pick, heroes=heroes, version=version),
            )
        elif self.status == "deploying":
            cells = dict(self.deployment.cells)
            self.ctx.ask(
                _("Send your deployment? (Y/N)? [N]"),
                lambda: self._send(reading.deploy, cells=cells, version=version),
            )

    def _step(self) -> int:
        return len(self.view.get("actions", [])) if self.step is None else self.step

    def _replay_to(self, step: int) -> None:
        last = len(self.view.get("actions", []))
        self.step = max(0, min(last, step))
        wanted = self.step

        async def read() -> None:
            state = await self.ctx.db(reading.state_at, game_id=self.game_id, index=wanted)
            if wanted == self.step:
                self.replayed = state
                self.ctx.invalidate()

        self.ctx.spawn(read())

    # words

    def help(self) -> str:
        return _(
            "A hero tactics game. Challenge: a accepts, d declines. A team game, before the picks: 1 or 2 "
            "takes an open seat of first or second, l leaves yours. Picks: ↑↓ the roster, Enter picks or "
            "unpicks, 1 2 3 leave that skill out, g designates (激勵, 慧眼), s sends. Deployment: Tab or a "
            "number chooses your hero, the arrows the cell, Enter puts it there, s sends. Play: Tab or a "
            "number chooses a hero, the arrows move the cursor (+ the cells it reaches, ! what it can hit), "
            "Enter opens its actions there, a number or ↑↓ and Enter choose one, y confirms, Esc closes; "
            "x resigns; r reads the game again. Decided: ← → step through the record, Home End. q back."
        )

    def footer(self) -> str:
        if self.menu is not None:
            return _("↑↓ or a number choose  Enter choose  Esc close")
        if self.status in ("challenged", "seating") and self.you and not self.view.get("captain"):
            return _("? help  l leave your seat  q back")
        if self.status == "challenged":
            return _("? help  a accept  d decline  q back")
        if self.status == "picking":
            return _("? help  ↑↓ roster  Enter pick  1 2 3 leave out  g designate  s send  q back")
        if self.status == "deploying":
            return _("? help  Tab/1-9 hero  arrows cell  Enter put  s send  q back")
        if self.status == "playing" and self.you:
            return _("? help  Tab/1-9 hero  arrows cursor  Enter actions  x resign  q back")
        if self.status == "decided":
            return _("? help  ← → step  Home End  q back")
        return _("? help  Tab/1-9 hero  arrows cursor  q back")

    def _text(self) -> StyleAndTextTuples:
        with translation.override(self.ctx.language):
            lines = self.draw(self.ctx.columns, self.ctx.body_rows)
            return cast(StyleAndTextTuples, art.joined(lines, self.ctx.columns))
