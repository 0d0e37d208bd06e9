"""The rates with Redis away (campaign/rates.py): events are let through, and the outage
is logged once, not once a request, then once more when Redis is back."""

import logging
import secrets

import pytest

from campaign import rates


@pytest.mark.django_db
def test_a_redis_outage_is_logged_once_and_its_end_once(settings, caplog):
    real = settings.REDIS_URL
    key = f"test-rate:{secrets.token_hex(4)}"
    with caplog.at_level(logging.INFO, logger="campaign.rates"):
        settings.REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens there
        assert [rates.take(key, 1, 60) for _n in range(5)] == [0.0] * 5  # let through
        settings.REDIS_URL = real
        assert rates.take(key, 1, 60) == 0.0
        assert rates.take(key, 1, 60) > 0  # counted again
        settings.REDIS_URL = "redis://127.0.0.1:9/0"
        rates.take(key, 1, 60)
        rates.take(key, 1, 60)
    said = [(r.levelname, r.message.split(": Redis")[0]) for r in caplog.records if r.name == "campaign.rates"]
    assert said == [
        ("WARNING", "rates not counted (let through)"),
        ("INFO", "rates counted again"),
        ("WARNING", "rates not counted (let through)"),
    ]
