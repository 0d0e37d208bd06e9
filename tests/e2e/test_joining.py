"""Joining in a real browser: a campaign in enrolment, two users follow invitation links, one applies
with a message, the king admits all three with stars, kinds and cities, and they stand on the
kingdom's roster (the segment of the season in tests/e2e/season/joining.py)."""

import pytest
from django.contrib.auth import get_user_model

from campaign.models import Campaign, Officer
from ops.demo import DEMO_PASSWORD
from tests.e2e.conftest import log_in
from tests.e2e.season.joining import Admission, joining_segment, make_invitation
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_two_invited_and_one_applicant_are_admitted_and_stand_on_the_roster(browser, live_server):
    world = make_world()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    people = [
        Admission("zhangxiu", "張繡", 14, "general", "洛陽"),
        Admission("jiaxu", "賈詡", 18, "strategist", "許昌"),
        Admission("chenlin", "陳琳", 7, "historian", "合肥"),
    ]
    for person in people:
        get_user_model().objects.create_user(person.username, f"{person.username}@example.org", DEMO_PASSWORD)
    kingdom = world["曹操"].kingdom
    joining_segment(
        browser,
        live_server,
        kingdom=kingdom,
        king="caocao",
        invited=people[:2],
        applicant=people[2],
        message="願為魏臣",
    )
    admitted = {
        o.name: (o.stars, o.kind, o.city.name) for o in Officer.objects.filter(name__in=["張繡", "賈詡", "陳琳"])
    }
    assert admitted == {p.name: (p.stars, p.kind, p.city) for p in people}
    page = log_in(browser, live_server, "chenlin")
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/kingdoms/{kingdom.pk}/")
    roster = page.inner_text("#roster")
    assert all(text in roster for text in ("張繡", "賈詡", "陳琳", "7★", "史官", "用計"))


@pytest.mark.django_db(transaction=True)
def test_the_kings_management_of_members_fits_a_phone(browser, live_server):
    """At 390 px the kingdom page with an application's admit form and a new link shown does not
    scroll sideways, nor the join page and the invitation page."""
    from seasons.services.joining import application_submit

    world = make_world()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    user = get_user_model().objects.create_user("zhangxiu", "zhangxiu@example.org", DEMO_PASSWORD)
    application_submit(user=user, kingdom=world["曹操"].kingdom, message="願為魏臣，" * 30)
    king = log_in(browser, live_server, "caocao")
    king.set_viewport_size({"width": 390, "height": 844})
    link = make_invitation(king, world["曹操"].kingdom)
    assert king.evaluate("document.documentElement.scrollWidth") <= 390
    newcomer = log_in(browser, live_server, "zhangxiu")
    newcomer.set_viewport_size({"width": 390, "height": 844})
    for url in (link, f"{live_server.url}/c/{world.campaign.slug}/join/"):
        newcomer.goto(url)
        assert newcomer.evaluate("document.documentElement.scrollWidth") <= 390, url
