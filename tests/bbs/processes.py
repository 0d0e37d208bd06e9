"""A second BBS process for the tests: the real server (bbs/server.py) in a child forked once the
world is made (it sees the test database and the settings the test set), on a port of its own or
on the port of the BBS in the test process (SO_REUSEPORT), reached by terminals as `BBS`'s are.
The child takes a channel layer and a database thread of its own, as a process started afresh
(`manage.py bbs --processes N`) has."""

import asyncio
import multiprocessing
import os
import signal
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from asgiref.sync import SyncToAsync

from bbs.server import serve
from bbs.session import Sessions
from tests.bbs.terminal import BBS, Loop, Terminal


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serve(port: int, var_dir: Path, ready) -> None:
    from channels.layers import channel_layers

    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)  # the parent's thread is not here
    channel_layers.backends.clear()  # a layer of its own: its own prefix for its channels, as a new process

    async def main() -> None:
        await serve("127.0.0.1", port, var_dir=var_dir, sessions=Sessions())
        ready.set()
        await asyncio.Event().wait()

    asyncio.run(main())


class ForkedBBS(BBS):
    """The server in a child process; `kill()` ends it as a crash would (SIGKILL)."""

    def __init__(self, var_dir: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        context = multiprocessing.get_context("fork")
        ready = context.Event()
        self.child = context.Process(target=_serve, args=(self.port, var_dir, ready), daemon=True)
        self.child.start()
        assert ready.wait(30), "the second BBS process did not start"
        self.loop = Loop()  # the terminals' (clients') loop
        self.terminals: list[Terminal] = []
        self.last_client = None

    def kill(self) -> None:
        if self.child.is_alive():
            os.kill(self.child.pid, signal.SIGKILL)
            self.child.join(10)

    def stop(self) -> None:
        for terminal in self.terminals:
            terminal.close()
        if self.child.is_alive():
            self.child.terminate()
            self.child.join(10)
        self.loop.close()
