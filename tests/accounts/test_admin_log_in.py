"""Security (one log-in, whatever the door): the admin's own log-in page would take a password
alone, skipping the second factor and the confirmed address; it sends to allauth's log-in, which
asks them, and comes back to the admin after."""

from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

ROOT_PASSWORD = "a-long-root-password"


def test_the_admins_log_in_page_does_not_take_a_password_alone(db):
    root = User.objects.create_superuser("root", password=ROOT_PASSWORD)
    TOTP.activate(root, generate_totp_secret())
    client = Client()
    answer = client.post("/admin/login/?next=/admin/", {"username": "root", "password": ROOT_PASSWORD})
    assert "_auth_user_id" not in client.session
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))
    asked = client.post(answer["Location"], {"login": "root", "password": ROOT_PASSWORD})
    assert asked["Location"] == reverse("mfa_authenticate") and "_auth_user_id" not in client.session


def test_staff_logged_in_by_the_sites_log_in_reach_the_admin(db):
    User.objects.create_superuser("root", password=ROOT_PASSWORD)
    client = Client()
    sent = client.get("/admin/")
    assert sent.status_code == 302 and sent["Location"].startswith("/admin/login/")
    to_log_in = client.get(sent["Location"])
    assert to_log_in.status_code == 302 and to_log_in["Location"].startswith(reverse("login"))
    client.post(to_log_in["Location"], {"login": "root", "password": ROOT_PASSWORD})
    assert client.get("/admin/").status_code == 200
