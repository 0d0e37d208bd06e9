"""A browser's push subscription as the tests make one: a P-256 key pair and an auth secret
(RFC 8291), whose private half the local push service decrypts with."""

import base64
import os

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class DeviceKeys:
    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        raw = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = b64(raw)
        self.secret = os.urandom(16)
        self.auth = b64(self.secret)
