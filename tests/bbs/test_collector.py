"""The terminal's keystroke latency: after each redraw of a session's frame, once the redraw's
bytes are written, the garbage collector's young generation is collected (and the middle one
every MIDDLE_EVERY redraws), so that no key waits for a collection of the thousands of young
objects that otherwise pile up while a hundred sessions type (bbs/collector.py)."""

import asyncio
import gc
import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Layout
from prompt_toolkit.output.vt100 import Vt100_Output

from bbs.collector import MIDDLE_EVERY
from bbs.drawing import TextWindow
from bbs.frame_application import FrameApplication

KEYS = 25


def test_each_redraw_once_sent_is_followed_by_a_collection_of_the_young_generation():
    collections: list[tuple[int, int]] = []  # (generation, characters written when it started)
    redraws: list[tuple[int, bool]] = []  # (characters written after the redraw, its screen still young)
    sent = io.StringIO()
    cursor = [0]

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append((info["generation"], len(sent.getvalue())))

    async def type_keys() -> None:
        keys = KeyBindings()

        @keys.add("down")
        def _down(event) -> None:
            cursor[0] += 1

        with create_pipe_input() as pipe:
            app = FrameApplication(
                layout=Layout(TextWindow(lambda: f"> 許昌 第 {cursor[0]} 行", focusable=True)),
                key_bindings=keys,
                input=pipe,
                output=Vt100_Output(sent, lambda: Size(rows=24, columns=80), term="xterm"),  # type: ignore[arg-type]
                full_screen=True,
            )
            drawn = asyncio.Event()

            def after(app_) -> None:  # added after the frame's own handler: runs once it has collected
                screen = app_.renderer._last_screen
                redraws.append((len(sent.getvalue()), any(o is screen for o in gc.get_objects(0))))
                drawn.set()

            app.after_render += after
            running = asyncio.get_running_loop().create_task(app.run_async())
            await asyncio.wait_for(drawn.wait(), 10)
            for _ in range(KEYS):
                drawn.clear()
                pipe.send_text("\x1b[B")
                await asyncio.wait_for(drawn.wait(), 10)
            app.exit()
            await running

    gc.callbacks.append(counted)
    try:
        asyncio.run(type_keys())
    finally:
        gc.callbacks.remove(counted)

    assert cursor[0] == KEYS and len(redraws) >= KEYS + 1
    assert all(a < b for (a, _), (b, _) in zip(redraws, redraws[1:]))  # each key's redraw sent its change
    for written, still_young in redraws:
        # A collection started with exactly this redraw's bytes written: after them, not before.
        assert written in {count for _generation, count in collections}
        assert not still_young  # the screen just drawn was collected out of the young generation
    after_sending = [generation for generation, count in collections if count in {w for w, _ in redraws}]
    assert after_sending.count(1) >= len(redraws) // MIDDLE_EVERY
