"""A campaign's life through the API (R1.1): the campaign's read says its state, and an
organiser's token pauses and resumes the war with the page's fields; a pause while paused is
refused with the rule named, changing nothing."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.services import token_create
from campaign import clock
from campaign.models import Campaign
from seasons.models import WarPause

pytestmark = pytest.mark.django_db


def test_r1_1_the_campaigns_read_says_its_state_and_an_organiser_pauses_through_the_api(world):
    organiser = User.objects.create_user("organiser", password="x")
    world.campaign.organisers.add(organiser)
    _token, text = token_create(user=organiser, name="season", scope="act")
    api, slug = Client(HTTP_AUTHORIZATION=f"Bearer {text}"), world.campaign.slug
    assert api.get(f"/api/v1/c/{slug}").json()["status"] == "war"
    until = (clock.now() + timedelta(hours=1)).astimezone(world.campaign.zone).strftime("%Y-%m-%dT%H:%M")
    body = api.post(f"/api/v1/c/{slug}/season/pause", json.dumps({"until": until}), content_type="application/json")
    assert body.status_code == 200 and body.json()["paused_until"] is not None
    again = api.post(f"/api/v1/c/{slug}/season/pause", "{}", content_type="application/json")
    assert again.status_code == 400 and again.json()["clause"] == "R1.1"
    assert WarPause.objects.count() == 1
    read = api.get(f"/api/v1/c/{slug}").json()
    assert read["paused_at"] is not None and read["paused_until"] is not None
    resumed = api.post(f"/api/v1/c/{slug}/season/resume", content_type="application/json")
    assert resumed.status_code == 200 and resumed.json()["paused_at"] is None
    assert Campaign.objects.get(pk=world.campaign.pk).paused_at is None
