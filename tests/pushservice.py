"""A real local push service (RFC 8030) for the tests that follow a push notice: an HTTP server
on a free port of 127.0.0.1 that receives each POST to a device's endpoint, checks its VAPID JWT
(RFC 8292: ES256 signed by the key in `k`, for this service's origin, not expired), decrypts the
aes128gcm payload (RFC 8291) with the device's private key and auth secret (http_ece), and keeps
it. A device may be told to answer 410 (its subscription ended), 429 or 500 (busy), or to hang;
the whole service may be stopped and started again on the same port. The `push_service` fixture
lets the site accept its endpoints (PUSH_ALLOW_LOCAL, in this process and in the workers)."""

import base64
import json
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from tests.push_keys import DeviceKeys


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    id: str
    keys: DeviceKeys
    name: str = ""
    answer: int = 201  # or 410, 429, 500; 0: hang past the site's timeout; 307 to `redirect`
    redirect: str = ""  # where a 307 answer points (a push service never redirects)
    received: list[dict] = field(default_factory=list)
    hits: int = 0  # the POSTs it was sent, answered or not


class PushService:
    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.refused: list[str] = []  # what failed a check (none expected)
        self.lock = threading.Lock()
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.server: ThreadingHTTPServer | None = None
        self.hang_seconds = 5.0  # past the site's timeout in these tests

    def device(self, name: str) -> Device:
        """A new device; `name` is for the test's eyes, its endpoint's path an id of its own."""
        device = Device(f"d{len(self.devices) + 1}-{secrets.token_hex(4)}", DeviceKeys(), name=name)
        self.devices[device.id] = device
        return device

    def endpoint(self, device: Device) -> str:
        return f"{self.origin}/push/{device.id}"

    def start(self) -> None:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                service.receive(self)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def check_vapid(self, header: str) -> str:
        """The fault of the request's VAPID authorization, or ""."""
        parts = dict(p.strip().split("=", 1) for p in header.removeprefix("vapid ").split(",") if "=" in p)
        try:
            token, key = parts["t"], parts["k"]
            head, claims, signature = token.split(".")
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
            raw = unb64(signature)
            der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except (KeyError, ValueError, InvalidSignature) as exc:
            return f"bad VAPID: {exc!r}"
        header_json, body = json.loads(unb64(head)), json.loads(unb64(claims))
        if header_json.get("alg") != "ES256" or body.get("aud") != self.origin:
            return f"bad claims: {header_json} {body}"
        if not time.time() < body.get("exp", 0) <= time.time() + 24 * 3600:
            return f"bad expiry: {body}"
        if not str(body.get("sub", "")).startswith(("mailto:", "https:")):
            return f"bad subject: {body}"
        self.last_key = key
        return ""

    def receive(self, request: BaseHTTPRequestHandler) -> None:
        device = self.devices.get(request.path.removeprefix("/push/"))
        length = int(request.headers.get("Content-Length", "0"))
        body = request.rfile.read(length)
        if device is None:
            return self.answer(request, 404)
        with self.lock:
            device.hits += 1
        if device.answer == 0:
            time.sleep(self.hang_seconds)
            return self.answer(request, 201)
        if device.answer == 307:
            return self.answer(request, 307, {"Location": device.redirect})
        if device.answer != 201:
            return self.answer(request, device.answer, {"Retry-After": "1"} if device.answer == 429 else {})
        fault = self.check_vapid(request.headers.get("Authorization", ""))
        if request.headers.get("Content-Encoding") != "aes128gcm" or not request.headers.get("TTL"):
            fault = fault or f"bad headers: {dict(request.headers)}"
        try:
            text = http_ece.decrypt(
                body, private_key=device.keys.private, auth_secret=device.keys.secret, version="aes128gcm"
            )
        except Exception as exc:  # a payload that does not decrypt is a failed check, not a crash
            fault = fault or f"not decrypted: {exc!r}"
        if fault:
            with self.lock:
                self.refused.append(fault)
            return self.answer(request, 400)
        with self.lock:
            device.received.append({**json.loads(text), "ttl": int(request.headers["TTL"]), "at": time.monotonic()})
        self.answer(request, 201)

    def answer(self, request: BaseHTTPRequestHandler, status: int, headers: dict | None = None) -> None:
        request.send_response(status)
        for name, value in (headers or {}).items():
            request.send_header(name, value)
        request.send_header("Content-Length", "0")
        request.end_headers()

    def clear(self) -> None:
        with self.lock:
            for device in self.devices.values():
                device.received.clear()

    def total(self) -> int:
        with self.lock:
            return sum(len(d.received) for d in self.devices.values())


@pytest.fixture
def push_service(settings, monkeypatch):
    monkeypatch.setenv("PUSH_ALLOW_LOCAL", "1")  # the workers' settings
    monkeypatch.setenv("PUSH_TIMEOUT_SECONDS", "2")
    settings.PUSH_ALLOW_LOCAL = True
    settings.PUSH_TIMEOUT_SECONDS = 2
    service = PushService()
    service.start()
    yield service
    service.stop()
