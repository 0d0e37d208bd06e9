"""A live game in the terminal (R11.3, R7.4): the board as it stands, both clocks (the side to
move's ticking once a second), whose turn and the offers, the last moves in the reader's notation,
and a prompt where a player types a move in Chinese notation, WXF or ICCS. Played through the
same live services as the game's page (play/live_acts.py), against a player on the web or in
another terminal; every refusal on the status line, in the reader's language.

Keys on the board: Enter (or m) opens the move prompt, r ready, d offer a draw or accept the
opponent's, n decline or withdraw the offer, c claim (a repetition, fifty moves), x resign (y
confirms), f turn the board; q back is the frame's. The prompt's line says whether it is open
and whose move it is: closed, it is not drawn (`著法：` shows only while a move is typed) and
every key is the board's; open, the keys are the move's letters, Enter sends the move and closes
the prompt (a refused move comes back into it, to be corrected), an empty Enter keeps it open and
says so, Esc closes it. The bottom bar names the keys of the state shown. Black's player sees
the board turned."""

import asyncio
import time
from typing import cast

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition, has_focus
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout.containers import ConditionalContainer, Container, HSplit, VSplit, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl

from bbs.screen import on_top
from campaign.models import Campaign
from games.text_board import Fragments, fragment_lines, width
from gamescreens.games.layout import beside, board_for, board_width, clock_text, inline, move_lines, shown
from gamescreens.games.live_game import LiveGame
from gamescreens.games.reading import colour_word

MOVE_CHARS = 16  # the longest move any notation writes, with room (the socket's cut too)


class LiveBoard:
    """The live game screen of any board game: the war's (`game-live`, gamescreens/games/live.py)
    and the game room's friendly games (gamescreens/friendly/live.py) register their own, each
    with its follower (`follower`). No screen itself, so each screen module imports it, not
    another screen."""

    readies = True  # `r`: the war's games start when both players are ready (R11.3)

    def __init__(self, ctx, *, game_id: int, campaign: Campaign | None = None):
        """The live game `game_id` of `campaign` (by default the one chosen in the menu,
        `ctx.campaign`)."""
        self.ctx = ctx
        self.game = self.follower(ctx, game_id=game_id, campaign=campaign)
        self.flipped: bool | None = None  # None: as the reader's colour says
        self.confirming = False  # x pressed: y resigns
        with translation.override(ctx.language):
            self.title = _("Live game")
        self.buffer = Buffer(multiline=False, accept_handler=self._accept, on_text_changed=self._cut)
        self.body = Window(FormattedTextControl(self._text, focusable=True, show_cursor=False), wrap_lines=False)
        self.typing = False  # the move prompt open (the buffer has the focus)
        self.prompt = VSplit(
            [
                Window(FormattedTextControl(self._label), dont_extend_width=True),
                ConditionalContainer(
                    Window(BufferControl(self.buffer, key_bindings=self._typing()), height=1),
                    Condition(self.is_typing),
                ),
            ],
            height=1,
        )
        self.root = HSplit([self.body, self.prompt])
        self.ticker: asyncio.Task | None = None

    def follower(self, ctx, *, game_id: int, campaign: Campaign | None) -> LiveGame:
        """What follows the game and sends the reader's actions: the war's live game by default,
        a friendly game's screen its own of the same shape."""
        return LiveGame(ctx, campaign=campaign or ctx.campaign, game_id=game_id, changed=ctx.invalidate)

    async def start(self) -> None:
        await self.game.start()
        self.ticker = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
        await self.game.stop()

    async def _tick(self) -> None:
        """Redraw when the running clock's shown second changes (its tenths under ten seconds)."""
        while True:
            if self.game.ticking():
                left = self.game.clocks()[self.game.state["to_move"]] or 0
                step = 100 if left < 10_000 else 1000
                await asyncio.sleep(max(0.05, (left % step or step) / 1000))
                self.ctx.invalidate()
            else:
                await asyncio.sleep(0.5)

    def container(self) -> Container:
        return self.root

    def help(self) -> str:
        return _(
            "Enter or m opens the move prompt: type a move (Chinese notation, WXF or ICCS), Enter sends it "
            "and closes the prompt, Esc closes it without sending · r ready · d offer or accept a draw · "
            "n decline the draw · c claim · x resign · f turn the board · q back"
        )

    def footer(self) -> str:
        """The bottom bar: the keys of the state shown (the prompt's while it is open; a
        spectator's only turn the board)."""
        if self.is_typing():
            return _("Typing a move: Enter sends it  Esc closes the prompt  (q d x are letters here)")
        if self.game.side is None:
            return _("? help  f turn the board  q/← back")
        return _("? help  Enter/m move  r ready  d draw  n decline  c claim  x resign  f turn  q back")

    def is_typing(self) -> bool:
        """Whether the prompt is open: the buffer has the focus (the flag in a screen's own test,
        with no frame)."""
        frame = self.ctx.frame
        if frame is not None:
            return frame.app.layout.has_focus(self.buffer)
        return self.typing

    def open_prompt(self, text: str = "") -> None:
        """The move prompt opened (with `text` in it: a refused move to correct)."""
        self.typing = True
        self.buffer.text = text
        self.buffer.cursor_position = len(text)
        self._focus(self.buffer)

    def close_prompt(self) -> None:
        self.typing = False
        self._focus(self.body)

    def _focus(self, target) -> None:
        frame = self.ctx.frame
        if frame is not None:
            frame.app.layout.focus(target)
        self.ctx.invalidate()

    def _typing(self) -> KeyBindings:
        """While a move is typed the keys are the prompt's: the frame's q, ? and ← are letters
        and the cursor here."""
        bindings = KeyBindings()
        for key in ("q", "?", "/"):
            bindings.add(key)(lambda event, key=key: self.buffer.insert_text(key))
        bindings.add("left")(lambda event: self.buffer.cursor_left())
        bindings.add("escape")(lambda event: self._escape())
        return bindings

    def _escape(self) -> None:
        self.buffer.reset()
        self.close_prompt()
        with translation.override(self.ctx.language):
            self.ctx.status(_("Move prompt closed: nothing was sent."))

    def key_bindings(self) -> KeyBindings:
        bindings = KeyBindings()
        on_board = ~has_focus(self.buffer)
        confirming = Condition(lambda: self.confirming)

        @bindings.add(Keys.Any, filter=on_board & confirming)
        def _play_on(event) -> None:  # any key but y (bound below, so it comes first) plays on
            self.confirming = False
            self.ctx.status("")

        @bindings.add("enter", filter=on_board)
        @bindings.add("m", filter=on_board)
        def _type(event) -> None:
            self.confirming = False
            if self.game.side is None:
                with translation.override(self.ctx.language):
                    self.ctx.status(_("! You are watching this game: only its players move."))
                return
            self.ctx.status("")
            self.open_prompt()

        def act(name: str, **frame):
            def handler(event) -> None:
                self.confirming = False
                self.ctx.spawn(self.game.act({"action": name, **frame}))

            return handler

        if self.readies:
            bindings.add("r", filter=on_board)(act("ready"))
        bindings.add("d", filter=on_board)(act("draw", offer=True))
        bindings.add("n", filter=on_board)(act("draw", offer=False))
        bindings.add("c", filter=on_board)(act("claim"))
        bindings.add("y", filter=on_board & confirming)(act("resign"))

        @bindings.add("x", filter=on_board)
        def _resign(event) -> None:
            self.confirming = True
            with translation.override(self.ctx.language):
                self.ctx.status(_("Resign this game? Press y to resign, any other key to play on."))

        @bindings.add("f", filter=on_board)
        def _turn(event) -> None:
            self.flipped = not self._flipped()
            self.ctx.invalidate()

        return bindings

    def _cut(self, buffer: Buffer) -> None:
        """A paste longer than any move is cut where a move could end: nothing longer is kept,
        drawn or sent."""
        if len(buffer.text) > MOVE_CHARS:
            buffer.text = buffer.text[:MOVE_CHARS]

    def _accept(self, buffer: Buffer) -> bool:
        """Enter in the prompt: the move is sent and the prompt closed, so the board's keys are
        the game's again; an empty line keeps the prompt open and says so (the move typed next
        lands in it, not on the board's keys)."""
        text = buffer.text[:MOVE_CHARS]
        if not text.strip():
            with translation.override(self.ctx.language):
                self.ctx.status(_("Nothing typed: type a move and Enter sends it, or Esc closes the prompt."))
            return True  # kept open, its line empty
        self.close_prompt()
        self.ctx.spawn(self._send(text))
        return False  # the line is cleared

    async def _send(self, text: str) -> None:
        """The move through the live service; a refused one back in the prompt, to be corrected
        (its refusal on the status line)."""
        refusal = await self.game.move(text)
        if refusal and not self.is_typing() and on_top(self.ctx, self):
            self.open_prompt(text.strip())
            self.ctx.status(shown(refusal))

    def _flipped(self) -> bool:
        if self.flipped is not None:
            return self.flipped
        side, view = self.game.side, self.game.view
        return bool(side and view and view.colours[side] == "black")

    def _label(self) -> StyleAndTextTuples:
        """The prompt's line: `著法：` only while it is open; closed, whose move it is and how to
        open it."""
        with translation.override(self.ctx.language):
            if self.is_typing():
                return [("class:heading bold", _("Your move: "))]
            return [("class:dim", self.prompt_state())]

    def prompt_state(self) -> str:
        """The closed prompt's line, in the session's language."""
        side, to_move = self.game.side, self.game.state.get("to_move")
        if side is None:
            return _("[Watching] Only the players move here.")
        if to_move is None:
            return _("[Move prompt closed] The game is not being played now.")
        if to_move == side:
            return _("[Move prompt closed] Your move: Enter or m opens the prompt.")
        return _("[Move prompt closed] The opponent's move: Enter or m opens the prompt.")

    def _text(self) -> StyleAndTextTuples:
        with translation.override(self.ctx.language):
            return cast(StyleAndTextTuples, inline(self.draw(self.ctx.columns, max(1, self.ctx.rows - 3))))

    def draw(self, columns: int, rows: int) -> Fragments:
        """The board on the left; beside it the top side's clock, whose turn, the last moves and
        the bottom side's clock."""
        view = self.game.view
        if view is None:
            return [("", pgettext("terminal game", "Loading…"))]
        state, flipped = view.state, self._flipped()
        board, board_columns = self.board_lines(view, flipped, rows)
        sides = list(view.colours)
        first = next((side for side in sides if view.colours[side] in ("red", "white")), sides[0])
        second = next(side for side in sides if side != first)
        top, bottom = (first, second) if flipped else (second, first)
        height = min(rows, len(board))
        panel: list[Fragments] = [self._player(view, top, columns - board_columns - 2)]
        panel += [[("", shown(state.get("status_text", "")))], self._claim_line(state), []]
        panel += move_lines(state.get("moves", []), state.get("ply", 0), max(0, height - len(panel) - 2))
        panel += [[]] * max(0, height - 1 - len(panel))
        panel.append(self._player(view, bottom, columns - board_columns - 2))
        return beside(board, board_columns, panel, columns, rows)

    def board_lines(self, view, flipped: bool, rows: int) -> tuple[list[Fragments], int]:
        """The board's lines as the game's kind draws them, and the columns they take."""
        drawn = board_for(
            view.kind, view.placement, last=view.last, flipped=flipped, encoding=self.ctx.encoding, rows=rows
        )
        return fragment_lines(drawn), board_width(view.kind)

    def _player(self, view, side: str, room: int) -> Fragments:
        """A side's line: its colour and name (you, when it is the reader's) and its clock."""
        clock = clock_text(self.game.clocks(time.monotonic())[side])
        running = self.game.state.get("to_move") == side
        name = f"{colour_word(view.colours[side])} {shown(view.names[side])}"
        if side == self.game.side:
            name += " " + _("(you)")
        gap = max(1, room - width(name) - len(clock))
        return [(f"class:{view.colours[side]}", name), ("", " " * gap), ("class:current" if running else "", clock)]

    def _claim_line(self, state: dict) -> Fragments:
        claim = (state.get("claimable") or {}).get(self.game.side or "")
        if not claim:
            return []
        return [("class:heading", _("You may claim this position: press c."))]
