"""What a browser's push subscription must be before the site posts to it: an https endpoint on a
public host (the push service's: FCM, Mozilla's, Apple's…), never an address of this machine's
networks (a user's input must not make the site call them), and the keys of RFC 8291 of their
exact lengths, the public one a point of P-256. An address is judged where the packets go: an
IPv6 address that carries an IPv4 one (NAT64, 6to4, Teredo, IPv4-mapped…) as that IPv4 address.
PUSH_ALLOW_LOCAL (tests, the benchmark) lets a local push service through on a loopback address
written plainly (127.0.0.1, ::1), over http too; nothing else of this machine's networks."""

import base64
import binascii
import ipaddress
import socket
from dataclasses import dataclass
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


# IPv6 prefixes that carry an IPv4 address the packets end up at (RFC 6052 NAT64, RFC 3056 6to4,
# RFC 4380 Teredo, the IPv4-compatible and IPv4-translated forms): such an address is as public
# as the IPv4 address it carries; ::ffff:0:0/96 (IPv4-mapped) is Python's `ipv4_mapped`.
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")
IPV4_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
# The local-use NAT64 prefix (RFC 8215) carries its IPv4 address where the operator chose: refused.
LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def carried_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address] | None:
    """The IPv4 addresses an IPv6 address carries (Teredo: its server's and its client's), None
    for an address that carries none."""
    low = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.ipv4_mapped is not None:
        return [ip.ipv4_mapped]
    if ip.sixtofour is not None:
        return [ip.sixtofour]
    if ip.teredo is not None:
        return list(ip.teredo)
    if ip in NAT64 or ip in IPV4_COMPATIBLE or ip in IPV4_TRANSLATED:
        return [low]
    return None


def public(ip: Address) -> bool:
    """Whether the site may post to `ip`: a global unicast address, never one of this machine or
    its networks (private, loopback, link-local, shared, reserved, multicast), nor an IPv6
    address that carries such an IPv4 address."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.scope_id or ip in LOCAL_NAT64:
            return False
        carried = carried_ipv4(ip)
        if carried is not None:
            return all(public(v4) for v4 in carried)
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_private or ip.is_link_local)


def allowed(ip: Address) -> bool:
    """`public`, or with PUSH_ALLOW_LOCAL (tests, the benchmark) a loopback address written plainly
    (127.0.0.0/8, ::1): never a private network's, a link-local one (a cloud's metadata service)
    or one carried in an IPv6 address."""
    return public(ip) or (settings.PUSH_ALLOW_LOCAL and ip.is_loopback)


def resolved(host: str, port: int) -> list[Address]:
    """The addresses of `host` (looked up once: the caller connects to one of these)."""
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return []
    addresses: list[Address] = []
    for info in found:
        ip = ipaddress.ip_address(str(info[4][0]))  # a scope (fe80::1%eth0) kept: refused
        if ip not in addresses:
            addresses.append(ip)
    return addresses


@dataclass(frozen=True)
class Target:
    """Where a post to an endpoint goes: its URL, its host's name (the TLS name and Host header)
    and the one address checked, which the connection is made to (delivery/push_transport.py)."""

    endpoint: str
    scheme: str
    host: str
    port: int
    address: Address


def checked_endpoint(endpoint: str) -> str:
    """The endpoint as a device subscribes with it, or a RuleViolation saying what is wrong."""
    return target(endpoint).endpoint


def target(endpoint: str) -> Target:
    """Where to post to the endpoint, or a RuleViolation saying what is wrong with it. Called when
    a device subscribes and at each delivery: the host is looked up once, every address it has
    is checked, and the post goes to the first of them (a name that answers another address
    later, DNS rebinding, cannot move the connection somewhere unchecked)."""
    if len(endpoint) > MAX_ENDPOINT:
        raise RuleViolation(CLAUSE, _("A push endpoint may be at most %(n)d characters.") % {"n": MAX_ENDPOINT})
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname if parts.port is None or parts.port > 0 else None  # a port out of range raises
    except ValueError:
        host, parts = None, None
    if parts is None or not host or parts.username or parts.password or any(c.isspace() for c in endpoint):
        raise RuleViolation(CLAUSE, _("The push endpoint is not a web address."))
    local_http = settings.PUSH_ALLOW_LOCAL and parts.scheme == "http"
    if parts.scheme != "https" and not local_http:
        raise RuleViolation(CLAUSE, _("The push endpoint must be an https address."))
    port = parts.port or (443 if parts.scheme == "https" else 80)
    addresses = resolved(host, port)
    if not addresses:
        raise RuleViolation(CLAUSE, _("The push endpoint's host %(host)s is not found.") % {"host": host[:80]})
    if not all(allowed(ip) for ip in addresses) or (local_http and not all(ip.is_loopback for ip in addresses)):
        raise RuleViolation(
            CLAUSE,
            _(
                "The push endpoint's host %(host)s is an address of a private network: "
                "the site posts only to public push services."
            )
            % {"host": host[:80]},
        )
    return Target(endpoint, parts.scheme, host, port, addresses[0])
