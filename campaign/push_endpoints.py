"""What a browser's push subscription must be before the site posts to it: an https endpoint on a
public host (the push service's: FCM, Mozilla's, Apple's…), never an address of this machine's
networks (a user's input must not make the site call them), and the keys of RFC 8291 of their
exact lengths, the public one a point of P-256. PUSH_ALLOW_LOCAL (tests, the benchmark) lets a
local push service on http and a loopback address through."""

import base64
import binascii
import ipaddress
import socket
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation

CLAUSE = "R1.5"
MAX_ENDPOINT = 1000


def b64url_bytes(text: str) -> bytes | None:
    """The bytes of base64url text (padded or not), None for text that is not."""
    try:
        return base64.urlsafe_b64decode(text.encode("ascii") + b"=" * (-len(text) % 4))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None


def checked_keys(p256dh: str, auth: str) -> tuple[str, str]:
    raw = b64url_bytes(p256dh) if len(p256dh) <= 100 else None
    try:
        if raw is None or len(raw) != 65:
            raise ValueError
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        raise RuleViolation(CLAUSE, _("The device's key is not a P-256 public key (65 bytes in base64url).")) from None
    secret = b64url_bytes(auth) if len(auth) <= 40 else None
    if secret is None or len(secret) != 16:
        raise RuleViolation(CLAUSE, _("The device's authentication secret is not 16 bytes in base64url."))
    return p256dh.rstrip("="), auth.rstrip("=")


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def _addresses(host: str) -> list[str]:
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)]
    except (OSError, UnicodeError):
        return []


def checked_endpoint(endpoint: str) -> str:
    """The endpoint as it will be posted to, or a RuleViolation saying what is wrong with it.
    Called when a device subscribes and again before each delivery (a host's address may change)."""
    if len(endpoint) > MAX_ENDPOINT:
        raise RuleViolation(CLAUSE, _("A push endpoint may be at most %(n)d characters.") % {"n": MAX_ENDPOINT})
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname if parts.port is None or parts.port > 0 else None  # a port out of range raises
    except ValueError:
        host, parts = None, None
    local = settings.PUSH_ALLOW_LOCAL
    if parts is None or not host or parts.username or parts.password or any(c.isspace() for c in endpoint):
        raise RuleViolation(CLAUSE, _("The push endpoint is not a web address."))
    if parts.scheme != "https" and not (local and parts.scheme == "http"):
        raise RuleViolation(CLAUSE, _("The push endpoint must be an https address."))
    addresses = _addresses(host)
    if not addresses:
        raise RuleViolation(CLAUSE, _("The push endpoint's host %(host)s is not found.") % {"host": host[:80]})
    if not local and not all(_public(address) for address in addresses):
        raise RuleViolation(
            CLAUSE,
            _(
                "The push endpoint's host %(host)s is an address of a private network: "
                "the site posts only to public push services."
            )
            % {"host": host[:80]},
        )
    return endpoint
