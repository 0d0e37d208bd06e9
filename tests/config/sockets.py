"""Sockets for the guard's tests: a WebsocketCommunicator on the site's ASGI application
(config/asgi.py) with the headers a browser's page sends, an address of its own per test, and a
Redis that never answers."""

import secrets

from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)

from config.asgi import application

HOST = b"127.0.0.1:8000"


SITE = b"http://127.0.0.1:8000"


def socket(path, session=None, origin=SITE, host=HOST, address=None, scheme="ws"):
    headers = [(b"host", host)] if host else []
    if origin:
        headers.append((b"origin", origin))
    if session:
        headers.append((b"cookie", f"sessionid={session}; django_language=en".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    communicator.scope["scheme"] = scheme
    if address:
        communicator.scope["client"] = (address, 40000 + secrets.randbelow(20000))
    return communicator


def an_address() -> str:
    """An address of its own for each test (its sockets' count starts at nothing)."""
    return f"127.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{1 + secrets.randbelow(250)}"


def dashboard(world) -> str:
    return f"/ws/c/{world.campaign.slug}/dashboard/"


async def closed_with(communicator, frames: int) -> tuple[int | None, int]:
    """Sends `frames` frames, then reads until the socket closes: its code and the answers before."""
    for _n in range(frames):
        await communicator.send_to(text_data='{"action": "flip"}')
    answers = 0
    while True:
        try:
            output = await communicator.receive_output(timeout=5)
        except TimeoutError:
            return None, answers
        if output["type"] == "websocket.close":
            return output.get("code"), answers
        answers += 1


class HungRedis:
    """A Redis that accepts connections and never answers (a server stuck, or gone behind a
    network that drops its packets): every call to it waits out the client's timeout."""

    def __init__(self):
        import socket as sockets
        import threading

        self.server = sockets.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.accepted = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                self.accepted.append(self.server.accept()[0])
            except OSError:
                return

    def close(self):
        self.server.close()
        for connection in self.accepted:
            connection.close()
