"""The connection a push is posted on: to the very address `delivery.push_endpoints.target`
checked, never to whatever the endpoint's name resolves to when the connection is made (a name
that answers a public address to the check and a private one to the connection, DNS rebinding,
cannot move the post onto this machine's networks). TLS still names the host: the server name
sent (SNI), the certificate verified against it and the Host header are the endpoint's host's.

A push service answers a post; it never redirects. A redirect is not followed: its Location
could point the site at an address of its own network past the check; the answer is a refusal
like any other 3xx or 4xx."""

import threading
from collections import OrderedDict

import requests
from requests.adapters import HTTPAdapter

from delivery.push_endpoints import Target

# Sessions kept (a connection each, reused by the next post to the same push service at the
# same address): the push services are a handful (FCM, Mozilla's, Apple's, Microsoft's).
KEPT = 32


class PinnedAdapter(HTTPAdapter):
    """Connects to `target.address` whatever the request's URL names, with TLS checked for the
    URL's host (urllib3's server_hostname and assert_hostname)."""

    def __init__(self, target: Target) -> None:
        self.target = target
        super().__init__(max_retries=0)

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(request, verify, cert)
        if (host_params["host"] or "").lower() != self.target.host.lower():
            raise requests.exceptions.InvalidURL(f"not the checked host: {host_params['host']}")
        host_params["host"] = str(self.target.address)
        if host_params["scheme"] == "https":
            pool_kwargs["server_hostname"] = self.target.host
            pool_kwargs["assert_hostname"] = self.target.host
        return host_params, pool_kwargs

    def add_headers(self, request, **kwargs) -> None:
        port = "" if self.target.port == (443 if self.target.scheme == "https" else 80) else f":{self.target.port}"
        host = f"[{self.target.host}]" if ":" in self.target.host else self.target.host
        request.headers["Host"] = host + port


class PinnedSession(requests.Session):
    """Posts to one checked target only, redirects not followed. A proxy from the environment
    (HTTPS_PROXY) is asked to connect to the address checked, not to the name."""

    def __init__(self, target: Target) -> None:
        super().__init__()
        adapter = PinnedAdapter(target)
        self.adapters.clear()
        self.mount(f"{target.scheme}://", adapter)

    def request(self, *args, **kwargs):
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


_sessions: "OrderedDict[Target, PinnedSession]" = OrderedDict()
_lock = threading.Lock()


def session_for(target: Target) -> PinnedSession:
    """The session that posts to `target` (kept for the next post to the same push service at the
    same address; the least recently used one closed past KEPT)."""
    key = Target("", target.scheme, target.host.lower(), target.port, target.address)
    with _lock:
        session = _sessions.pop(key, None) or PinnedSession(target)
        _sessions[key] = session
        while len(_sessions) > KEPT:
            _sessions.popitem(last=False)[1].close()
    return session
