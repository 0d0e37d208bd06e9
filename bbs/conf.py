"""The BBS's settings (README, Configuration): from the environment, unless Django's settings name
them (a test's override_settings, a deployment's own settings module).

BBS_BIND: where its SSH server listens. BBS_SESSIONS_PER_USER, BBS_SESSIONS_PER_ADDRESS: sessions
at once per user, connections at once per address. BBS_IDLE_SECONDS: a session without a key
this long is closed. BBS_LOGIN_TIMEOUT_SECONDS: the time a client has to complete the SSH
handshake and log in. BBS_RESIZE_INTERVAL_SECONDS: a session's screen is drawn again for a
change of its window's size at most once in this long, however many changes come (the last size
wins)."""

import os

from django.conf import settings

DEFAULTS = {
    "BBS_BIND": os.environ.get("BBS_BIND", "127.0.0.1:2222"),
    "BBS_SESSIONS_PER_USER": int(os.environ.get("BBS_SESSIONS_PER_USER", "3")),
    "BBS_SESSIONS_PER_ADDRESS": int(os.environ.get("BBS_SESSIONS_PER_ADDRESS", "30")),
    "BBS_IDLE_SECONDS": float(os.environ.get("BBS_IDLE_SECONDS", "1800")),
    "BBS_LOGIN_TIMEOUT_SECONDS": float(os.environ.get("BBS_LOGIN_TIMEOUT_SECONDS", "30")),
    "BBS_RESIZE_INTERVAL_SECONDS": float(os.environ.get("BBS_RESIZE_INTERVAL_SECONDS", "0.05")),
}


def setting(name: str):
    return getattr(settings, name, DEFAULTS[name])
