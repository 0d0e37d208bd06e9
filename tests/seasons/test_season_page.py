"""The organisers' season page (R1.1) and the campaign's state in every page's header, in both
languages: the page's read in pinned queries, its forms in the campaign's zone, the end's
confirmation step."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from campaign import clock as war_clock
from campaign.models import Campaign
from seasons.services.season_life import war_pause

pytestmark = pytest.mark.django_db
SEASON_QUERIES = 6  # session, user, campaign, officer (none), is_organiser, the pauses


@pytest.fixture
def organiser(world) -> User:
    user = User.objects.create_user("organiser", password="x")
    world.campaign.organisers.add(user)
    return user


@pytest.fixture
def client(client):
    client.cookies["django_language"] = "en"  # the reader's choice (the zh-Hant reads set theirs)
    return client


def url(world, name="organise-season"):
    return reverse(name, args=[world.campaign.slug])


def test_r1_1_the_season_page_is_the_organisers_in_pinned_queries(world, organiser, client, django_assert_num_queries):
    client.force_login(world["曹操"].user)
    assert client.get(url(world)).status_code == 403, "a king is no organiser"
    client.force_login(organiser)
    war_pause(user=organiser, campaign=world.campaign)
    client.get(url(world))  # the visitor's presence is written once
    with django_assert_num_queries(SEASON_QUERIES):
        page = client.get(url(world))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Resume the war" in text and 'data-season="paused"' in text and "The war is paused." in text


def test_r1_1_the_start_instant_is_read_in_the_campaigns_zone(world, organiser, client):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    client.force_login(organiser)
    local = (war_clock.now() + timedelta(hours=3)).astimezone(world.campaign.zone).replace(second=0, microsecond=0)
    response = client.post(url(world, "season-start-set"), {"at": local.strftime("%Y-%m-%dT%H:%M")})
    assert response.status_code == 302
    assert Campaign.objects.get(pk=world.campaign.pk).war_starts_at == local
    page = client.get(url(world, "boards")).content.decode()
    assert f"The war starts at {local:%Y-%m-%d %H:%M}." in page, "every campaign page says the state"
    client.cookies["django_language"] = "zh-hant"
    page = client.get(url(world, "boards")).content.decode()
    assert 'data-season="enrolment"' in page and f"{local:%Y-%m-%d %H:%M}" in page


def test_r1_1_a_start_in_the_past_comes_back_as_a_message(world, organiser, client):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.DRAFT)
    client.force_login(organiser)
    past = (war_clock.now() - timedelta(hours=1)).astimezone(world.campaign.zone).strftime("%Y-%m-%dT%H:%M")
    response = client.post(url(world, "season-start-set"), {"at": past}, follow=True)
    assert "must be in the future" in response.content.decode()
    assert Campaign.objects.get(pk=world.campaign.pk).war_starts_at is None


def test_r1_1_ending_now_asks_for_confirmation_then_names_the_result(world, organiser, client):
    client.force_login(organiser)
    response = client.post(url(world, "season-end"), {}, follow=True)
    assert "Tick the box" in response.content.decode()
    assert Campaign.objects.get(pk=world.campaign.pk).status == Campaign.Status.WAR
    response = client.post(url(world, "season-end"), {"confirm": "yes"}, follow=True)
    text = response.content.decode()
    assert Campaign.objects.get(pk=world.campaign.pk).status == Campaign.Status.ENDED
    assert 'data-season="ended"' in text and "No winner (a tie)." in text
