"""A real local SMTP server (aiosmtpd) for the tests that follow a mail: the `mailbox` fixture
points Django's SMTP settings at it (the live server's thread too) and keeps what it received
(tests/conftest.py offers it to every test)."""

import email
import re
import socket
import time
from email import policy

import pytest
from aiosmtpd.controller import Controller


class Mailbox:
    """What the SMTP server received, in order."""

    def __init__(self) -> None:
        self.mails: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def start(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.controller = Controller(self, hostname="127.0.0.1", port=port)
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def to(self, address: str) -> list:
        return [m for m in self.mails if m["To"] == address]

    def wait_for(self, address: str, count: int = 1, timeout: float = 15) -> email.message.EmailMessage:
        """The `count`-th mail to `address`, waiting for it (a browser's request sends it)."""
        deadline = time.monotonic() + timeout
        while len(self.to(address)) < count:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"no mail {count} to {address} within {timeout} s: {[m['To'] for m in self.mails]}"
                )
            time.sleep(0.05)
        return self.to(address)[count - 1]


def text_of(mail) -> str:
    return mail.get_body(preferencelist=("plain",)).get_content()


def link_in(mail, fragment: str) -> str:
    """The first link of the mail's text whose path holds `fragment` (e.g. "/confirm-email/")."""
    for link in re.findall(r"https?://\S+", text_of(mail)):
        if fragment in link:
            return link
    raise AssertionError(f"no link with {fragment} in: {text_of(mail)}")


@pytest.fixture
def mailbox(settings):
    box = Mailbox()
    box.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", box.controller.port
    yield box
    if box.controller.loop.is_running():
        box.stop()
