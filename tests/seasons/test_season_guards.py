"""What an attacker tried on a community's season, held: the two-factor log-in a campaign requires
holds in the API as on the pages; a world file uploaded on the site binds nobody else's account; an
instant the database cannot hold is refused; an ended campaign takes no write; a lone surrogate in
the API's JSON is a 400; a name cannot turn the site's own posts into links; a star-shaped world of
10,000 cities is laid out with bounded work."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign import clock
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom
from cities import layout
from forum.models import Post
from seasons.models import Application
from seasons.services import joining
from seasons.services.organise import campaign_import
from tests.api.test_organise import bearer
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example

pytestmark = pytest.mark.django_db

WORLD = """\
name: Review
slug: review
kingdoms:
- {name: K, capital: CA}
cities:
- {name: CA, kingdom: K, kind: capital}
- {name: CB, kind: frontier}
roads:
- [CA, CB]
officers:
- {user: %s, name: squatter, kingdom: K, stars: 1, kind: general, city: CA}
"""


def post(client, path, body, headers):
    return client.post(path, json.dumps(body), content_type="application/json", **headers)


def spring(user) -> Campaign:
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


def test_r1_1_the_api_refuses_an_organiser_without_the_two_factor_log_in_the_campaign_requires():
    """Every organiser's act, not only the reads: adding an organiser, switching the requirement off."""
    user = organiser()
    spring(user)
    Campaign.objects.filter(slug="spring").update(mfa_required=True)
    client, headers = Client(), bearer(user)
    get_user_model().objects.create_user("someone")
    added = post(client, "/api/v1/c/spring/organise/organisers", {"username": "someone"}, headers)
    switched_off = post(client, "/api/v1/c/spring/organise/settings", {"mfa_required": ""}, headers)
    assert (added.status_code, switched_off.status_code) == (403, 403)
    assert Campaign.objects.get(slug="spring").mfa_required is True
    assert not Campaign.objects.get(slug="spring").organisers.filter(username="someone").exists()


def test_r2_1_a_king_without_the_two_factor_log_in_required_makes_no_invitation():
    user = organiser()
    campaign = spring(user)
    Campaign.objects.filter(pk=campaign.pk).update(mfa_required=True, status=Campaign.Status.ENROLMENT)
    kingdom = Kingdom.objects.select_related("campaign").get(campaign=campaign, name="魏")
    with pytest.raises(RuleViolation) as refused:
        joining.invitation_create(user=user, kingdom=kingdom, expires_in=timedelta(days=1), max_uses=1)
    assert refused.value.status_code == 403 and not kingdom.invitations.exists()


@pytest.mark.parametrize("name", ["PLAIN", "plain"])
def test_r1_5_a_world_file_uploaded_on_the_site_names_no_existing_account(name):
    """Else an organiser enrols a player unasked, or makes "PLAIN" beside "plain", after which
    allauth finds two accounts for the name and neither logs in by it."""
    get_user_model().objects.create_user("plain", password="a-long-victim-password")
    with pytest.raises(RuleViolation) as refused:
        campaign_import(actor=organiser(), text=WORLD % name, fmt="yaml")
    assert "officers[0].user" in str(refused.value) or "line" in refused.value.refusal
    assert get_user_model().objects.filter(username__iexact="plain").count() == 1
    assert not Campaign.objects.filter(slug="review").exists()
    answer = Client().post("/accounts/login/", {"login": "plain", "password": "a-long-victim-password"})
    assert answer.status_code == 302, "the account still logs in by its name"


def test_r1_5_a_username_outside_the_accounts_rule_is_refused_with_its_field():
    with pytest.raises(RuleViolation, match=r"officers\[0\]\.user"):
        campaign_import(actor=organiser(), text=WORLD % "'plain '", fmt="yaml")


def test_r1_1_an_instant_past_what_the_database_holds_is_refused_not_a_500():
    user = organiser()
    spring(user)
    client, headers = Client(raise_request_exception=False), bearer(user)
    for at in ("9999-12-31T23:59-12:00", "9999-12-31T20:00"):
        answer = post(client, "/api/v1/c/spring/season/start", {"at": at}, headers)
        assert answer.status_code == 400, answer.content
    assert Campaign.objects.get(slug="spring").war_starts_at is None
    assert Client(raise_request_exception=False).get("/c/spring/standings/").status_code == 200


def test_r1_1_an_ended_campaign_takes_no_refusal_and_no_revocation():
    user = organiser()
    campaign = spring(user)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENROLMENT)
    kingdom = Kingdom.objects.select_related("campaign").get(campaign=campaign, name="魏")
    applicant = get_user_model().objects.create_user("applicant")
    application = joining.application_submit(user=applicant, kingdom=kingdom, message="hello")
    invitation, _secret = joining.invitation_create(
        user=user, kingdom=kingdom, expires_in=timedelta(days=1), max_uses=1
    )
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENDED, ended_at=clock.now())
    client, headers = Client(), bearer(user)
    refused = post(client, f"/api/v1/c/spring/applications/{application.pk}/refuse", {"reason": "late"}, headers)
    revoked = post(client, f"/api/v1/c/spring/invitations/{invitation.pk}/revoke", {}, headers)
    assert (refused.status_code, revoked.status_code) == (400, 400)
    assert Application.objects.get(pk=application.pk).status == Application.Status.PENDING
    invitation.refresh_from_db()
    assert invitation.revoked_at is None


@pytest.mark.parametrize(
    "path,body",
    [
        ("/api/v1/organise/campaigns", {"name": "a", "slug": "sur", "time_zone": "\ud800"}),
        ("/api/v1/organise/campaigns/upload", {"text": "\ud800"}),
        ("/api/v1/c/spring/organise/organisers", {"username": "x\ud800"}),
    ],
)
def test_a_lone_surrogate_in_the_apis_json_is_a_400_not_a_500(path, body):
    user = organiser()
    spring(user)
    answer = Client(raise_request_exception=False).post(
        path, json.dumps(body), content_type="application/json", **bearer(user)
    )
    assert answer.status_code == 400


def test_r1_5_an_officers_name_cannot_make_a_link_in_the_palace_post():
    user = organiser()
    campaign = spring(user)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENROLMENT)
    kingdom = Kingdom.objects.select_related("campaign").get(campaign=campaign, name="魏")
    application = joining.application_submit(
        user=get_user_model().objects.create_user("applicant"), kingdom=kingdom, message="hello"
    )
    with pytest.raises(RuleViolation, match="R1.5"):
        joining.officer_admit(
            user=user,
            application=application,
            name="[pwn](https://evil.example/x)",
            stars=5,
            kind="general",
            title="",
            city=kingdom.capital,
        )
    assert not Post.objects.filter(html__contains="evil.example").exists()
    assert Application.objects.get(pk=application.pk).status == Application.Status.PENDING


def test_r1_4_a_star_shaped_world_of_ten_thousand_cities_is_laid_out_with_bounded_work(monkeypatch):
    """All roads from one capital bunch every city into one cell of the layout's grid (each round
    then pushes a city by a sample of NEAR_CAP others); the rounds shrink as the cities grow."""
    rounds = []
    nearby = layout._pushes_nearby

    def counted(nodes, spots, ideal):
        rounds.append(1)
        return nearby(nodes, spots, ideal)

    monkeypatch.setattr(layout, "_pushes_nearby", counted)
    nodes = list(range(10_000))
    spots = layout.spring_layout(nodes, [(0, n) for n in nodes[1:]])
    assert len(rounds) == max(layout.MIN_ROUNDS, layout.WORK // len(nodes)) < layout.ITERATIONS
    assert len(spots) == len(nodes)
