"""The BBS's settings (docs/operating.md, Configuration): from the environment, unless Django's settings name
them (a test's override_settings, a deployment's own settings module).

BBS_BIND: where its SSH server listens. BBS_SESSIONS_PER_USER, BBS_SESSIONS_PER_ADDRESS: sessions
at once per user, connections at once per address. BBS_IDLE_SECONDS: a session without a key
this long is closed. BBS_LOGIN_TIMEOUT_SECONDS: the time a client has to complete the SSH
handshake and log in (a password, then a code from an authenticator app: 90 s by default).
BBS_INPUT_BYTES_PER_SECOND: what one connection may send (bbs/inbound.py: 64 KiB a second, two
seconds of it at once). BBS_RESIZE_SECONDS: a session's window changes redraw its screen at most
once this often, whatever their number; while they keep coming the wait doubles, up to
BBS_RESIZE_SLOWEST_SECONDS (1 s). BBS_HEARTBEAT_SECONDS: a process's beat (bbs/heartbeat.py): its
sessions' users written present (R2.6) and its entries in the caps kept (a dead process's lapse
after three beats: 20 s, so 60 s)."""

import os

from django.conf import settings

DEFAULTS = {
    "BBS_BIND": os.environ.get("BBS_BIND", "127.0.0.1:2222"),
    "BBS_SESSIONS_PER_USER": int(os.environ.get("BBS_SESSIONS_PER_USER", "3")),
    "BBS_SESSIONS_PER_ADDRESS": int(os.environ.get("BBS_SESSIONS_PER_ADDRESS", "30")),
    "BBS_IDLE_SECONDS": float(os.environ.get("BBS_IDLE_SECONDS", "1800")),
    "BBS_LOGIN_TIMEOUT_SECONDS": float(os.environ.get("BBS_LOGIN_TIMEOUT_SECONDS", "90")),
    "BBS_INPUT_BYTES_PER_SECOND": float(os.environ.get("BBS_INPUT_BYTES_PER_SECOND", "65536")),
    "BBS_RESIZE_SECONDS": float(os.environ.get("BBS_RESIZE_SECONDS", "0.1")),
    "BBS_RESIZE_SLOWEST_SECONDS": float(os.environ.get("BBS_RESIZE_SLOWEST_SECONDS", "1")),
    "BBS_HEARTBEAT_SECONDS": float(os.environ.get("BBS_HEARTBEAT_SECONDS", "20")),
}


def setting(name: str):
    return getattr(settings, name, DEFAULTS[name])
