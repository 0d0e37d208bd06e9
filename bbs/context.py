"""What a screen knows of its session (`ctx`): the user, the language, the encoding, the
terminal's size, the database (off the event loop) and the frame's acts (push, pop, redraw, the status
line, a yes/no question).

The frame (bbs/frame.py) makes one per session and attaches itself; a Context with no frame
(a screen's own test) keeps its pushed screens in `stack` and its status in `last_status`."""

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from django.utils import translation

from campaign.kept_connection import KeptConnection

if TYPE_CHECKING:
    from bbs.screen import Screen

T = TypeVar("T")

FRAME_ROWS = 2  # the frame's top line and status line


class Frame(Protocol):
    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task: ...
    def push(self, screen: "Screen") -> None: ...
    def pop(self) -> None: ...
    def invalidate(self) -> None: ...
    def status(self, text: str) -> None: ...
    def ask(self, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None: ...


class Context:
    def __init__(
        self, *, user: Any, language: str = "zh-hant", columns: int = 80, rows: int = 24, encoding: str = "utf-8"
    ):
        self.user = user
        self.language = language
        self.columns = columns
        self.rows = rows
        self.campaign: Any = None  # the campaign chosen in the main menu (None until then)
        self.officer: Any = None  # the user's officer in that campaign
        self.frame: Frame | None = None
        self.stack: list[Screen] = []
        self.last_status = ""
        self.question: tuple[str, Callable[[], None]] | None = None  # asked, with no frame to ask it
        self.tasks: set[asyncio.Task] = set()
        self._encoding = encoding

    @property
    def encoding(self) -> str:
        """The session's encoding, "utf-8" or "big5" (the menu's choice): the frame's session
        says it, so that it follows a switch at once; a context with no session keeps its own."""
        session = getattr(self.frame, "session", None)
        channel_input = getattr(session, "input", None)
        return str(getattr(channel_input, "encoding", self._encoding))

    @encoding.setter
    def encoding(self, encoding: str) -> None:
        self._encoding = encoding

    @property
    def unread_letters(self) -> int:
        """Letters waiting unread for the session's officer, as read with the officer."""
        return getattr(self.officer, "unread_letters", 0) or 0

    @property
    def body_rows(self) -> int:
        """Rows a screen has: the terminal's less the frame's top line and status line."""
        return max(self.rows - FRAME_ROWS, 1)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` run in the database thread, in the session's language."""
        language = self.language

        def call() -> T:
            with translation.override(language):
                return fn(*args, **kwargs)

        return await KeptConnection(call, thread_sensitive=True)()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        """A task of the session's (bbs/frame.py Frame.spawn: kept, its failure logged and said);
        a context with no frame keeps it in `tasks`."""
        if self.frame is not None:
            return self.frame.spawn(coro)
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def push(self, screen: "Screen") -> None:
        if self.frame is not None:
            self.frame.push(screen)
        else:
            self.stack.append(screen)

    def pop(self) -> None:
        if self.frame is not None:
            self.frame.pop()
        elif self.stack:
            self.stack.pop()

    def invalidate(self) -> None:
        if self.frame is not None:
            self.frame.invalidate()

    def status(self, text: str) -> None:
        self.last_status = text
        if self.frame is not None:
            self.frame.status(text)

    def ask(self, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        """A yes/no question on the status line: `on_yes()` once the user presses y, `on_no()` (or
        nothing) on any other key (no is the default); a context with no frame keeps it in `question`."""
        if self.frame is not None:
            self.frame.ask(question, on_yes, on_no)
        else:
            self.question = (question, on_yes)
