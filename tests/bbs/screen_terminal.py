"""A terminal for the games' screens in tests, of real parts: a screen runs in a real
prompt_toolkit full-screen application on the test's event loop, its keys come through a pipe
as a terminal's bytes would, and what it draws goes through prompt_toolkit's VT100 output into
pyte, a terminal emulator (80×24 unless told), whose display the test reads. The session's
context (`ctx`) is the contract's: the user, the language (active around every call into the
screen and every database call), the database off the event loop as Channels runs it, the status
line, the terminal's size. The frame around the screen is the least one: a top line with the
screen's title, the status line at the bottom, `q` back (ends the application here)."""

import asyncio
import time

import pyte
from channels.db import database_sync_to_async
from django.utils import translation
from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output.vt100 import Vt100_Output

from bbs.games.layout import STYLE

KEYS = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H", "end": "\x1b[F"}
KEYS |= {"pageup": "\x1b[5~", "pagedown": "\x1b[6~", "enter": "\r", "escape": "\x1b", "backspace": "\x7f"}


class Context:
    """The session's context of the screen contract, for one terminal."""

    def __init__(self, user, language: str = "zh-hant", columns: int = 80, rows: int = 24, encoding: str = "utf-8"):
        self.user, self.language, self.columns, self.rows, self.encoding = user, language, columns, rows, encoding
        self.status_text = ""
        self.campaign = None  # the campaign chosen in the menu (the screens are given theirs here)
        self.app: Application | None = None
        self.pushed: list = []

    async def db(self, fn, *args, **kwargs):
        def run():
            with translation.override(self.language):
                return fn(*args, **kwargs)

        return await database_sync_to_async(run)()

    def push(self, screen) -> None:
        self.pushed.append(screen)

    def pop(self) -> None:
        if self.app is not None and self.app.is_running:
            self.app.exit()

    def invalidate(self) -> None:
        if self.app is not None:
            self.app.invalidate()

    def status(self, text: str) -> None:
        self.status_text = text
        self.invalidate()


class Writer:
    """The output's stdout: what the application writes goes to pyte (as a terminal's channel
    gets it: line feeds as CR LF, as the SSH session sends them)."""

    def __init__(self, stream: pyte.Stream, encoding: str):
        self.stream, self.encoding = stream, encoding

    def write(self, data: str) -> None:
        # the bytes a terminal of this encoding gets, read back (what it cannot show, a "?")
        self.stream.feed(data.replace("\n", "\r\n").encode(self.encoding, "replace").decode(self.encoding))

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


class Terminal:
    def __init__(self, ctx: Context, screen):
        self.ctx, self.screen = ctx, screen
        self.display = pyte.Screen(ctx.columns, ctx.rows)
        self.stream = pyte.Stream(self.display)
        self.task: asyncio.Task | None = None

    async def __aenter__(self) -> "Terminal":
        self.piping = create_pipe_input()
        self.pipe = self.piping.__enter__()
        output = Vt100_Output(
            Writer(self.stream, self.ctx.encoding),  # type: ignore[arg-type]
            lambda: Size(rows=self.ctx.rows, columns=self.ctx.columns),
            term="xterm",
            enable_cpr=False,
        )
        frame = KeyBindings()
        frame.add("q")(lambda event: event.app.exit())

        def top():
            with translation.override(self.ctx.language):
                return [("reverse", f" {self.screen.title} ".ljust(self.ctx.columns))]

        body = HSplit(
            [
                Window(FormattedTextControl(top), height=1),
                self.screen.container(),
                Window(FormattedTextControl(lambda: [("", self.ctx.status_text)]), height=1),
            ]
        )
        with translation.override(self.ctx.language):
            bindings = merge_key_bindings([frame, self.screen.key_bindings()])
        self.app: Application = Application(
            layout=Layout(body),
            key_bindings=bindings,
            full_screen=True,
            style=STYLE,
            input=self.pipe,
            output=output,
            # prompt_toolkit postpones a redraw while the loop is busy until time.time() passes a
            # deadline: under the tests' stopped war clock (time_machine) it never would
            max_render_postpone_time=None,
        )
        self.ctx.app = self.app
        # each terminal in its own session, as the SSH server runs each connection's: the
        # application's task keeps the context it was made in
        with create_app_session(input=self.pipe, output=output):
            self.task = asyncio.get_running_loop().create_task(self.app.run_async())
        await asyncio.sleep(0)
        with translation.override(self.ctx.language):
            await self.screen.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.screen.stop()
        if self.app.is_running:
            self.app.exit()
        if self.task is not None:
            await asyncio.wait_for(self.task, 5)
        self.piping.__exit__(None, None, None)

    async def type(self, *keys: str) -> None:
        """Keys by name (left, enter, …) or text, each as a terminal sends it."""
        for key in keys:
            self.pipe.send_text(KEYS.get(key, key))
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)  # the redraw that follows

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.display.display)

    async def wait_for(self, *texts: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.text()
            if all(text in shown for text in texts):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts!r} not on the screen:\n{shown}")
            await asyncio.sleep(0.05)

    def style_at(self, text: str) -> dict:
        """pyte's attributes of the first character of `text` on the screen (reverse, fg …)."""
        for row, line in enumerate(self.display.display):
            column = line.find(text)
            if column >= 0:
                cells = self.display.buffer[row]
                # the display's line leaves out the second column of a wide character
                shown = [cells[x] for x in range(self.display.columns) if x == 0 or not _wide(cells[x - 1].data)]
                char = shown[column]
                return {"reverse": char.reverse, "fg": char.fg, "bold": char.bold}
        raise AssertionError(f"{text!r} not on the screen")


def _wide(data: str) -> bool:
    from wcwidth import wcwidth

    return bool(data) and wcwidth(data[0]) == 2
