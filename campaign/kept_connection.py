"""The database thread of the long-lived connections (the web's sockets, the SSH terminal): their
database work runs in one thread of the process, whose connection is kept between calls."""

from asgiref.sync import SyncToAsync
from django.db import connections


class KeptConnection(SyncToAsync):
    """Channels' database_sync_to_async without closing the connection after every call.

    Every consumer of a process, and every terminal session, runs its database work in one
    thread (asgiref's thread-sensitive executor: they have no per-request context), so that
    thread keeps one connection for all the games and sessions it serves instead of opening and
    closing one per frame or key (a SQLite file's last close also checkpoints its write-ahead
    log). A connection that saw an error, or was left outside its autocommit, is closed, and the
    next call opens a fresh one. HTTP requests keep Django's rule (CONN_MAX_AGE)."""

    def thread_handler(self, loop, *args, **kwargs):
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            for connection in connections.all(initialized_only=True):
                if connection.connection is not None and (
                    connection.errors_occurred or connection.autocommit != connection.settings_dict["AUTOCOMMIT"]
                ):
                    connection.close()
