"""The two sides of bench/bbs.py that are not the BBS: the bare asyncssh echo server (every byte
sent back as it came, no application: the floor a terminal's keystroke cannot go below) and the
typists, processes of their own that each drive a share of the sessions of both servers with the
same code, so that the client's own work (decrypting every screen) is spread over processes and
is the same for both sides.

A typist process and bench/bbs.py's main process meet at a barrier between the phases: one BBS
session open (the server's memory with one), every session open (its memory with all), then
for each round the round's start and its end (the servers' CPU time read around it)."""

import asyncio
import random
import sys
import time
from dataclasses import dataclass, field

MENU = b"UTF-8/Big5"  # the main menu's encoding line, in both languages: the menu is drawn
DOWN, UP = b"\x1b[B", b"\x1b[A"
TIMEOUT = 10.0  # a key with no answer this long counts as this long
PHASE_SECONDS = 600  # a barrier not met within this: the bench stops with an error


@dataclass
class Job:
    """One typist process's share: its BBS usernames (the first opened alone when `first`) and
    the count of echo sessions, and how each round types."""

    bbs_port: int
    echo_port: int
    password: str
    usernames: list[str]
    echo_sessions: int
    first: bool
    keys: int
    interval: float
    rounds: int


@dataclass
class Found:
    delays: dict[str, list[float]] = field(default_factory=lambda: {"echo": [], "bbs": []})
    cpu: dict[str, float] = field(default_factory=lambda: {"echo": 0.0, "bbs": 0.0})
    wall: dict[str, float] = field(default_factory=lambda: {"echo": 0.0, "bbs": 0.0})


async def echo_server(port: int) -> None:
    """A bare asyncssh server: any password, every byte sent back as it came."""
    import asyncssh

    class Server(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return True

        def validate_password(self, username: str, password: str) -> bool:
            return True

        def session_requested(self):
            return Echo()

    class Echo(asyncssh.SSHServerSession):
        def connection_made(self, chan) -> None:
            self.chan = chan

        def pty_requested(self, term_type, term_size, term_modes) -> bool:
            return True

        def shell_requested(self) -> bool:
            return True

        def data_received(self, data: bytes, datatype) -> None:
            self.chan.write(data)

    key = asyncssh.generate_private_key("ssh-ed25519")
    await asyncssh.listen(
        "127.0.0.1", port, server_factory=Server, server_host_keys=[key], encoding=None, line_editor=False
    )
    await asyncio.Event().wait()


class Typist:
    """One session's channel: what arrived since the key was sent."""

    def __init__(self) -> None:
        self.arrived = asyncio.Event()
        self.seen = bytearray()
        self.chan = None
        self.conn = None

    async def wait_for(self, text: bytes, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{text!r} not seen in {seconds} s")
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), min(left, 1))
            except TimeoutError:
                pass


async def open_session(port: int, username: str, password: str, ready: bytes) -> Typist:
    import asyncssh

    typist = Typist()

    class Session(asyncssh.SSHClientSession):
        def data_received(self, data, datatype) -> None:
            typist.seen.extend(data)
            typist.arrived.set()

    typist.conn = await asyncssh.connect(
        "127.0.0.1", port, username=username, password=password, known_hosts=None, client_keys=None
    )
    typist.chan, _session = await typist.conn.create_session(
        Session, term_type="xterm", term_size=(80, 24), encoding=None
    )
    await typist.wait_for(ready, 120)
    return typist


async def type_round(sessions: list[Typist], keys: int, interval: float) -> list[float]:
    """Every session types `keys` keys, one each `interval` seconds, the sessions' keys spread
    evenly at random over the interval: the delay from each key sent to the first byte back."""
    delays: list[float] = []

    async def one(typist: Typist) -> None:
        await asyncio.sleep(random.uniform(0, interval))
        for n in range(keys):
            typist.arrived.clear()
            sent = time.perf_counter()
            typist.chan.write(DOWN if n % 2 == 0 else UP)  # type: ignore[attr-defined]
            try:
                await asyncio.wait_for(typist.arrived.wait(), TIMEOUT)
                delays.append(time.perf_counter() - sent)
            except TimeoutError:
                delays.append(TIMEOUT)
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - sent)))

    await asyncio.gather(*(one(typist) for typist in sessions))
    return delays


def run_typist(job: Job, barrier, results) -> None:
    """A typist process's body (multiprocessing's target): its Found put on `results`."""
    import logging

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        results.put(asyncio.run(_typist(job, barrier)))
    except BaseException:
        barrier.abort()  # the main process's wait fails instead of hanging
        raise


async def _typist(job: Job, barrier) -> Found:
    loop = asyncio.get_running_loop()

    async def meet() -> None:
        await loop.run_in_executor(None, barrier.wait, PHASE_SECONDS)

    names = list(job.usernames)
    bbs: list[Typist] = []
    if job.first:
        bbs.append(await open_session(job.bbs_port, names.pop(0), job.password, MENU))
    await meet()  # one BBS session open: its memory read
    await meet()
    for start in range(0, len(names), 5):  # a few log-ins at a time (a password hash each)
        batch = names[start : start + 5]
        bbs += await asyncio.gather(*(open_session(job.bbs_port, n, job.password, MENU) for n in batch))
    echo = await asyncio.gather(*(open_session(job.echo_port, "echo", "", b"") for _ in range(job.echo_sessions)))
    await meet()  # every session open: the memory read again
    found = Found()
    for _round in range(job.rounds):
        for kind, sessions in (("echo", list(echo)), ("bbs", bbs)):
            await meet()  # the round starts in every process at once
            cpu, wall = time.process_time(), time.perf_counter()
            found.delays[kind] += await type_round(sessions, job.keys, job.interval)
            found.cpu[kind] += time.process_time() - cpu
            found.wall[kind] += time.perf_counter() - wall
            await meet()  # the round is over everywhere: the servers' CPU read
    for typist in bbs + list(echo):
        typist.conn.close()  # type: ignore[attr-defined]
    return found


if __name__ == "__main__":  # the echo server, on the port given
    asyncio.run(echo_server(int(sys.argv[1])))
