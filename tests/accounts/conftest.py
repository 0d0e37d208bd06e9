"""Each accounts test starts with allauth's rate limits unused: they are counted in the shared
Redis (its cache), by address, account and user id, which the tests' rolled-back databases reuse."""

import pytest
import redis
from django.conf import settings


@pytest.fixture(autouse=True)
def _allauth_limits_unused(redis_server):
    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in client.scan_iter(match="*allauth:rl:*"):
        client.delete(key)
    yield
