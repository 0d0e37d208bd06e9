"""Mail: duties mailed through a real local SMTP server (aiosmtpd) in the officer's
language, as they chose (kinds, quiet hours, daily digest), each with a one-click unsubscribe
link; a confirmed address only; a bounce stops the mail; a server down delays it, no more."""

import email
import socket
from datetime import timedelta
from email import policy

import pytest
from aiosmtpd.controller import Controller
from django.test import Client
from django.urls import reverse

from battles.services.siege import siege_call
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Notice
from delivery.models import MailSubscription
from delivery.services.deliver import notices_deliver, notices_sweep
from delivery.services.mail import mail_confirmation_send, mail_digests_send, mail_settings_save
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


class Inbox:
    """What the SMTP server received; addresses in `refuse` get a 550 (a bounce)."""

    def __init__(self):
        self.mails: list[email.message.EmailMessage] = []
        self.refuse: set[str] = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def start(self, port: int) -> None:
        self.controller = Controller(self, hostname="127.0.0.1", port=port)
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def to(self, address: str) -> list:
        return [m for m in self.mails if m["To"] == address]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    inbox.start(free_port())
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", inbox.controller.port
    yield inbox
    if inbox.controller.loop.is_running():
        inbox.stop()


def body(mail) -> str:
    return mail.get_body(preferencelist=("plain",)).get_content()


def subscribe(world, name: str, address: str, language: str = "zh-hant", **choices):
    officer = world[name]
    kinds = choices.pop("kinds", ["call", "stratagem", "pursuit", "move", "promotion", "claim", "game"])
    mail = mail_settings_save(
        actor=officer, officer=officer, address=address, kinds=kinds, language=language, **choices
    )
    MailSubscription.objects.filter(pk=mail.pk).update(confirmed_at=world.campaign.created_at)
    return MailSubscription.objects.get(pk=mail.pk)


def deliver(key: str) -> None:
    notices_deliver(key=key, officer_ids=list(Notice.objects.filter(key=key).values_list("officer_id", flat=True)))


def call(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])


def test_an_address_is_mailed_a_link_and_confirmed_by_its_officer_once(world, clock, smtp):
    officer = world["魏延"]
    with pytest.raises(RuleViolation) as err:
        mail_settings_save(actor=officer, officer=officer, address="not an address", kinds=["call"])
    assert "不是郵件地址" in str(err.value.message) and not MailSubscription.objects.exists()
    with pytest.raises(NotAllowed):
        mail_settings_save(actor=world["張飛"], officer=officer, address="wei@example.org", kinds=["call"])
    saved = mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["call"])
    assert mail_confirmation_send(subscription_id=saved.pk)
    (mail,) = smtp.to("wei@example.org")
    link = reverse("mail-confirm-page", args=[world.campaign.slug, saved.confirm_token])
    assert link in body(mail) and "List-Unsubscribe" not in mail
    client = Client()
    client.force_login(world["張飛"].user)
    url = reverse("mail-confirm", args=[world.campaign.slug])
    assert client.post(url, {"token": saved.confirm_token}).status_code == 403  # another officer's link
    client.force_login(officer.user)
    assert client.get(link).status_code == 200
    response = client.post(url, {"token": saved.confirm_token}, follow=True)
    assert "已確認" in response.content.decode() and MailSubscription.objects.get().confirmed_at is not None
    response = client.post(url, {"token": saved.confirm_token}, follow=True)
    assert "此地址先前已確認" in response.content.decode()  # used twice: said, nothing else


def test_a_siege_call_is_mailed_in_each_officers_language(world, clock, smtp):
    subscribe(world, "魏延", "wei@example.org")
    subscribe(world, "張飛", "zhang@example.org", language="en")
    subscribe(world, "劉備", "liu@example.org", kinds=["promotion"])  # not calls
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    (zh,) = smtp.to("wei@example.org")
    assert "許褚在漢中攻城叫陣" in zh["Subject"] and f"/c/{world.campaign.slug}/sieges/{game.siege_id}/" in body(zh)
    assert "一鍵停止" in body(zh)
    (en,) = smtp.to("zhang@example.org")
    assert "Siege call by 許褚 at 漢中" in en["Subject"] and "Stop these mails with one click" in body(en)
    unsubscribe = MailSubscription.objects.get(address="zhang@example.org").unsubscribe_token
    assert en["List-Unsubscribe"].strip() == f"<http://127.0.0.1:8000/mail/unsubscribe/{unsubscribe}/>"
    assert en["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert not smtp.to("liu@example.org")
    assert dict(Notice.objects.filter(key=key).values_list("officer__name", "mail")) == {
        "魏延": "sent",
        "張飛": "sent",
        "劉備": "skip",
    }
    deliver(key)
    assert len(smtp.mails) == 2, "once"


def test_an_unconfirmed_address_gets_nothing(world, clock, smtp):
    officer = world["魏延"]
    mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["call"])
    game = call(world, clock)
    deliver(f"game:{game.pk}:call")
    assert not smtp.mails


def test_quiet_hours_hold_mail_for_the_digest_which_goes_once(world, clock, smtp):
    subscribe(world, "魏延", "wei@example.org", quiet_from="09:00", quiet_until="11:00", digest_at="11:00")
    game = call(world, clock)  # at 10:00 Taipei: quiet
    key = f"game:{game.pk}:call"
    deliver(key)
    assert not smtp.mails and Notice.objects.get(officer=world["魏延"], key=key).mail == "held"
    assert mail_digests_send() == 0  # not yet: still quiet, before the hour of the digest
    clock.shift(timedelta(hours=1, minutes=1))
    assert mail_digests_send() == 1 and mail_digests_send() == 0
    (digest,) = smtp.to("wei@example.org")
    assert "1" in digest["Subject"] and "許褚在漢中攻城叫陣" in body(digest)
    assert Notice.objects.get(officer=world["魏延"], key=key).mail == "digested"


def test_the_unsubscribe_link_works_once_and_says_so_the_second_time(world, clock, smtp):
    mail = subscribe(world, "魏延", "wei@example.org")
    url = reverse("mail-unsubscribe", args=[mail.unsubscribe_token])
    client = Client()  # no session: a mail client's one-click POST
    assert client.get(url).status_code == 200 and MailSubscription.objects.get().unsubscribed_at is None
    first = client.post(url)
    assert first.status_code == 200 and "不會再" in first.content.decode()
    again = client.post(url)
    assert again.status_code == 200 and "先前已退訂" in again.content.decode()
    unknown = client.post(reverse("mail-unsubscribe", args=["nonsense"]))
    assert unknown.status_code == 404
    game = call(world, clock)
    deliver(f"game:{game.pk}:call")
    assert not smtp.mails


def test_a_bounce_stops_the_mail_without_an_error(world, clock, smtp):
    subscribe(world, "魏延", "gone@example.org")
    smtp.refuse.add("gone@example.org")
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    assert Notice.objects.get(officer=world["魏延"], key=key).mail == "bounced"
    assert MailSubscription.objects.get().bounced_at is not None
    client = Client()
    client.force_login(world["魏延"].user)
    page = client.get(reverse("officer", args=[world.campaign.slug, world["魏延"].pk])).content.decode()
    assert "郵件伺服器拒收" in page


def test_a_mail_server_down_delays_the_mail_and_the_sweeper_sends_it_once(world, clock, smtp):
    subscribe(world, "魏延", "wei@example.org")
    port = smtp.controller.port
    smtp.stop()
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    notice = Notice.objects.get(key=key, officer=world["魏延"])
    assert notice.push == "sent" and notice.mail == "", "pushed; the mail waits"
    smtp.start(port)
    clock.shift(timedelta(seconds=31))  # the delivery's lease is over
    notices_sweep()
    notices_sweep()
    assert len(smtp.to("wei@example.org")) == 1
    assert Notice.objects.get(pk=notice.pk).mail == "sent"


def test_saving_again_before_confirming_sends_the_same_link_again(
    world, clock, smtp, django_capture_on_commit_callbacks
):
    """A link lost (Redis down when it was queued, a mail filtered away) is sent again by saving
    the settings again; once confirmed, saving sends nothing."""
    officer = world["魏延"]
    with django_capture_on_commit_callbacks() as queued:
        first = mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["call"])
    with django_capture_on_commit_callbacks() as again:
        second = mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["move"])
    assert len(queued) == len(again) == 1 and second.confirm_token == first.confirm_token
    MailSubscription.objects.filter(pk=first.pk).update(confirmed_at=world.campaign.created_at)
    with django_capture_on_commit_callbacks() as confirmed:
        mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["call"])
    assert confirmed == [] and MailSubscription.objects.get().confirmed_at is not None
