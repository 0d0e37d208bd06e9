"""One terminal session: the channel's bytes to prompt_toolkit and back in the chosen encoding,
the cap of sessions per user, the idle timeout, and the frame's application run to its end."""

import asyncio
import logging
import time
from typing import Any

import asyncssh
from django.utils import translation
from django.utils.translation import gettext as _
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

from bbs import auth
from bbs.caps import Caps, user_key
from bbs.conf import setting
from bbs.context import Context
from bbs.frame import Frame
from bbs.heartbeat import beat, present
from bbs.notices import follow
from bbs.registry import screen_make
from bbs.terminal_io import ChannelInput, ChannelWriter

log = logging.getLogger(__name__)

# Terminals of the PCMan era read 256-colour codes wrongly: these, and any Big5 session, get 16.
SIXTEEN_COLOUR_TERMS = frozenset({"vt100", "vt220", "ansi", "linux"})
# The largest window drawn: a client may say 4,294,967,295 columns; a larger window is drawn this
# size (no terminal of a reader is wider), so that a screen's drawing stays bounded.
MAX_COLUMNS, MAX_ROWS = 500, 200


def window(width: int, height: int) -> tuple[int, int]:
    """The size a screen is drawn at for a window the client says is width × height."""
    return min(max(width, 1), MAX_COLUMNS), min(max(height, 1), MAX_ROWS)


class Sessions:
    """A BBS process's sessions: those running, their entries in the caps (counted in Redis for
    every process: bbs/caps.py) and the process's beat (bbs/heartbeat.py), from `start` to `close`."""

    def __init__(self) -> None:
        self.open: set[Any] = set()  # the sessions (Session) running
        self.caps = Caps()
        self.beating: asyncio.Task | None = None

    def start(self) -> None:
        if self.beating is None:
            self.beating = asyncio.get_running_loop().create_task(beat(self.caps, self.users))

    def users(self) -> set[int]:
        return {session.user.pk for session in self.open}

    async def close(self) -> None:
        if self.beating is not None:
            self.beating.cancel()
            self.beating = None
        await self.caps.close()


class Session(asyncssh.SSHServerSession):
    def __init__(self, sessions: Sessions, user) -> None:
        self.sessions = sessions
        self.user = user
        self.chan: Any = None
        self.input = ChannelInput(on_flood=self._flooded)
        self.writer: ChannelWriter | None = None
        self.ctx = Context(user=self.user)
        self.frame: Any = None
        self.task: asyncio.Task | None = None
        self.last_key = time.monotonic()
        self.entry: str | None = None  # the session's entry in its user's cap (bbs/caps.py)
        self.flood_message = ""
        self.resize_pending: asyncio.TimerHandle | None = None
        self.resize_wait = 0.0  # seconds from a window change to its redraw, now
        self.resized_at = float("-inf")  # loop time of the last redraw for a window change
        self.resizes_drawn = 0  # redraws for window changes (read by the tests)

    # asyncssh's side

    def connection_made(self, chan) -> None:
        self.chan = chan
        self.writer = ChannelWriter(chan)

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype) -> None:
        self.last_key = time.monotonic()
        self.input.feed(data)

    def eof_received(self) -> bool:
        self.input.close()
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth, pixheight) -> None:
        """The new size is kept at once; the screen is drawn again for it BBS_RESIZE_SECONDS after
        the first change (one redraw for any number of changes meanwhile, at the last size). While
        changes keep coming right after each redraw, the wait doubles, up to
        BBS_RESIZE_SLOWEST_SECONDS: a window dragged by hand is redrawn at once and then every few
        tenths, a client sending thousands of changes a second costs a redraw a second."""
        self.ctx.columns, self.ctx.rows = window(width, height)
        if self.resize_pending is None:
            loop = asyncio.get_running_loop()
            first = setting("BBS_RESIZE_SECONDS")
            going_on = loop.time() - self.resized_at < max(self.resize_wait, first)
            slowest = max(first, setting("BBS_RESIZE_SLOWEST_SECONDS"))
            self.resize_wait = min(slowest, self.resize_wait * 2) if going_on else first
            self.resize_pending = loop.call_later(self.resize_wait, self._resize)

    def _resize(self) -> None:
        self.resize_pending = None
        self.resized_at = asyncio.get_running_loop().time()
        if self.frame is not None:
            self.resizes_drawn += 1
            self.frame.resized()

    def connection_lost(self, exc) -> None:
        self.input.close()
        if self.resize_pending is not None:
            self.resize_pending.cancel()
        if self.task is not None and not self.task.done():
            self.task.cancel()

    # the session's own

    def _flooded(self) -> None:
        """Input past the session's budget was dropped (bbs/terminal_io.py): said on the status line."""
        if self.frame is not None:
            self.frame.status(self.flood_message)

    def size(self) -> Size:
        return Size(rows=self.ctx.rows, columns=self.ctx.columns)

    def color_depth(self) -> ColorDepth:
        """16 colours for an old terminal (its TERM) or a Big5 session (the menu's choice may
        change it in the session: the frame asks at every redraw), 256 otherwise."""
        term = (self.chan.get_terminal_type() or "").lower() if self.chan is not None else ""
        if term in SIXTEEN_COLOUR_TERMS or self.input.encoding == "big5":
            return ColorDepth.DEPTH_4_BIT
        return ColorDepth.DEPTH_8_BIT

    def set_encoding(self, encoding: str) -> None:
        self.input.set_encoding(encoding)
        if self.writer is not None:
            self.writer.set_encoding(encoding)

    def say(self, text: str) -> None:
        """A line written straight to the channel (before or after the application)."""
        if self.writer is not None:
            self.writer.write("\x1b[0m\x1b[2J\x1b[H" + text + "\n")

    async def _run(self) -> None:
        width, height, _pw, _ph = self.chan.get_terminal_size()
        self.ctx.columns, self.ctx.rows = window(width or 80, height or 24)
        choice = await self.ctx.db(auth.choice_of, self.user)
        self.ctx.language = choice.language
        self.set_encoding(choice.encoding)
        translation.activate(self.ctx.language)  # this session's context only (asgiref's Local)
        self.flood_message = _("! Keys are arriving too fast: those past the limit were dropped.")
        try:
            self.entry = await self.sessions.caps.take(user_key(self.user.pk), setting("BBS_SESSIONS_PER_USER"))
            if self.entry is None:
                self.say(
                    _("You have %(n)s terminal sessions open already, the most one may have.")
                    % {"n": setting("BBS_SESSIONS_PER_USER")}
                )
                await asyncio.sleep(0.2)
                return
            self.sessions.open.add(self)
            await present({self.user.pk})  # R2.6: online from the log-in, then at every beat
            await self._interact()
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("bbs: a session failed")
        finally:
            await self._release()
            self.chan.close()

    async def _release(self) -> None:
        """The session's entry in its cap released; its last presence written (R2.6: online for the
        campaign's window after it, as after a last request)."""
        if self in self.sessions.open:
            self.sessions.open.discard(self)
            try:
                await present({self.user.pk})
            except Exception:
                log.exception("bbs: a session's last presence could not be written")
        entry, self.entry = self.entry, None
        await self.sessions.caps.release(entry)

    async def _interact(self) -> None:
        assert self.writer is not None
        term = self.chan.get_terminal_type() or "xterm"
        output = Vt100_Output(self.writer, self.size, term=term, enable_cpr=False)  # type: ignore[arg-type]
        with create_app_session(input=self.input, output=output):
            self.frame = Frame(self.ctx, self)
            loop = asyncio.get_running_loop()
            tasks = [loop.create_task(self._idle()), loop.create_task(self._notices())]
            try:
                await self.frame.run(screen_make(self.ctx, "main-menu"))
            finally:
                for task in tasks:
                    task.cancel()
        if self.frame.closing_message:
            self.say(self.frame.closing_message)
            await asyncio.sleep(0.1)

    async def _notices(self) -> None:
        try:
            await follow(self.ctx)
        except asyncio.CancelledError:
            raise
        except Exception:  # the channel layer away: the session goes on without live notices
            log.exception("bbs: the notices could not be followed")

    async def _idle(self) -> None:
        while True:
            left = self.last_key + setting("BBS_IDLE_SECONDS") - time.monotonic()
            if left <= 0:
                minutes = max(round(setting("BBS_IDLE_SECONDS") / 60), 1)
                self.frame.close(
                    _("Closed after %(minutes)s minutes without a key (the idle timeout).") % {"minutes": minutes}
                    if setting("BBS_IDLE_SECONDS") >= 60
                    else _("Closed after %(seconds)s seconds without a key (the idle timeout).")
                    % {"seconds": int(setting("BBS_IDLE_SECONDS"))}
                )
                return
            await asyncio.sleep(min(left, 30))
