"""R1.1 A new account organises a war from the site alone, with no admin step (CAMPAIGN_CREATORS
"confirmed", the default): it signs up and confirms its address (the mail received by a real local
SMTP server), creates a campaign in the forms, types its world (two kingdoms, a third city, a road),
opens enrolment, invites two new players who sign up and follow the links, admits them, and starts
the war now. Nobody grants the organiser anything: it is neither staff nor given a permission."""

import pytest
from django.contrib.auth.models import User

from campaign.models import Campaign, Officer
from ops.demo import DEMO_PASSWORD
from tests.e2e.season.accounts import sign_up
from tests.e2e.season.joining import admit, follow_invitation, make_invitation
from tests.e2e.season.life import season_state, season_url

pytestmark = pytest.mark.e2e
SLUG = "jing-yi"


def _form(page, selector: str, fields: dict[str, str], selects: dict[str, str] | None = None) -> None:
    """Fill a form's text fields, choose its selects by label, send it and wait for its message."""
    form = page.locator(selector)
    for name, value in fields.items():
        form.locator(f"input[name={name}]").fill(value)
    for name, label in (selects or {}).items():
        form.locator(f"select[name={name}]").select_option(label=label)
    form.locator("button").click()
    page.wait_for_selector(".messages")


def _world(page, base: str) -> None:
    """Two kingdoms, each with a new capital; a frontier city of 荊 on the road to 襄陽; a road
    from 江陵 to 成都, so that the kingdoms meet."""
    page.goto(f"{base}/organise/world/")
    _form(page, "#kingdom-add", {"name": "荊", "capital": "襄陽"})
    _form(page, "#kingdom-add", {"name": "益", "capital": "成都"})
    _form(page, "#city-add", {"name": "江陵"}, {"kingdom": "荊", "road_to": "襄陽"})
    _form(page, "#road-add", {}, {"a": "江陵", "b": "成都"})
    assert page.locator(".organise-map g.city").count() == 3
    assert "江陵 – 成都" in page.inner_text("main").replace("\u2013", "–")


@pytest.mark.django_db(transaction=True)
def test_r1_1_a_new_account_signs_up_organises_and_starts_a_war_with_no_admin_step(browser, live_server, mailbox):
    organiser = sign_up(browser, live_server, mailbox, "liubiao", "liubiao@example.org", DEMO_PASSWORD)
    organiser.goto(f"{live_server.url}/organise/")
    organiser.click("#organise-new")
    organiser.fill("#campaign-create input[name=name]", "荊益之戰")
    organiser.fill("#campaign-create input[name=slug]", SLUG)
    organiser.click("#campaign-create button")
    organiser.wait_for_url(f"**/c/{SLUG}/organise/")
    base = f"{live_server.url}/c/{SLUG}"
    _world(organiser, base)

    organiser.goto(season_url(live_server, SLUG))
    organiser.click("form[action$='/organise/season/enrolment/'] button")
    organiser.wait_for_load_state()
    assert season_state(organiser) == "enrolment"

    campaign = Campaign.objects.get(slug=SLUG)
    players = (("kuaiyue", "蒯越", "荊", "江陵"), ("fazheng", "法正", "益", "成都"))
    for username, name, kingdom_name, city in players:
        kingdom = campaign.kingdoms.get(name=kingdom_name)
        link = make_invitation(organiser, kingdom)
        player = sign_up(browser, live_server, mailbox, username, f"{username}@example.org", DEMO_PASSWORD)
        follow_invitation(player, link)
        organiser.goto(f"{base}/kingdoms/{kingdom.pk}/")
        admit(organiser, username, name, 10, "general", city)

    organiser.goto(season_url(live_server, SLUG))
    organiser.click("#start-now")
    organiser.wait_for_load_state()
    assert season_state(organiser) == "war"
    started = Campaign.objects.get(pk=campaign.pk)
    assert started.status == Campaign.Status.WAR and started.opening_world["cities"]
    assert sorted(Officer.objects.filter(campaign=started).values_list("name", "kingdom__name")) == [
        ("法正", "益"),
        ("蒯越", "荊"),
    ]
    account = User.objects.get(username="liubiao")
    assert not account.is_staff and not account.is_superuser and not account.user_permissions.exists()
    assert list(started.organisers.values_list("username", flat=True)) == ["liubiao"]
