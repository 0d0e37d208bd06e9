"""The terminal's frame: the top line (the screen's title, the campaign), the current screen's
body, the status line (refusals, notices, the keys, a yes/no question); `?` (or PTT's `h`) shows the screen's
help and `q` or ← goes back on every screen (on the main menu: asks before logging off, as
PTT); a window smaller than 80×24 is told so instead of drawn into."""

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition, buffer_has_focus
from prompt_toolkit.key_binding import DynamicKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.layout import DynamicContainer, HSplit, Layout, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.styles import Style

from bbs.context import Context
from bbs.drawing import TextWindow
from bbs.frame_application import FrameApplication
from bbs.screen import Screen
from bbs.text import fit, width, wrap
from bbs.toolkit import shared_toolkit_bindings

log = logging.getLogger(__name__)

MIN_COLUMNS, MIN_ROWS = 80, 24
TOP_GAP = 2  # columns at least between the screen's title and the campaign's name

STYLE = Style.from_dict(
    {
        "top": "bg:#000080 #ffffff bold",
        "status": "bg:#008080 #ffffff",
        "cursor": "reverse",
        "system": "#00aa00",
        "unread": "#ffff00 bold",
        "dim": "#888888",
        "refusal": "bg:#aa0000 #ffffff",
    }
)


class Frame:
    def __init__(self, ctx: Context, session: Any = None) -> None:
        self.ctx = ctx
        self.session = session
        ctx.frame = self
        self.stack: list[Screen] = []
        self._containers: dict[int, Container] = {}
        self._keys: dict[int, KeyBindings] = {}
        self._status = ""
        self.showing_help = False
        self.question: tuple[str, Callable[[], None]] | None = None  # asked on the status line
        self.on_no: Callable[[], None] | None = None  # what the question's No does (nothing by default)
        self.closing_message = ""
        self._tasks: set[asyncio.Task] = set()
        self._starting: dict[int, asyncio.Task] = {}  # each screen's start() while it runs
        with shared_toolkit_bindings():
            self.app: Application = self._application()

    def _application(self) -> Application:
        return FrameApplication(
            layout=Layout(
                HSplit(
                    [
                        TextWindow(self._top, height=1, style="class:top"),
                        DynamicContainer(self._body),
                        TextWindow(self._bottom, height=1, style="class:status"),
                    ]
                )
            ),
            key_bindings=merge_key_bindings(
                [self._frame_keys(), DynamicKeyBindings(self._screen_keys), self._help_keys(), self._question_keys()]
            ),
            full_screen=True,
            style=STYLE,
            mouse_support=False,
            # A key's redraw is drawn at once: prompt_toolkit's default postpones it up to 10 ms
            # while other callbacks are ready, which with a hundred sessions is always.
            max_render_postpone_time=None,
            color_depth=self._color_depth,
            # The window's size comes with SSH's window-change requests (bbs/session.py, its redraws
            # bounded): not polled besides every half second by every session's own task.
            terminal_size_polling_interval=None,
        )

    def _color_depth(self):
        """The session's (16 colours for an old terminal or Big5), the output's own without one."""
        return self.session.color_depth() if self.session is not None else None

    # the frame's acts, for screens (bbs/context.py)

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        self._status = ""
        self._starting[id(screen)] = self.spawn(self._start(screen))
        self.invalidate()

    def pop(self) -> None:
        if not self.stack:
            return
        screen = self.stack.pop()
        self._containers.pop(id(screen), None)
        self._keys.pop(id(screen), None)
        starting = self._starting.pop(id(screen), None)
        if starting is not None:
            # left while it was loading (Enter then q): its start, which would go on to begin the
            # screen's tasks after its stop() had run, is cancelled at the wait it is in
            starting.cancel()
        self.spawn(screen.stop())
        self._status = ""
        if not self.stack:
            self.close("")
            return
        self._focus()
        self.invalidate()

    def invalidate(self) -> None:
        self.app.invalidate()

    def status(self, text: str) -> None:
        self._status = text
        self.invalidate()

    def ask(self, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        """A yes/no question on the status line, as PTT asks them: `y` answers yes (`on_yes` is
        called), any other key no, the default (`on_no`, if given); until then it takes every key."""
        self.question = (question, on_yes)
        self.on_no = on_no
        self.invalidate()

    def leave(self) -> None:
        """Log off, once the user says yes to PTT's question (您確定要離開【 站名 】嗎？)."""
        question = _("Are you sure you want to leave 【 %(site)s 】? (Y/N)? [N]") % {"site": _("Chess Siege")}
        self.ask(question, lambda: self.close(_("Goodbye.")))

    def close(self, message: str) -> None:
        """End the session (the message is written once the screen is left)."""
        self.closing_message = message
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    def resized(self) -> None:
        self.app._on_resize()

    def set_language(self, language: str) -> None:
        self.ctx.language = language
        # Django's active language is per context (asgiref's Local): the application draws and
        # reads keys in copies of its own context, which is where it is set for the session.
        translation.activate(language)
        if self.app.context is not None:
            self.app.context.run(translation.activate, language)
        self.invalidate()

    async def run(self, root: Screen) -> None:
        self.push(root)
        try:
            # One event loop serves every session: no application of one may take the loop's
            # handler of exceptions or the server's Ctrl-C for itself.
            await self.app.run_async(set_exception_handler=False, handle_sigint=False)
        finally:
            for screen in reversed(self.stack):
                try:
                    await screen.stop()
                except Exception:
                    log.exception("bbs: a screen failed to stop")
            for task in list(self._tasks):
                task.cancel()

    # inside

    def spawn(self, coro) -> asyncio.Task:
        """A task of the session's (a screen reading again, an act on its way): kept until done,
        cancelled when the session ends, and a failure logged and said on the status line
        instead of lost with the screen left as it was."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        for key, starting in list(self._starting.items()):
            if starting is task:
                del self._starting[key]
        if task.cancelled() or task.exception() is None:
            return
        error = task.exception()
        log.error("bbs: a task of the session failed", exc_info=error)
        failed = _("! This could not be done (%(error)s); the screen shows what it last read.")
        self.status(failed % {"error": type(error).__name__})

    async def _start(self, screen: Screen) -> None:
        try:
            await screen.start()
        except Exception as exc:
            log.exception("bbs: a screen failed to start")
            self.status(_("This screen could not be loaded (%(error)s).") % {"error": type(exc).__name__})
        self._focus()
        self.invalidate()

    def _focus(self) -> None:
        if not self.stack or self._too_small():
            return
        try:
            self.app.layout.focus(self._container_of(self.stack[-1]))
        except ValueError:
            pass  # nothing focusable in it: the frame's keys still work

    def _too_small(self) -> bool:
        return self.ctx.columns < MIN_COLUMNS or self.ctx.rows < MIN_ROWS

    def _container_of(self, screen: Screen) -> Container:
        key = id(screen)
        if key not in self._containers:
            self._containers[key] = screen.container()
        return self._containers[key]

    def _top(self):
        """`【title】` at the left, the campaign at the right, two columns apart at least: a title
        too long is cut by its width (wcwidth) and ends `…】`; the campaign takes a third at most."""
        columns = self.ctx.columns
        title = self.stack[-1].title if self.stack else ""
        campaign = fit(self.ctx.campaign.name, columns // 3, pad=False) if self.ctx.campaign is not None else ""
        room = max(columns - width(campaign) - TOP_GAP, 0)
        left = f"【{title}】"
        if width(left) > room:
            left = "【" + fit(title, max(room - width("【…】"), 0), pad=False) + "…】"
        return [("", fit(left, columns - width(campaign)) + campaign)]

    def _bottom(self):
        if self.question is not None:
            return [("", fit(self.question[0], self.ctx.columns))]
        text = self._status or self._footer()
        style = "class:refusal" if self._status.startswith("!") else ""
        return [(style, fit(text, self.ctx.columns))]

    def _footer(self) -> str:
        """The keys of the screen shown: its own `footer()` when it declares one (bbs/screen.py),
        else the lists' keys."""
        screen = self.stack[-1] if self.stack and not self.showing_help else None
        footer = getattr(screen, "footer", None)
        return (footer() if footer is not None else "") or _("? help  q/← back  ↑↓ move  Enter choose")

    def _body(self) -> Container:
        if self._too_small():
            message = _("This window is %(columns)s×%(rows)s: the BBS needs at least %(min_columns)s×%(min_rows)s.") % {
                "columns": self.ctx.columns,
                "rows": self.ctx.rows,
                "min_columns": MIN_COLUMNS,
                "min_rows": MIN_ROWS,
            }
            return Window(FormattedTextControl("\n".join(wrap(message, max(self.ctx.columns, 1)))), wrap_lines=False)
        if self.showing_help and self.stack:
            text = self.stack[-1].help() + "\n\n" + _("Every screen: ? this help, q or ← back.")
            text += "\n" + _("(any key closes this help)")
            return Window(FormattedTextControl("\n".join(wrap(text, self.ctx.columns))))
        if not self.stack:
            return Window()
        return self._container_of(self.stack[-1])

    def _screen_keys(self):
        if self.stack and not self.showing_help and self.question is None and not self._too_small():
            screen = self.stack[-1]
            if id(screen) not in self._keys:
                self._keys[id(screen)] = screen.key_bindings()
            return self._keys[id(screen)]
        return None

    def _frame_keys(self) -> KeyBindings:
        keys = KeyBindings()
        # In a text field q, ?, h and ← are text and the cursor's; under the help any key closes it,
        # and a question takes any key. A window too small to draw in takes no key but the redraw.
        free = ~buffer_has_focus & ~Condition(
            lambda: self.showing_help or self.question is not None or self._too_small()
        )

        @keys.add("?", filter=free)
        @keys.add("h", filter=free)  # PTT's help key on every screen
        def _help(event):
            self.showing_help = True

        @keys.add("q", filter=free)
        @keys.add("left", filter=free)
        def _back(event):
            if len(self.stack) > 1:
                self.pop()
            else:
                self.leave()  # the main menu: PTT asks before logging off

        @keys.add("c-l")
        def _redraw(event):
            event.app.renderer.clear()

        return keys

    def _question_keys(self) -> KeyBindings:
        keys = KeyBindings()
        asking = Condition(lambda: self.question is not None)

        # eager: before the toolkit's own keys of a text field (Enter a new line, Ctrl-Q quoted
        # insert), which would otherwise go on under the question
        @keys.add("<any>", filter=asking, eager=True)
        def _no(event):
            on_no, self.question, self.on_no = self.on_no, None, None
            if on_no is not None:
                on_no()
            self.invalidate()

        @keys.add("y", filter=asking, eager=True)
        @keys.add("Y", filter=asking, eager=True)
        def _yes(event):
            if self.question is not None:
                _asked, on_yes = self.question
                self.question = self.on_no = None
                on_yes()
                self.invalidate()

        return keys

    def _help_keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("<any>", filter=Condition(lambda: self.showing_help))
        def _close_help(event):
            self.showing_help = False
            self._focus()

        return keys
