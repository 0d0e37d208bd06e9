"""What the log-in tests of the terminal share: a client that answers keyboard-interactive prompts
(the password, then the code), an account given an authenticator app by allauth's own activation,
the code the app would show, and allauth's counts (in the shared Redis) emptied before each test."""

import time

import pytest
import redis
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, generate_totp_secret, hotp_value
from django.conf import settings

from tests.bbs.terminal import BBS, Client, Terminal


@pytest.fixture(autouse=True)
def _allauth_counts_unused(redis_server):
    """allauth's limits on wrong codes and its marks of TOTP codes used are kept in the cache by
    user id, which the tests' databases reuse: each test starts without them."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in client.scan_iter(match="*allauth*"):
        client.delete(key)


def with_authenticator(user) -> str:
    """The account given an authenticator app and recovery codes, as its set-up page activates
    them; the app's secret."""
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    RecoveryCodes.activate(user)
    return secret


def recovery_codes_of(user) -> list[str]:
    codes = Authenticator.objects.get(user=user, type=Authenticator.Type.RECOVERY_CODES)
    return RecoveryCodes(codes).get_unused_codes()


def app_code(secret: str, margin: float = 2) -> str:
    """The code the app shows now (30-second steps, none of tolerance): a step with less than
    `margin` seconds left is waited out, so that the code is still the server's when it arrives."""
    if time.time() % 30 > 30 - margin:
        time.sleep(30 - time.time() % 30 + 0.1)
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


class Answering(Client):
    """Answers each keyboard-interactive prompt with the next answer (a text, or a function called
    when the prompt comes: a code computed at that moment); no answer left: gives up."""

    def __init__(self, answers) -> None:
        super().__init__()
        self.answers = list(answers)
        self.prompts: list[tuple[str, list[str]]] = []  # (instructions, prompts) as shown

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        if not prompts:
            return []
        self.prompts.append((instructions, [prompt for prompt, _echo in prompts]))
        if not self.answers:
            return None
        answer = self.answers.pop(0)
        return [answer() if callable(answer) else answer]


class KeyboardTerminal(Terminal):
    """A terminal that logs in by keyboard-interactive authentication (OpenSSH's first choice
    after keys): the password, then what else is asked."""

    def __init__(self, bbs: BBS, username: str, answers, **options) -> None:
        self.answering = Answering(answers)
        super().__init__(bbs, username, None, **options)

    async def _open(self, username, password, columns, rows, client_keys):
        import asyncssh

        terminal = self
        self.client = self.bbs.last_client = self.answering

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
            client_keys=None,
            known_hosts=None,
            preferred_auth="keyboard-interactive",
        )
        chan, _session = await conn.create_session(
            Session, term_type=self.term_type, term_size=(columns, rows), encoding=None
        )
        return conn, chan


def keyboard_connect(bbs: BBS, username: str, *answers) -> KeyboardTerminal:
    terminal = KeyboardTerminal(bbs, username, answers)
    bbs.terminals.append(terminal)
    return terminal
