"""The mover is told of the decisions on their request (R3.2, R3.3): one city's
agreement with the other awaited, both cities' (on the road, with the arrival), a rejection, each
by the outbox's channels like a duty's notice (the officer's group on the real Redis channel
layer, and mail through a real local SMTP server), in the reader's language; nothing to the
deciders, nothing twice, nothing no longer true when it is delivered."""

from django.urls import reverse

from campaign.models import Move, Notice
from orders.services.moves import move_approve, move_reject, move_request
from tests.battles.test_mail import deliver, smtp, subscribe  # noqa: F401  (smtp: the real local SMTP server)
from tests.integration.test_notices import Listener, notices_of


def test_r3_2_the_mover_is_told_when_one_city_agrees_and_when_both_have_and_they_are_on_the_road(
    world,
    smtp,  # noqa: F811
):
    subscribe(world, "郭嘉", "guo@example.org", language="en", kinds=["move"])
    mover, governor = Listener(world["郭嘉"].pk), Listener(world["曹仁"].pk)
    move = move_request(actor=world["郭嘉"], destination=world.city("長安"))
    assert move.status == Move.Status.REQUESTED

    move_approve(actor=world["曹仁"], move=move)  # 洛陽's governor: 長安's is awaited
    agreed = f"move:{move.pk}:agreed"
    deliver(agreed)
    deliver(agreed)  # a repeated task: nothing more
    (told,) = notices_of(mover.messages(1), agreed)
    assert told["text"]["zh-hant"] == "洛陽 已同意你自洛陽往長安的移動；尚待長安同意"
    assert told["text"]["en"] == "洛陽 agreed to your move from 洛陽 to 長安; 長安 has still to agree"
    assert told["path"] == reverse("moves", args=[world.campaign.slug])

    move = move_approve(actor=world["徐晃"], move=move)  # 長安's governor: they set out (R3.3)
    assert move.status == Move.Status.TRAVELLING
    approved = f"move:{move.pk}:approved"
    deliver(approved)
    at = move.arrives_at.astimezone(world.campaign.zone).strftime("%H:%M")
    (told,) = notices_of(mover.messages(1), approved)
    assert told["text"]["en"] == f"Your move from 洛陽 to 長安 is approved: on the road, arriving at {at}"
    assert told["text"]["zh-hant"] == f"你自洛陽往長安的移動已獲准：已在路上，{at} 抵達"
    assert not [m for m in governor.messages(0.3) if m.get("key") in (agreed, approved)], "not to the deciders"

    subjects = [" ".join(str(mail["Subject"]).split()) for mail in smtp.to("guo@example.org")]  # unfolded
    assert subjects == [
        "[Chess Siege] 洛陽 agreed to your move from 洛陽 to 長安; 長安 has still to agree",
        f"[Chess Siege] Your move from 洛陽 to 長安 is approved: on the road, arriving at {at}",
    ]
    sent = Notice.objects.filter(key__in=[agreed, approved]).values_list("officer__name", "key", "push")
    assert sorted(sent) == [("郭嘉", agreed, "sent"), ("郭嘉", approved, "sent")]


def test_r3_2_the_mover_is_told_of_a_rejection_and_an_agreement_overtaken_by_the_departure_is_not_sent(world):
    mover = Listener(world["郭嘉"].pk)
    move = move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    move_reject(actor=world["曹仁"], move=move)
    rejected = f"move:{move.pk}:rejected"
    deliver(rejected)
    (told,) = notices_of(mover.messages(1), rejected)
    assert told["text"]["en"] == "Your move from 洛陽 to 許昌 was rejected by 曹仁"
    assert told["text"]["zh-hant"] == "你自洛陽往許昌的移動已被曹仁駁回"

    again = move_request(actor=world["郭嘉"], destination=world.city("長安"))
    move_approve(actor=world["徐晃"], move=again)  # 長安 agrees first…
    move_approve(actor=world["曹仁"], move=again)  # …then 洛陽: on the road before the first is delivered
    agreed, approved = f"move:{again.pk}:agreed", f"move:{again.pk}:approved"
    deliver(agreed)
    deliver(approved)
    shown = mover.messages(1)
    assert not notices_of(shown, agreed), "an agreement no longer true is not told"
    assert len(notices_of(shown, approved)) == 1
    assert Notice.objects.get(key=agreed).push == Notice.Push.VOID
