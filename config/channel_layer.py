"""channels_redis' layer on a pool that waits for a free connection: its own pool refuses past
its cap ("Too many connections"), and a web process with hundreds of sockets joining their games
at once reached it. The pool's size and wait are the hosts' max_connections and timeout
(config/settings.py: REDIS_POOL_SIZE, REDIS_POOL_WAIT_SECONDS)."""

import redis.asyncio as aioredis
from channels_redis.core import RedisChannelLayer as ChannelsRedisLayer


class RedisChannelLayer(ChannelsRedisLayer):
    def create_pool(self, index):
        host = dict(self.hosts[index])
        if "address" not in host:  # a Sentinel's hosts: channels_redis' own pool
            return super().create_pool(index)
        return aioredis.BlockingConnectionPool.from_url(host.pop("address"), **host)
