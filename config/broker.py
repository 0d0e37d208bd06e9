"""The Redis transport of Celery's broker, with one fault of kombu's closed.

When redis-server dies while a worker holds unacknowledged messages (the timers' on-time ETA
messages, which a worker holds until their instant), the worker's consumer, on the connection
error, releases its connection; closing the channel restores those messages to Redis
(`QoS.restore_unacked_once`), which asks the transport for a client after the transport's
connection is already gone (`Channel._connparams` reads `self.connection.client.hostname` on
None). kombu expects connection errors there and ignores them, but this AttributeError is not
one, so the worker stopped with "Unrecoverable error: AttributeError('NoneType' object has no
attribute 'hostname')" and never came back by itself (reproduced with kombu 5.7.0: a worker
holding ETA messages, `kill -9` of redis-server). Here the same moment raises Redis's own
ConnectionError, which kombu ignores as it means to: the messages it could not restore were
in the Redis that died (with a persistent Redis, they come back after the visibility timeout),
and what they were for is in the database, where the sweeper finds it. The worker then
reconnects as it does after any connection loss.

The other path to the same error, Celery's gossip step deleting its queue on a dead connection,
is closed by running workers `--without-gossip --without-mingle` (this project uses neither).

Selected by `CELERY_BROKER_TRANSPORT` (config/settings.py)."""

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict:
        if self.connection is None or self.connection.client is None:
            raise RedisConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    Channel = Channel
