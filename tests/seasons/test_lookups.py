"""One look-up per thing (seasons/lookups.py): an application or an invitation named in another
campaign's address is not found there, on the pages and through the API alike (404), and nothing
changes."""

import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import token_create
from campaign.models import Campaign, Officer
from seasons.models import Application, Invitation
from seasons.services.joining import application_submit, invitation_create
from tests.worlds import make_world


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _api(user, path: str, form: dict) -> int:
    _token, text = token_create(user=user, name="t", scope="act")
    answer = Client(raise_request_exception=False).post(
        f"/api/v1{path}", json.dumps(form), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {text}"
    )
    return answer.status_code


def test_r1_5_an_application_or_invitation_of_another_campaign_is_404_on_the_pages_and_the_api(world):
    other = make_world(name="Other war", slug="other-war")
    Campaign.objects.filter(pk__in=[world.campaign.pk, other.campaign.pk]).update(status=Campaign.Status.ENROLMENT)
    applicant = get_user_model().objects.create_user("newcomer", password="x-long-pass-1")
    application = application_submit(user=applicant, kingdom=world["曹操"].kingdom, message="願往")
    invitation, _secret = invitation_create(
        user=world["曹操"].user, kingdom=world["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=2
    )
    king = other["曹操"].user  # the same account is the other campaign's king too
    assert king == world["曹操"].user
    there = "/c/other-war"
    acts = [
        (king, f"{there}/applications/{application.pk}/admit/"),
        (king, f"{there}/applications/{application.pk}/refuse/"),
        (king, f"{there}/invitations/{invitation.pk}/revoke/"),
        (applicant, f"{there}/join/applications/{application.pk}/withdraw/"),
    ]
    # every form whole, so that only the look-up can refuse
    form = {"name": "新人", "stars": 1, "kind": "general", "city": other.city("洛陽").pk, "reason": "不"}
    for user, path in acts:
        assert _client(user).post(path, form).status_code == 404, path
        assert _api(user, path.rstrip("/"), form) == 404, path
    assert Application.objects.get(pk=application.pk).status == Application.Status.PENDING
    assert Invitation.objects.get(pk=invitation.pk).revoked_at is None
    assert not Officer.objects.filter(user=applicant).exists()
