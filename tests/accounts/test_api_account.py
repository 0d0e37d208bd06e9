"""The API's `GET /me`: who the token's user is (username, address and whether it is confirmed,
two-factor log-in, the campaigns they serve in), read in a pinned number of queries; 401 without a
token."""

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.test import Client

from accounts.selectors import account_of
from accounts.services import token_create


def test_me_tells_the_tokens_user_their_account(world):
    user = world["曹操"].user
    EmailAddress.objects.create(user=user, email="caocao@example.org", verified=True, primary=True)
    Authenticator.objects.create(user=user, type=Authenticator.Type.TOTP, data={"secret": "x"})
    _, secret = token_create(user=user, name="bot", scope="read")
    answer = Client().get("/api/v1/me", headers={"Authorization": f"Bearer {secret}"})
    assert answer.status_code == 200
    assert answer.json() == {
        "username": "caocao",
        "email": "caocao@example.org",
        "email_confirmed": True,
        "two_factor": True,
        "campaigns": [world.campaign.slug],
    }


def test_me_without_a_token_is_401(world):
    answer = Client().get("/api/v1/me", headers={"Accept-Language": "en"})
    assert answer.status_code == 401 and answer.json()["code"] == "unauthenticated"


def test_an_account_is_read_in_three_queries(world, django_assert_num_queries):
    user = world["郭嘉"].user
    with django_assert_num_queries(3):
        view = account_of(user)
    assert (view.email, view.email_confirmed, view.two_factor) == ("", False, False)
