"""The site's VAPID key (RFC 8292), read once per process from VAPID_PRIVATE_KEY (config/settings.py
makes it into var/ when the environment gives none): the signer of every push request, and its
public half, the `applicationServerKey` a browser subscribes with."""

import base64
from functools import cache

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid, Vapid01


@cache
def _key(text: str) -> Vapid01:
    if text.startswith("-----BEGIN"):
        return Vapid.from_pem(text.encode())
    return Vapid.from_string(private_key=text)


def vapid_key() -> Vapid01:
    return _key(settings.VAPID_PRIVATE_KEY)


def application_server_key() -> str:
    raw = vapid_key().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")
