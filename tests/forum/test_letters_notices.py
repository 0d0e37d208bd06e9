"""A letter's notice goes by the outbox's channels as the recipient chose its kind ("letter",
beside the kinds of duty): mailed through a real local SMTP server in their language, with the
letter's address, not mailed when they left the kind out, held in their quiet hours and listed in
the digest while still unread; pushed to their devices (a real local push service); a letter
read before its delivery is not sent at all."""

from datetime import timedelta

import pytest
import redis
from django.conf import settings

from campaign.models import Notice
from delivery.services.deliver import notices_deliver
from delivery.services.mail import mail_digests_send
from forum.services.letters import letter_read, letter_send
from tests.battles.test_mail import body, smtp, subscribe  # noqa: F401  (smtp: the real local SMTP server)


@pytest.fixture(autouse=True)
def _fresh_rates(world):
    redis.Redis.from_url(settings.REDIS_URL).delete(f"post-rate:{world['郭嘉'].pk}")


def _deliver(letter) -> None:
    notices_deliver(key=letter.notice_key, officer_ids=[letter.recipient_id])


def test_a_letter_is_mailed_to_a_recipient_who_chose_letters(world, clock, smtp):  # noqa: F811
    subscribe(world, "荀彧", "xun@example.org", language="en", kinds=["letter"])
    subscribe(world, "曹操", "cao@example.org", kinds=["call"])  # not letters
    to_xun = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="祕")
    to_cao = letter_send(actor=world["郭嘉"], recipient="曹操", subject="軍情", body="祕")
    _deliver(to_xun)
    _deliver(to_cao)
    (mail,) = smtp.to("xun@example.org")
    assert "A letter from 郭嘉: 軍糧" in mail["Subject"]
    assert f"/c/{world.campaign.slug}/letters/{to_xun.pk}/" in body(mail) and "祕" not in body(mail)
    assert not smtp.to("cao@example.org")
    assert dict(Notice.objects.values_list("officer__name", "mail")) == {"荀彧": "sent", "曹操": "skip"}
    assert set(Notice.objects.values_list("push", flat=True)) == {"sent"}, "pushed to their open pages"


def test_a_letter_read_before_its_delivery_is_not_sent(world, clock, smtp):  # noqa: F811
    subscribe(world, "荀彧", "xun@example.org", kinds=["letter"])
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="b")
    letter_read(actor=world["荀彧"], letter_id=letter.pk)
    _deliver(letter)
    assert not smtp.mails
    assert Notice.objects.values_list("push", "mail").get() == ("void", "void")


def test_a_letter_in_the_quiet_hours_waits_for_the_digest_while_unread(world, clock, smtp):  # noqa: F811
    subscribe(world, "荀彧", "xun@example.org", kinds=["letter"], quiet_from="09:00", quiet_until="11:00")
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="b")
    _deliver(letter)  # at 10:00 Taipei: quiet
    assert not smtp.mails and Notice.objects.get().mail == "held"
    clock.shift(timedelta(hours=1, minutes=1))
    assert mail_digests_send() == 1
    (digest,) = smtp.to("xun@example.org")
    assert "郭嘉" in body(digest) and f"/letters/{letter.pk}/" in body(digest)


def test_a_letter_is_pushed_to_the_recipients_devices_in_their_language(world, clock, push_service):
    """Web Push (a real local push service): with no mail settings every kind is pushed, letters too."""
    from tests.battles.test_push import turn_on

    phone = turn_on(world, push_service, "荀彧", "xun-phone", language="en")
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="祕")
    _deliver(letter)
    _deliver(letter)  # a repeated task: nothing more
    (pushed,) = phone.received
    assert pushed["body"] == "A letter from 郭嘉: 軍糧" and pushed["key"] == letter.notice_key
    assert pushed["path"] == f"/c/{world.campaign.slug}/letters/{letter.pk}/"
