"""The log-in's message reads well in Chinese: allauth's own Traditional Chinese
("成功以 %(name)s..的身份登入。") doubled a period after the name, so "w4org." read
"成功以 w4org...的身份登入"; the site's translation of the libraries' words (locale/libraries)
sets the name apart instead."""

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse


def test_the_log_in_message_names_a_username_ending_in_a_period_cleanly(db):
    user = User.objects.create_user("w4org.", email="w4org@example.org", password="a-long-organiser-password")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    client = Client()
    client.cookies["django_language"] = "zh-hant"
    page = client.post(
        reverse("login"), {"login": "w4org.", "password": "a-long-organiser-password"}, follow=True
    ).content.decode()
    assert "已用「w4org.」的身分登入。" in page
    assert ".." not in page.split("已用")[1][:20]
