"""A user logged in who has no officer in any campaign sees a way forward: the home page lists the
campaigns taking players (enrolment), and a campaign's page refused for want of an officer says
where to join, in the reader's language."""

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign


def newcomer() -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user("newcomer", password="a-long-newcomer-pass"))
    return client


def test_the_home_page_lists_the_campaigns_taking_players(world, settings):
    client = newcomer()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "No campaign is taking players just now" in client.get(reverse("home")).content.decode()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    page = client.get(reverse("home")).content.decode()
    assert 'id="enrolment"' in page and "Campaigns taking players" in page
    assert reverse("dashboard", args=[world.campaign.slug]) in page.split('id="enrolment"')[1].split("</section>")[0]


def test_an_anonymous_visitor_is_offered_the_sign_up(world):
    assert f'href="{reverse("account_signup")}"' in Client().get(reverse("home")).content.decode()


def test_a_page_refused_for_want_of_an_officer_says_where_to_join(world, settings):
    client = newcomer()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(reverse("moves", args=[world.campaign.slug]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "You have no officer in this campaign." in page
    assert f'href="{reverse("join", args=[world.campaign.slug])}"' in page  # the campaign's own join page
    assert "Join a kingdom of this campaign" in page


def test_an_officer_refused_a_page_is_not_told_to_join(world, client):
    client.force_login(world["郭嘉"].user)
    response = client.get(reverse("personnel", args=[world.campaign.slug]))
    assert response.status_code == 403 and "#enrolment" not in response.content.decode()
