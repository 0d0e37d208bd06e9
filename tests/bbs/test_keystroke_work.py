"""The terminal's keystroke latency (bench/bbs.py: p99 within 2× a bare echo at 100 sessions, 3×
at 300): what a key costs the BBS's one event loop beyond its redraw. A key typed into the frame's
application (bbs/frame.py) writes nothing to the loop's self-pipe (prompt_toolkit's redraw was
scheduled thread-safely, two system calls and a wake-up a key) and starts no key-processor timer
task (the wait for a chord's second key: the BBS binds no chords) nor, unless it may begin an
escape sequence, the parser's flush task; no session polls its window's size (SSH says when it
changes)."""

import asyncio
import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Layout
from prompt_toolkit.output.vt100 import Vt100_Output

from bbs.context import Context
from bbs.drawing import TextWindow
from bbs.frame import Frame
from bbs.frame_application import ESCAPE_WAIT, FrameApplication
from bbs.terminal_io import ChannelInput

KEYS = 20


def test_a_key_wakes_no_self_pipe_and_starts_no_timer_task_and_no_session_polls_its_size():
    cursor = [0]
    pipe_writes = [0]
    tasks: list[str] = []

    async def type_keys() -> None:
        loop = asyncio.get_running_loop()
        write_to_self = loop._write_to_self  # type: ignore[attr-defined]

        def counted_write() -> None:
            pipe_writes[0] += 1
            write_to_self()

        def factory(loop_, coro, **kwargs):
            tasks.append(getattr(coro, "__qualname__", ""))
            return asyncio.Task(coro, loop=loop_, **kwargs)

        keys = KeyBindings()

        @keys.add("down")
        def _down(event) -> None:
            cursor[0] += 1

        with create_pipe_input() as pipe:
            app = FrameApplication(
                layout=Layout(TextWindow(lambda: f"> 許昌 第 {cursor[0]} 行", focusable=True)),
                key_bindings=keys,
                input=pipe,
                output=Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm"),  # type: ignore[arg-type]
                full_screen=True,
                max_render_postpone_time=None,  # as the frame's (bbs/frame.py)
                terminal_size_polling_interval=None,
            )
            drawn = asyncio.Event()
            app.after_render += lambda app_: drawn.set()
            running = loop.create_task(app.run_async())
            await asyncio.wait_for(drawn.wait(), 10)
            loop._write_to_self = counted_write  # type: ignore[attr-defined]
            loop.set_task_factory(factory)
            for _ in range(KEYS):
                drawn.clear()
                pipe.send_text("\x1b[B")
                await asyncio.wait_for(drawn.wait(), 10)
            loop.set_task_factory(None)
            loop._write_to_self = write_to_self  # type: ignore[attr-defined]
            app.exit()
            await running

    asyncio.run(type_keys())
    assert cursor[0] == KEYS
    assert pipe_writes[0] == 0
    assert not [name for name in tasks if "_start_timeout" in name]


def test_the_frames_application_waits_for_no_chord_and_polls_no_window_size():
    """The frame's own application (one a session): no key-processor timeout, no size polling task."""
    frame = Frame(Context(user=None))
    assert frame.app.timeoutlen is None
    assert frame.app.terminal_size_polling_interval is None
    assert frame.app.max_render_postpone_time is None


def test_a_whole_key_starts_no_flush_task_and_a_lone_esc_is_still_a_key_after_the_escape_wait():
    """prompt_toolkit starts a task after every packet of keys to flush what its parser holds
    (`auto_flush_input`): over SSH only a packet ending in what may begin an escape sequence starts
    it. ↓ ten times starts none; a lone Esc starts one, and is the Escape key ESCAPE_WAIT later."""
    pressed: list[str] = []
    flush_tasks: list[float] = []

    async def type_keys() -> None:
        loop = asyncio.get_running_loop()

        def factory(loop_, coro, **kwargs):
            if getattr(coro, "__name__", "") == "auto_flush_input":
                flush_tasks.append(loop.time())
            return asyncio.Task(coro, loop=loop_, **kwargs)

        keys = KeyBindings()
        keys.add("down")(lambda event: pressed.append("down"))
        keys.add("escape")(lambda event: pressed.append("escape"))
        channel = ChannelInput()
        app = FrameApplication(
            layout=Layout(TextWindow(lambda: f"> 許昌 {len(pressed)}", focusable=True)),
            key_bindings=keys,
            input=channel,
            output=Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm"),  # type: ignore[arg-type]
            full_screen=True,
            max_render_postpone_time=None,
            terminal_size_polling_interval=None,
        )
        running = loop.create_task(app.run_async())
        await asyncio.sleep(0.05)
        loop.set_task_factory(factory)
        for _ in range(KEYS):
            channel.feed(b"\x1b[B")
            await asyncio.sleep(0.01)
        assert pressed == ["down"] * KEYS and flush_tasks == []
        sent = loop.time()
        channel.feed(b"\x1b")
        while "escape" not in pressed and loop.time() - sent < 2:
            await asyncio.sleep(0.005)
        answered = loop.time() - sent
        loop.set_task_factory(None)
        app.exit()
        await running
        assert pressed[-1] == "escape" and len(flush_tasks) == 1
        assert ESCAPE_WAIT <= answered < ESCAPE_WAIT + 0.5

    asyncio.run(type_keys())
