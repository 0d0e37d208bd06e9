"""Defenders are told (R4.6): the notice of an army marching on a city goes by the outbox's three
channels like every duty's: to the open pages of the governor and the defenders present (the
officer's group on the real Redis channel layer), mailed through a real local SMTP server and
pushed to their devices through a real local push service, each in the reader's language, with the
arrival and the sortie's page; nothing to anyone else, nothing twice."""

from datetime import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from battles.services.march import march_start
from campaign.announcements import local
from campaign.models import Notice
from delivery.models import MailSubscription
from delivery.services.deliver import notices_deliver, notices_sweep
from tests.battles.test_mail import body, smtp, subscribe  # noqa: F401  (smtp: the real local SMTP server)
from tests.battles.test_push import turn_on
from tests.integration.test_notices import Listener, notices_of
from tests.worlds import make_world


def deliver(key: str) -> None:
    notices_deliver(key=key, officer_ids=list(Notice.objects.filter(key=key).values_list("officer_id", flat=True)))


def test_r4_6_a_march_reaches_the_governor_and_the_defenders_by_socket_mail_and_push(
    world,
    clock,
    smtp,  # noqa: F811
    push_service,
):
    subscribe(world, "張飛", "zhang@example.org", kinds=["march"])
    subscribe(world, "魏延", "wei@example.org", language="en", kinds=["march"])
    subscribe(world, "劉備", "liu@example.org", kinds=["call"])  # the king chose no marches
    phone = turn_on(world, push_service, "魏延", "wei-phone", language="en")
    elsewhere = turn_on(world, push_service, "諸葛亮", "zhuge-phone")  # 蜀, in 成都: not theirs
    governor, outsider = Listener(world["張飛"].pk), Listener(world["孫權"].pk)
    army = march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    key = f"army:{army.pk}:march"
    deliver(key)
    deliver(key)  # a repeated task: nothing more
    notices_sweep()
    path = reverse("army", args=[world.campaign.slug, army.pk]) + "#sortie"
    arrival = local(world.campaign, army.arrives_at)

    (shown,) = notices_of(governor.messages(1), key)  # the governor's open page
    assert shown["text"]["zh-hant"] == f"魏 進軍漢中，{arrival} 抵達：可下令出城迎擊"
    assert shown["text"]["en"] == f"魏 marches on 漢中, arriving at {arrival}: order a sortie to meet it"
    assert shown["path"] == path and datetime.fromisoformat(shown["deadline"]) == army.arrives_at
    assert not notices_of(outsider.messages(0.3), key), "nothing to the wrong person"

    (zh,) = smtp.to("zhang@example.org")
    assert "可下令出城迎擊" in zh["Subject"] and arrival in zh["Subject"] and path in body(zh)
    (en,) = smtp.to("wei@example.org")
    assert f"魏 marches on 漢中, arriving at {arrival}" in en["Subject"] and "sortie" not in en["Subject"]
    assert path in body(en) and not smtp.to("liu@example.org")

    (pushed,) = phone.received
    assert pushed["body"].startswith(f"魏 marches on 漢中, arriving at {arrival}") and pushed["path"] == path
    assert pushed["key"] == key and not elsewhere.received and not push_service.refused
    sent = Notice.objects.filter(key=key).values_list("officer__name", "push", "mail")
    assert sorted(sent) == [("劉備", "sent", "skip"), ("張飛", "sent", "sent"), ("魏延", "sent", "sent")]


@pytest.mark.django_db(transaction=True)
def test_r4_6_mail_settings_saved_before_marches_were_a_kind_have_them_ticked(clock):
    """A subscriber who chose their kinds when there was no march kind: the upgrade ticks it, so the
    march reaches their mail and devices (delivery 0002); their other choices stay."""
    world = make_world()
    officer = world["張飛"]
    call_command("migrate", "delivery", "0001_initial", verbosity=0)  # as a site before the kind
    MailSubscription.objects.create(officer=officer, address="z@example.org", unsubscribe_token="t", kinds=["call"])
    call_command("migrate", verbosity=0)
    assert MailSubscription.objects.get().kinds == ["march", "call"]
