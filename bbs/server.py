"""The SSH server (asyncssh): log-in by password, by password then code (keyboard-interactive),
or by public key, as the web's log-in asks (bbs/auth.py); the caps of sessions per address and
per user (counted in Redis for every process: bbs/caps.py), the idle timeout, and one
prompt_toolkit application (bbs/frame.py) per session, its bytes in the connection's encoding
(bbs/terminal_io.py). It listens with SO_REUSEPORT, so that several processes serve one port
(`manage.py bbs --processes N`), the kernel spreading the connections among them."""

import asyncio
import logging
from pathlib import Path
from typing import Any

import asyncssh
from asgiref.sync import SyncToAsync
from asyncssh.auth import KbdIntChallenge, KbdIntResponse
from django.db import connections

from bbs import auth
from bbs.caps import address_key
from bbs.conf import setting
from bbs.context import Context
from bbs.inbound import bound_environment, meter
from bbs.session import Session, Sessions
from bbs.toolkit import skip_unchanged_lines
from campaign.addresses import limited

log = logging.getLogger(__name__)

PASSWORD_PROMPT = "密碼 Password: "
KEEPALIVE_SECONDS = 60  # a client gone without a word is found within three of these


def host_key(var_dir: Path) -> Path:
    """The server's host key, made once into var/ (owner only), as var/secret_key is."""
    path = Path(var_dir) / "bbs_host_key"
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        path.touch(mode=0o600)
        path.write_bytes(key.export_private_key())
    return path


async def apart(fn, **kwargs):
    """fn in a thread of its own rather than the sessions' database thread: a password's hash takes
    a good part of a second, and every session's database work would wait behind it."""

    def call():
        try:
            return fn(**kwargs)
        finally:
            for connection in connections.all(initialized_only=True):
                connection.close()  # this thread's own connection, not kept

    return await SyncToAsync(call, thread_sensitive=False)()


class BBSServer(asyncssh.SSHServer):
    """One SSH connection: its address, its log-in."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.address = ""
        self.user: Any = None
        self.awaiting: Any = None  # the account whose password was right, its code asked next
        self.logged_in = False  # Django's user_logged_in sent for self.user
        self.conn: asyncssh.SSHServerConnection | None = None
        self.admitting: asyncio.Task | None = None  # the address's cap asked (its entry, None: over it)
        self.lost = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        meter(conn, setting("BBS_INPUT_BYTES_PER_SECOND"))  # no input class holds the shared loop
        peer = conn.get_extra_info("peername")
        self.address = limited(peer[0]) if peer else "unknown"
        caps = self.sessions.caps
        self.admitting = asyncio.get_running_loop().create_task(
            caps.take(address_key(self.address), setting("BBS_SESSIONS_PER_ADDRESS"))
        )
        self.admitting.add_done_callback(self._admitted)

    def _admitted(self, task: asyncio.Task) -> None:
        if task.cancelled():
            return
        entry = task.result()
        if self.lost:
            self.sessions.caps.release_soon(entry)
        elif entry is None and self.conn is not None:
            log.info("bbs: %s over its cap of connections", self.address)
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections from this address")

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.admitting is not None and self.admitting.done() and not self.admitting.cancelled():
            self.sessions.caps.release_soon(self.admitting.result())

    async def begin_auth(self, username: str) -> bool:
        """Nothing of the log-in is tried before the address's cap has let the connection in."""
        if self.admitting is not None:
            await asyncio.wait({self.admitting})
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        """The password method: an account that asks for a second factor is refused here, its
        banner naming keyboard-interactive authentication, which asks for the code."""
        result = await apart(auth.password_login, username=username, password=password, address=self.address)
        return await self._accept(result)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> KbdIntChallenge:
        self.awaiting = None
        return "", "", "", [(PASSWORD_PROMPT, False)]

    async def validate_kbdint_response(self, username: str, responses: KbdIntResponse) -> KbdIntChallenge:
        """The password, then for an account with a second factor its code (the web's two steps)."""
        if len(responses) != 1:
            return False
        if self.awaiting is None:
            result = await apart(auth.password_login, username=username, password=responses[0], address=self.address)
            if result.awaiting is None:
                return await self._accept(result)
            self.awaiting = result.awaiting
            instructions, prompt = result.prompt
            return "", instructions, "", [(prompt, False)]
        user, self.awaiting = self.awaiting, None
        return await self._accept(await apart(auth.code_login, user=user, code=responses[0], address=self.address))

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        result = await Context(user=None).db(auth.key_login, username=username, fingerprint=fingerprint)
        # asyncssh asks this before it checks the signature (a key is public): logged in at
        # auth_completed, once the signature is good, not here
        return await self._accept(result, logged_in_now=False)

    async def _accept(self, result: auth.Login, logged_in_now: bool = True) -> bool:
        """In when the log-in let a user in; else refused, with the banner saying why (if it says).
        A user let in is logged in (axes clears their wrong passwords) before the client hears of
        it, so that nothing the client does next can race the clearing."""
        if result.message and self.conn is not None:
            self.conn.send_auth_banner(result.message)
        if result.user is None:
            return False
        self.user = result.user
        self.logged_in = logged_in_now
        if logged_in_now:
            await apart(auth.logged_in, user=self.user, address=self.address)
        return True

    async def auth_completed(self) -> None:
        if not self.logged_in:
            await apart(auth.logged_in, user=self.user, address=self.address)

    def session_requested(self):
        assert self.conn is not None
        return bound_environment(self.conn.create_server_channel()), Session(self.sessions, self.user)


async def serve(host: str, port: int, *, var_dir: Path, sessions: Sessions | None = None) -> asyncssh.SSHAcceptor:
    """Start listening (returns the acceptor; `close()` stops it, then `sessions.close()`)."""
    sessions = sessions or Sessions()
    sessions.start()
    skip_unchanged_lines()  # prompt_toolkit's diff of each redraw, told only of the changed lines
    asyncssh.set_log_level(logging.WARNING)  # not six lines for every connection
    return await asyncssh.listen(
        host,
        port,
        server_factory=lambda: BBSServer(sessions),
        server_host_keys=[str(host_key(var_dir))],
        encoding=None,  # bytes: each connection has its own codec (bbs/terminal_io.py)
        login_timeout=setting("BBS_LOGIN_TIMEOUT_SECONDS"),
        keepalive_interval=KEEPALIVE_SECONDS,
        keepalive_count_max=3,
        allow_scp=False,
        agent_forwarding=False,
        x11_forwarding=False,
        line_editor=False,
        reuse_port=True,  # several processes on one port (manage.py bbs --processes)
    )
