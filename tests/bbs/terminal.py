"""The BBS under test: the real SSH server (bbs/server.py) on a free port in a thread with its own
event loop, against the test database, and terminals that reach it over SSH with asyncssh's
client, their output fed to a pyte 80×24 screen (what the user sees, decoded as the terminal's
encoding: UTF-8 or Big5)."""

import asyncio
import codecs
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncssh
import pyte
from asgiref.sync import SyncToAsync
from django.db import connections

from bbs.context import Context
from bbs.server import serve
from bbs.session import Sessions
from bbs.terminal_io import ENCODINGS

KEYS = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "enter": "\r",
    "tab": "\t",
    "esc": "\x1b",
    "backspace": "\x7f",
    "ctrl-p": "\x10",
    "ctrl-q": "\x11",
    "ctrl-x": "\x18",
}
# What a screen shows until its rows are read (screens/letters.py, screens/menu.py…), in UTF-8 and in Big5 (no "…").
LOADING = ("Loading…", "載入中…", "Loading.", "載入中.")


class Loop:
    """An event loop in a thread; `call(coro)` runs a coroutine there and waits for it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def call(self, coro, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def _close_connections() -> None:
    for connection in connections.all(initialized_only=True):
        connection.close()


class BBS:
    """The server, listening on 127.0.0.1 and a free port."""

    def __init__(self, var_dir: Path, port: int = 0) -> None:
        self.loop = Loop()
        self.sessions = Sessions()
        self.acceptor = self.loop.call(serve("127.0.0.1", port, var_dir=var_dir, sessions=self.sessions))
        self.port = self.acceptor.get_port()
        self.terminals: list[Terminal] = []
        self.last_client: Client | None = None

    @property
    def last_banner(self) -> str:
        """The SSH banner the last connection was sent (why a log-in was refused)."""
        return self.last_client.banner if self.last_client else ""

    def connect(self, username: str, password: str | None = None, **options) -> "Terminal":
        terminal = Terminal(self, username, password, **options)
        self.terminals.append(terminal)
        return terminal

    def stop(self) -> None:
        for terminal in self.terminals:
            terminal.close()

        async def shut() -> None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
            await self.sessions.close()
            await Context(user=None).db(_close_connections)  # the database thread's connection

        self.loop.call(shut())
        self.loop.close()
        fresh_database_thread()


def fresh_database_thread() -> None:
    """The server's database work ran in asgiref's one process-wide thread (a loop in a thread of
    its own, not under async_to_sync, gets that thread). A process forked later (the browser
    tests' daphne) would inherit the executor believing its thread alive, and queue every
    socket's database call behind a thread it does not have: it gets a new, empty executor."""
    SyncToAsync.single_thread_executor.shutdown(wait=True)
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


class Client(asyncssh.SSHClient):
    def __init__(self) -> None:
        self.banner = ""

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banner += msg


class Terminal:
    """A user's terminal: `type(keys)`, `screen_text()`, `wait_for(text)`."""

    def __init__(
        self,
        bbs: BBS,
        username: str,
        password: str | None,
        *,
        columns: int = 80,
        rows: int = 24,
        encoding: str = "utf-8",
        client_keys=None,
        term_type: str = "xterm",
        env: dict[str, str] | None = None,
    ) -> None:
        self.bbs = bbs
        self.term_type = term_type  # what the client says it is ("linux": a console of 16 colours)
        self.encoding = encoding
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.raw = bytearray()
        self._decoder = codecs.getincrementaldecoder(ENCODINGS[encoding])(errors="replace")
        self.client = bbs.last_client = Client()
        self.lock = threading.Lock()
        self.closed = threading.Event()
        self.env = env or {}  # environment variables the client sends with its session
        self.conn, self.chan = bbs.loop.call(self._open(username, password, columns, rows, client_keys))

    async def _open(self, username, password, columns, rows, client_keys):
        terminal = self

        class Session(asyncssh.SSHClientSession):
            def data_received(self, data: bytes, datatype) -> None:
                terminal._received(data)

            def connection_lost(self, exc) -> None:
                terminal.closed.set()

        conn, _client = await asyncssh.create_connection(
            lambda: self.client,
            "127.0.0.1",
            self.bbs.port,
            username=username,
            password=password,
            client_keys=client_keys or None,
            known_hosts=None,
            preferred_auth="publickey" if client_keys else "password",
        )
        chan, _session = await conn.create_session(
            Session, term_type=self.term_type, term_size=(columns, rows), encoding=None, env=self.env
        )
        return conn, chan

    def _received(self, data: bytes) -> None:
        with self.lock:
            self.raw.extend(data)
            self.stream.feed(self._decoder.decode(data))

    def set_encoding(self, encoding: str) -> None:
        """The terminal's own setting (PCMan's Big5, say): what it reads its bytes as from now."""
        with self.lock:
            self.encoding = encoding
            self._decoder = codecs.getincrementaldecoder(ENCODINGS[encoding])(errors="replace")

    def type(self, *keys: str) -> None:
        """Keys by name (KEYS: "enter", "down", "ctrl-x", …) or text, typed in order."""
        for key in keys:
            data = KEYS.get(key, key)
            self.send(data.encode(ENCODINGS[self.encoding], errors="replace"))
            time.sleep(0.05)

    def send(self, data: bytes) -> None:
        self.bbs.loop.loop.call_soon_threadsafe(self.chan.write, data)

    def resize(self, columns: int, rows: int) -> None:
        with self.lock:
            self.screen.resize(rows, columns)
        self.bbs.loop.loop.call_soon_threadsafe(self.chan.change_terminal_size, columns, rows)

    def screen_text(self) -> str:
        with self.lock:
            return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, text: str, timeout: float = 10) -> str:
        """The screen once it shows `text` and has read what it shows (no "Loading…" on it: a list's
        header is drawn before its rows are read); fails with the screen as it is after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen_text()
            shown = text in screen.replace(" ", "") or text in screen
            if shown and not any(mark in screen for mark in LOADING):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not on the screen within {timeout} s:\n{screen}")
            time.sleep(0.05)

    def status_line(self) -> str:
        """The screen's last line: the frame's status line (a refusal, a notice, the keys)."""
        return self.screen_text().splitlines()[-1]

    def style_at(self, text: str) -> dict:
        """pyte's attributes of the first character of `text` on the screen (reverse, fg, bold)."""
        with self.lock:
            for row, line in enumerate(self.screen.display):
                column = line.find(text)
                if column >= 0:
                    cells = self.screen.buffer[row]
                    # the display's line leaves out the second column of a wide character
                    shown = [cells[x] for x in range(self.screen.columns) if x == 0 or not _wide(cells[x - 1].data)]
                    char = shown[column]
                    return {"reverse": char.reverse, "fg": char.fg, "bold": char.bold}
        raise AssertionError(f"{text!r} not on the screen:\n{self.screen_text()}")

    def cursor_to(self, text: str, timeout: float = 10) -> str:
        """Press ↓ until the cursor's line ("> …") shows `text` (fails after `timeout`). After each
        ↓ the cursor is waited for (a redraw on a loaded machine comes late): pressing again before
        the screen showed the last one would go past the line."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen_text()
            line = _cursor_line(screen)
            if line is not None and text in line:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"no line with {text!r} under the cursor within {timeout} s:\n{screen}")
            self.type("down")
            moved_by = min(deadline, time.monotonic() + 3)
            while _cursor_line(self.screen_text()) == line and time.monotonic() < moved_by:
                time.sleep(0.02)

    def wait_closed(self, timeout: float = 10) -> bool:
        return self.closed.wait(timeout)

    def close(self) -> None:
        if not self.closed.is_set():
            self.bbs.loop.loop.call_soon_threadsafe(self.conn.close)
            self.closed.wait(5)


def _cursor_line(screen: str) -> str | None:
    return next((line for line in screen.splitlines() if line.lstrip().startswith(">")), None)


def _wide(data: str) -> bool:
    from wcwidth import wcwidth

    return bool(data) and wcwidth(data[0]) == 2


def cells_of(terminal: Terminal, text: str) -> list:
    """The screen's cells (pyte's characters: data, fg, bg, reverse …) of the first line showing
    `text`, from where it starts to the line's end (a wide character's second cell is skipped)."""
    with terminal.lock:
        for y in range(terminal.screen.lines):
            row = terminal.screen.buffer[y]
            chars = [row[x] for x in range(terminal.screen.columns) if row[x].data != ""]
            line = "".join(c.data for c in chars)
            if text in line:
                return chars[line.index(text) :]
    raise AssertionError(f"{text!r} not on the screen:\n{terminal.screen_text()}")


def settled(terminal: Terminal, text: str, timeout: float = 10) -> str:
    """The screen once it shows `text` and the rest of that drawing has arrived too (a screen
    is drawn top down, and its bytes may come in more than one packet)."""
    terminal.wait_for(text, timeout)
    time.sleep(0.3)
    return terminal.screen_text()
