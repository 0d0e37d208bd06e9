"""The join page, the invitation link's page and the kingdom pages, in both languages, with their
query counts pinned; the forms go through the services (tests/seasons/test_joining.py)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign import clock as site_clock
from campaign.models import Campaign, Officer
from campaign.services.presence import presence_touch
from seasons.models import Application
from seasons.services.joining import application_refuse, application_submit, invitation_create


def enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()


def newcomer(name="newcomer"):
    return get_user_model().objects.create_user(name, email=f"{name}@example.org", password="x-long-pass-1")


def read(client, url, language="zh-hant"):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language  # the language menu's cookie
    return client.get(url).content.decode()


def counted(client, url) -> int:
    client.get(url)  # the first read of a session writes its presence (R2.6)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_no_officer_dead_end_offers_the_join_page(world, client):
    client.force_login(newcomer())
    response = client.get(reverse("moves", args=[world.campaign.slug]))
    assert response.status_code == 403
    assert reverse("join", args=[world.campaign.slug]) in response.content.decode()


def test_the_join_page_lists_the_kingdoms_while_enrolling_and_says_so_otherwise(world, client):
    client.force_login(newcomer())
    url = reverse("join", args=[world.campaign.slug])
    assert "not enrolling" in read(client, url, "en")
    assert "招募" in read(client, url)
    enrolling(world)
    page = read(client, url, "en")
    assert 'name="kingdom"' in page and "魏" in page and "蜀" in page and "吳" in page
    assert "申請" in read(client, url)


def test_the_join_page_shows_the_application_pending_refused_with_its_reason_or_admitted(world, client):
    enrolling(world)
    user = newcomer()
    client.force_login(user)
    url = reverse("join", args=[world.campaign.slug])
    client.post(reverse("application-submit", args=[world.campaign.slug]), {"kingdom": world["曹操"].kingdom_id})
    application = Application.objects.get(user=user)
    assert "pending" in read(client, url, "en")
    application_refuse(user=world["曹操"].user, application=application, reason="兵員已足 <script>x</script>")
    page = read(client, url, "en")
    assert "refused" in page and "兵員已足" in page and "<script>x" not in page  # the reason sanitised
    assert 'name="kingdom"' in page  # and may apply again


def test_the_join_page_reads_a_pinned_number_of_queries(world, client):
    enrolling(world)
    client.force_login(newcomer())
    # the session, the user, the campaign, the officer (none), the application, the kingdoms
    assert counted(client, reverse("join", args=[world.campaign.slug])) == 6


def test_an_invitation_page_sends_a_logged_out_visitor_to_log_in_and_back(world, client):
    _invitation, secret = invitation_create(
        user=world["曹操"].user, kingdom=world["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=1
    )
    url = reverse("invitation", args=[world.campaign.slug, secret])
    page = read(client, url, "en")
    assert "invited to join 魏" in page and f"/accounts/login/?next={url.replace('/', '%2F')}" in page
    assert "邀請" in read(client, url)
    user = newcomer()
    client.force_login(user)
    assert reverse("invitation-follow", args=[world.campaign.slug, secret]) in read(client, url)
    client.post(reverse("invitation-follow", args=[world.campaign.slug, secret]))
    assert Application.objects.get(user=user).invitation is not None
    assert "used up" in read(client, url, "en")
    assert client.get(reverse("invitation", args=[world.campaign.slug, "A" * 43])).status_code == 404


def test_the_kingdoms_page_lists_each_kingdom_with_king_capital_and_counts(world, client):
    page = read(client, reverse("kingdoms", args=[world.campaign.slug]), "en")
    assert (
        "曹操" in page
        and "許昌" in page
        and reverse("kingdom", args=[world.campaign.slug, world["劉備"].kingdom_id]) in page
    )
    assert "國" in read(client, reverse("kingdoms", args=[world.campaign.slug]))
    assert counted(client, reverse("kingdoms", args=[world.campaign.slug])) == 2  # the campaign, the kingdoms


def test_r2_6_the_kingdom_page_shows_the_table_of_posts_and_the_roster_with_presence(world, client, clock):
    presence_touch(user_id=world["郭嘉"].user_id, now=site_clock.now())
    url = reverse("kingdom", args=[world.campaign.slug, world["曹操"].kingdom_id])
    page = read(client, url, "en")
    assert "Table of posts" in page and "Governor" in page and "夏侯惇" in page and "荀彧" in page
    assert "strategist" in page and "12★" in page and "online" in page
    assert "官職表" in read(client, url)
    assert 'id="applications"' not in page  # nobody but the king and the organisers manages members


@pytest.mark.parametrize("viewer", ["anonymous", "郭嘉", "曹操", "organiser"])
def test_the_kingdom_page_reads_a_pinned_number_of_queries(world, client, viewer):
    """The campaign, then four reads (the kingdom, its cities, their boards' moderators, its officers);
    a logged-in visitor adds the session, the user, their officer and the menu's reads (battles/selectors/
    duties.py: 4 in a city, 7 for a king, and whether a non-king governs), one who is not the king the
    organiser check; the king and the organisers' management two more (applications, invitations)."""
    enrolling(world)
    for n in range(3):
        application_submit(user=newcomer(f"n{n}"), kingdom=world["曹操"].kingdom, message="願往")
    invitation_create(user=world["曹操"].user, kingdom=world["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=3)
    if viewer == "organiser":
        user = newcomer("organiser")
        world.campaign.organisers.add(user)
        client.force_login(user)
    elif viewer != "anonymous":
        client.force_login(world[viewer].user)
    pinned = {"anonymous": 5, "郭嘉": 14, "曹操": 18, "organiser": 11}
    assert counted(client, reverse("kingdom", args=[world.campaign.slug, world["曹操"].kingdom_id])) == pinned[viewer]


def test_the_king_sees_the_applications_with_the_admit_form_and_makes_a_link_shown_once(world, client):
    enrolling(world)
    application_submit(user=newcomer(), kingdom=world["曹操"].kingdom, message="**願往**")
    client.force_login(world["曹操"].user)
    url = reverse("kingdom", args=[world.campaign.slug, world["曹操"].kingdom_id])
    page = read(client, url, "en")
    assert "newcomer" in page and "<strong>願往</strong>" in page and 'name="stars"' in page
    client.post(reverse("invitation-new", args=[world.campaign.slug, world["曹操"].kingdom_id]), {"days": 7, "uses": 2})
    page = read(client, url, "en")
    assert "/join/" in page and "0 / 2" in page
    assert 'id="new-invitation"' not in read(client, url, "en")  # shown once
    assert Officer.objects.filter(user__username="newcomer").count() == 0


def test_an_admitted_applicant_reads_their_officer_and_the_way_to_the_dashboard(world, client):
    from seasons.services.joining import officer_admit

    enrolling(world)
    user = newcomer()
    application = application_submit(user=user, kingdom=world["曹操"].kingdom, message="")
    officer_admit(
        user=world["曹操"].user,
        application=application,
        name="新人",
        stars=3,
        kind="general",
        title="",
        city=world.city("許昌"),
    )
    client.force_login(user)
    page = read(client, reverse("join", args=[world.campaign.slug]), "en")
    assert "You serve 魏 as 新人" in page and reverse("dashboard", args=[world.campaign.slug]) in page
    assert 'name="kingdom"' not in page  # one officer per player: nothing to apply to


def test_a_member_leaves_from_the_kingdom_page_and_the_king_hands_on_the_crown_there(world, client):
    url = reverse("kingdom", args=[world.campaign.slug, world["曹操"].kingdom_id])
    client.force_login(world["郭嘉"].user)
    assert reverse("officer-leave", args=[world.campaign.slug]) in read(client, url, "en")
    client.post(reverse("officer-leave", args=[world.campaign.slug]))
    assert world["郭嘉"].kingdom is None
    client.force_login(world["曹操"].user)
    page = read(client, url, "en")
    assert reverse("crown-hand-on", args=[world.campaign.slug]) in page
    assert reverse("officer-leave", args=[world.campaign.slug]) not in page  # a king hands on the crown first
    client.post(reverse("crown-hand-on", args=[world.campaign.slug]), {"officer": world["司馬懿"].pk})
    assert world["曹操"].kingdom.king_id == world["司馬懿"].pk
