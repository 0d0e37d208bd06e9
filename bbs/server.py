"""The SSH server (asyncssh): log-in by password (the web's throttling, bbs/auth.py) or public
key, the caps of sessions per address and per user, the idle timeout, and one prompt_toolkit
application (bbs/frame.py) per session, its bytes in the connection's encoding
(bbs/terminal_io.py)."""

import logging
from collections import Counter
from pathlib import Path
from typing import Any

import asyncssh
from asgiref.sync import SyncToAsync
from django.db import connections
from django.utils import translation

from bbs import auth
from bbs.conf import setting
from bbs.context import Context
from bbs.drawing import skip_unchanged_lines
from campaign.addresses import limited

log = logging.getLogger(__name__)

KEEPALIVE_SECONDS = 60  # a client gone without a word is found within three of these


def host_key(var_dir: Path) -> Path:
    """The server's host key, made once into var/ (owner only), as var/secret_key is."""
    path = Path(var_dir) / "bbs_host_key"
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        path.touch(mode=0o600)
        path.write_bytes(key.export_private_key())
    return path


def both_languages(text_of) -> str:
    """A message shown before the user's language is known (the SSH banner): in both."""
    texts = []
    for language in ("zh-hant", "en"):
        with translation.override(language):
            texts.append(text_of())
    return "\r\n".join(texts) + "\r\n"


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


class Sessions:
    """The open connections per address and the open sessions per user, in this process."""

    def __init__(self) -> None:
        self.addresses: Counter[str] = Counter()
        self.users: Counter[int] = Counter()
        self.open: set[Any] = set()  # the sessions (bbs.session.Session) running


class BBSServer(asyncssh.SSHServer):
    """One SSH connection: its address, its log-in."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.address = ""
        self.user: Any = None
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = limited(peer[0]) if peer else "unknown"
        self.sessions.addresses[self.address] += 1
        if self.sessions.addresses[self.address] > setting("BBS_SESSIONS_PER_ADDRESS"):
            log.info("bbs: %s over its cap of connections", self.address)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections from this address")

    def connection_lost(self, exc: Exception | None) -> None:
        self.sessions.addresses[self.address] -= 1
        if self.sessions.addresses[self.address] <= 0:
            del self.sessions.addresses[self.address]

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        result = await apart(auth.password_login, username=username, password=password, address=self.address)
        if result.user is None:
            if result.paused and self.conn is not None:
                self.conn.send_auth_banner(both_languages(lambda: auth.paused_message(result)))
            return False
        self.user = result.user
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        user = await Context(user=None).db(auth.key_login, username=username, fingerprint=fingerprint)
        if user is None:
            return False
        self.user = user
        return True

    def session_requested(self):
        from bbs.session import Session

        return Session(self)


async def serve(host: str, port: int, *, var_dir: Path, sessions: Sessions | None = None) -> asyncssh.SSHAcceptor:
    """Start listening (returns the acceptor; `close()` stops it)."""
    sessions = sessions or Sessions()
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
    )
