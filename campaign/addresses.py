"""Who is at the other end: the client's address as every per-address limit of the site reads
it (the API's, the log-in's pauses, the sockets' caps and their handshake rate).

It is the peer uvicorn reports (REMOTE_ADDR for a request, scope["client"] for a socket).
uvicorn alone reads X-Forwarded-For, and only from the proxies named in TRUSTED_PROXIES (runall
and the systemd unit pass it as --forwarded-allow-ips; none by default): a header sent by anyone
else never changes the address, so rotating it neither makes a new address for the limits nor
gets a paused log-in past its pause.

An IPv4 address is itself. An IPv6 address counts as its /64 (written as that network's first
address, `2001:db8:1:2::`, a valid address where django-axes stores one): a client is given a
whole /64, so taking each of its addresses apart would give it as many limits as it likes. An
IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, a dual-stack socket's view of an IPv4 client)
is its IPv4 address."""

import ipaddress

from django.http import HttpRequest


def limited(address: str) -> str:
    """The address a limit counts: IPv4 as is, IPv6 by its /64 (IPv4-mapped: the IPv4); a text
    that is no address (a unix socket's path, a test's name) as it is."""
    try:
        found = ipaddress.ip_address(address.split("%", 1)[0])  # a zone (fe80::1%eth0) names no other host
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False).network_address)
    return str(found)


def client_address(request: HttpRequest) -> str | None:
    """None when the request came from no socket (a test's or a shell's HttpRequest): django-axes
    then stores no address, as its own reading does."""
    address = request.META.get("REMOTE_ADDR")
    return limited(address) if address else None


def socket_address(scope) -> str | None:
    """A websocket's address (its ASGI scope's client); None when the server gives none."""
    client = scope.get("client")
    return limited(client[0]) if client and client[0] else None
