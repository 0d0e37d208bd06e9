"""What a screen of the terminal is: the frame (bbs/frame.py) draws its top line, the current
screen's container and the status line, and hands the screen's keys to prompt_toolkit; `?` (help)
and `q`/← (back) are the frame's keys on every screen.

A screen is constructed as `SomeScreen(ctx, ...)` with the session's `bbs.context.Context`, and
draws to `ctx.columns` × `ctx.rows` (less the frame's two lines: `ctx.body_rows`).

A screen declares its keys for the bottom bar by a `footer()` method (the keys of the state it
shows, in the session's language; the frame shows it while no status is): the lists' is in
bbs/widgets.py, and a screen without one gets the lists' `? help  q/← back  ↑↓ move  Enter
choose`."""

from typing import Protocol, runtime_checkable

from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Container


@runtime_checkable
class Screen(Protocol):
    title: str  # shown in the frame's top line

    def container(self) -> Container:
        """What it draws (the body, between the frame's top line and status line)."""
        ...

    def key_bindings(self) -> KeyBindings:
        """Its keys; '?' (help) and 'q'/left (back) are the frame's and need not be bound."""
        ...

    def help(self) -> str:
        """The `?` text, in the session's language."""
        ...

    async def start(self) -> None:
        """Load what it shows (through ctx.db), subscribe to live changes."""
        ...

    async def stop(self) -> None:
        """Leave channel-layer groups, cancel its tasks."""
        ...


def on_top(ctx, screen: object) -> bool:
    """Whether `screen` is still the one shown: a screen that awaited the database (a form sent,
    a letter removed) leaves by `ctx.pop()` only then, or it would take away the screen the user
    went back to meanwhile."""
    frame_stack = getattr(ctx.frame, "stack", None)
    stack = ctx.stack if frame_stack is None else frame_stack
    return bool(stack) and stack[-1] is screen
