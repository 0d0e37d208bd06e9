"""Organisers are welcome by default (R1.1, docs/organising.md "Who organises"):
every confirmed account creates drafts, a few at a time (DRAFTS_PER_ORGANISER); a site that
requires the permission (CAMPAIGN_CREATORS=permitted) shows the Organise link only to those who
hold it, and the others ask its admins on the Organise page (a mail to each); the permission is
named in the admin's language; a draft is listed only to its organisers; a war starts now; a
setting that makes no sense (a road crossed in no time) is refused with its rule."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.services import token_create
from campaign import clock as war_clock
from campaign.errors import NotAllowed, RuleViolation, TooFast
from campaign.models import Campaign, Timer
from seasons.services.organise import campaign_create, campaign_import, campaign_settings_update
from seasons.services.organise_right import organise_right_mail_send, organise_right_request
from seasons.services.season_life import campaign_open_enrolment, start_key, war_start_now, war_start_set
from tests.battles.test_mail import Inbox, body, free_port
from tests.seasons.world_files import site_example


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def confirmed(username="liubei"):
    user = get_user_model().objects.create_user(
        username, email=f"{username}@example.org", password="a-long-member-password"
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def new_draft(user, slug):
    return campaign_create(actor=user, name=f"戰役 {slug}", slug=slug, time_zone="Asia/Taipei", battle_game="xiangqi")


def logged_in(user):
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


@pytest.mark.django_db
def test_r1_1_by_default_a_confirmed_account_creates_drafts_a_few_at_a_time(settings):
    """No admin step: a confirmed account makes a draft; past DRAFTS_PER_ORGANISER drafts (typed
    or uploaded) it is refused, saying how many and what frees one; a draft whose enrolment opens
    leaves room for the next."""
    settings.DRAFTS_PER_ORGANISER = 2
    user = confirmed()
    first, _second = new_draft(user, "one"), new_draft(user, "two")
    with pytest.raises(RuleViolation, match="2 campaigns in draft.*enrolment"):
        new_draft(user, "three")
    with pytest.raises(RuleViolation, match="2 campaigns in draft"):
        campaign_import(actor=user, text=site_example(), fmt="yaml", slug="four")
    assert set(Campaign.objects.values_list("slug", flat=True)) == {"one", "two"}
    campaign_open_enrolment(user=user, campaign=first)
    assert new_draft(user, "three").status == Campaign.Status.DRAFT


@pytest.mark.django_db
def test_r1_1_an_account_without_a_confirmed_address_creates_nothing():
    user = get_user_model().objects.create_user("unconfirmed", password="a-long-member-password")
    EmailAddress.objects.create(user=user, email="u@example.org", verified=False, primary=True)
    with pytest.raises(NotAllowed, match="Confirm your account's address"):
        new_draft(user, "one")
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_r1_1_a_site_that_requires_the_permission_shows_organise_to_its_holders_and_lets_others_ask(settings):
    settings.CAMPAIGN_CREATORS = "permitted"
    user = confirmed()
    client = logged_in(user)
    home = client.get(reverse("home")).content.decode()
    assert 'id="organise-link"' not in home
    refused = client.get(reverse("organise-new"))
    assert refused.status_code == 403
    assert "site&#x27;s admins" in refused.content.decode() and reverse("organise") in refused.content.decode()
    with pytest.raises(NotAllowed):
        new_draft(user, "one")
    page = client.get(reverse("organise")).content.decode()
    assert 'id="organise-ask"' in page and reverse("organise-ask") in page
    get_user_model().objects.create_superuser("admin", email="admin@example.org", password="a-long-admin-pass")
    sent = client.post(reverse("organise-ask"), {"message": "a community of 40"}, follow=True).content.decode()
    assert "sent to the site&#x27;s admins" in sent
    user.user_permissions.add(Permission.objects.get(codename="organise_campaigns"))
    assert 'id="organise-link"' in client.get(reverse("home")).content.decode()
    assert client.get(reverse("organise-new")).status_code == 200


@pytest.fixture
def mail_server(settings):
    inbox = Inbox()
    inbox.start(free_port())
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", inbox.controller.port
    yield inbox
    inbox.stop()


@pytest.mark.django_db
def test_r1_1_a_request_for_the_right_reaches_every_site_admin_with_the_permission_named(settings, mail_server):
    """The request is refused (nothing sent) under the default rule and twice a day; sent, it is
    mailed to each active superuser, in the asker's language, naming the permission as the admin
    shows it and linking the asker's admin page."""
    settings.CAMPAIGN_CREATORS = "permitted"
    users = get_user_model().objects
    users.create_superuser("admin", email="admin@example.org", password="a-long-admin-password")
    users.create_superuser("admin2", email="admin2@example.org", password="a-long-admin-password")
    users.create_superuser("gone", email="gone@example.org", password="a-long-admin-password", is_active=False)
    user = confirmed("sunquan")
    with translation.override("zh-hant"):
        organise_right_request(user=user, message="吳國玩家的社群")
    with pytest.raises(TooFast, match="less than a day ago"):
        organise_right_request(user=user, message="again")
    assert organise_right_mail_send(user_id=user.pk, message="吳國玩家的社群", language="zh-hant") == 2
    (mail,) = mail_server.to("admin@example.org")
    assert len(mail_server.to("admin2@example.org")) == 1 and not mail_server.to("gone@example.org")
    assert "sunquan" in mail["Subject"]
    text = body(mail)
    assert "吳國玩家的社群" in text and "可以主辦戰役" in text  # the permission's name, translated
    assert reverse("admin:auth_user_change", args=[user.pk]) in text
    settings.CAMPAIGN_CREATORS = "confirmed"  # nothing to ask: every confirmed account organises
    with pytest.raises(RuleViolation, match="You may organise campaigns already"):
        organise_right_request(user=confirmed("other"), message="")


@pytest.mark.django_db
def test_r1_1_the_admin_names_the_permission_to_organise_in_the_reader_s_language():
    admin = get_user_model().objects.create_superuser("admin", email="a@example.org", password="a-long-admin-pass")
    client = logged_in(admin)
    client.cookies["django_language"] = "zh-hant"
    page = client.get(reverse("admin:auth_user_change", args=[admin.pk])).content.decode()
    assert "可以主辦戰役" in page and "Can organise campaigns" not in page


@pytest.mark.django_db
def test_r1_1_a_draft_is_listed_only_to_its_organisers_on_the_home_page_and_in_the_api(settings):
    user = confirmed()
    new_draft(user, "secret-draft")
    open_one = new_draft(user, "open-one")
    campaign_open_enrolment(user=user, campaign=open_one)
    stranger = confirmed("stranger")
    for who, sees_draft in ((None, False), (stranger, False), (user, True)):
        client = logged_in(who) if who else Client()
        home = client.get(reverse("home")).content.decode()
        assert ("/c/secret-draft/" in home) is sees_draft and "/c/open-one/" in home
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token_create(user=who, name='bot', scope='read')[1]}"} if who else {}
        listed = {c["slug"] for c in Client().get("/api/v1/campaigns", **headers).json()["results"]}
        assert ("secret-draft" in listed) is sees_draft and "open-one" in listed


@pytest.mark.django_db
def test_r1_1_the_war_starts_now_and_its_set_instant_is_dropped(clock):
    user = confirmed()
    campaign = new_draft(user, "now")
    war_start_set(user=user, campaign=campaign, at=war_clock.now() + timedelta(hours=5))
    started = war_start_now(user=user, campaign=campaign)
    assert started.status == Campaign.Status.WAR and started.war_starts_at == war_clock.now()
    assert not Timer.objects.filter(key=start_key(campaign)).exists()
    with pytest.raises(RuleViolation, match="already started"):
        war_start_now(user=user, campaign=started)
    with pytest.raises(NotAllowed):
        war_start_now(user=confirmed("stranger"), campaign=new_draft(user, "theirs"))


@pytest.mark.django_db
def test_r1_1_the_season_page_and_the_api_start_the_war_now():
    user = confirmed()
    campaign = new_draft(user, "now")
    client = logged_in(user)
    assert 'id="start-now"' in client.get(reverse("organise-season", args=["now"])).content.decode()
    client.post(reverse("season-start-now", args=["now"]))
    assert Campaign.objects.get(pk=campaign.pk).status == Campaign.Status.WAR


@pytest.mark.django_db
@pytest.mark.parametrize(
    "setting, clause", [("travel_time", "R1.4"), ("penalty_period", "R7.2"), ("online_window", "R2.6")]
)
def test_r1_4_a_duration_of_0_is_refused_with_its_rule_and_changes_nothing(setting, clause):
    user = confirmed()
    campaign = new_draft(user, "zero")
    before = getattr(campaign, setting)
    with pytest.raises(RuleViolation, match="more than 0") as refused:
        campaign_settings_update(actor=user, campaign=campaign, values={setting: timedelta(0)})
    assert refused.value.clause == clause
    assert getattr(Campaign.objects.get(pk=campaign.pk), setting) == before
