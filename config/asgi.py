"""ASGI entry point: HTTP (the Django site) and websockets (live games, Django Channels) on one
server (uvicorn in `make run`; any number of them behind a proxy, one Redis for the fan-out)."""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()  # before anything imports models

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.socket_guard import websocket_stack  # noqa: E402
from live.routing import websocket_urlpatterns  # noqa: E402

# The event loop (every socket of the process) and the thread doing the consumers' database work
# share the interpreter lock, and a thread that wants it waits out the other's switch interval
# (5 ms by default): a state ready to send waited behind the next move being judged. A tenth of
# the default lets states go out while a move is judged (bench/live.py measures it); it is the
# process's own tuning, not a deployment's.
GIL_SWITCH_SECONDS = 0.0005
sys.setswitchinterval(GIL_SWITCH_SECONDS)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The site's own Origin (as CSRF checks it), the session's user, the cap on open sockets.
        "websocket": websocket_stack(URLRouter(websocket_urlpatterns)),
    }
)


def _settle() -> None:
    """What every request needs loaded (the URL maps, each language's catalogue), then the whole
    heap set aside from the collector (`gc.freeze`): a full collection then walks only what the
    process made since, instead of stopping every socket of the process for ~45 ms each time
    (measured: the live bench's slowest moves, bench/live.py). Every web process does it: what it
    sets aside is the code and the catalogues it keeps for its whole life anyway."""
    # deferred: this module makes the application before anything may import a model
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 - loads every view module
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # activating a language loads its catalogue
            pass
    gc.collect()
    gc.freeze()


_settle()
