"""The settings of the Redis clients every process shares (imported by config/settings.py).

Every Redis client of a process (the world version and the rates, campaign/redis_clients.py; the
cache; the channel layer; the sockets' guard; the dashboards' watcher) holds at most
REDIS_POOL_SIZE connections, and a caller that finds them all busy waits for one up to
REDIS_POOL_WAIT_SECONDS rather than failing at once ("Too many connections": redis-py's own pool
refuses past 100, which a web process reached with a few hundred sockets connecting at once,
bench/live.py). A web process runs its sockets on one event loop and a thread per HTTP request
under way: their calls to Redis are short, so a connection serves many of them in turn, and a
wait that long means Redis is away."""

REDIS_POOL_SIZE = 100
REDIS_POOL_WAIT_SECONDS = 5.0
# An event loop's own clients (the sockets' guard, the dashboards' watcher): one thread, calls of a
# fraction of a millisecond, so a few connections serve hundreds of handshakes in turn, and a burst
# of sockets does not open a hundred connections at once (each within its 0.5 s connect timeout,
# on a loop busy with the handshakes: bench/live.py saw them time out).
REDIS_LOOP_POOL_SIZE = 16
POOL = {"max_connections": REDIS_POOL_SIZE, "timeout": REDIS_POOL_WAIT_SECONDS}  # timeout: the wait


def channel_layers(url: str) -> dict:
    """Live games: Django Channels, its fan-out on the same Redis (keys prefixed "asgi"), on a
    pool that waits for a free connection (config/channel_layer.py). socket_timeout None: the
    layer's receive is a blocking pop that waits longer than the 5 s redis-py 8 defaults to (else
    every idle consumer is torn down: channels_redis#422)."""
    return {
        "default": {
            "BACKEND": "config.channel_layer.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": url, "socket_timeout": None, **POOL}], "capacity": 1000, "expiry": 30},
        }
    }


def caches(url: str) -> dict:
    """Django's cache, on Redis so that every process shares it."""
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "cache",
            "OPTIONS": {"pool_class": "redis.BlockingConnectionPool", **POOL},
        }
    }
