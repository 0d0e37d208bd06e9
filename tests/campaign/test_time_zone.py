"""Words and times: times are shown in the campaign's zone by default (where the
hours of war R7.4 and the day R7.1 are counted), in a zone the reader chose if they chose one,
and /ops/ follows the same rule; the countdown words come in the reader's language."""

import pytest
from django.contrib.auth import get_user_model


@pytest.mark.django_db
def test_times_in_the_campaigns_zone_unless_the_reader_chose_another(client, world):
    slug = world.campaign.slug
    page = client.get(f"/c/{slug}/").content.decode()
    assert "Asia/Taipei" in page and "10:00" in page  # "updated 10:00:00", Taipei time

    response = client.post("/accounts/time-zone/", {"zone": "Europe/London", "next": f"/c/{slug}/"})
    assert response.status_code == 302 and response.headers["Location"] == f"/c/{slug}/"
    page = client.get(f"/c/{slug}/").content.decode()
    assert "Europe/London" in page and "03:00" in page  # 10:00 in Taipei is 03:00 in London (BST)

    client.post("/accounts/time-zone/", {"zone": "Mars/Olympus", "next": "https://evil.example/"})
    page = client.get(f"/c/{slug}/").content.decode()
    assert "Asia/Taipei" in page  # an unknown zone goes back to the campaign's; no open redirect
    assert client.post("/accounts/time-zone/", {"zone": "", "next": "https://evil.example/"}).headers["Location"] == "/"


@pytest.mark.django_db
def test_ops_page_in_the_campaigns_zone(client, world):
    admin = get_user_model().objects.create_superuser("operator", password="a-long-operator-password")
    client.force_login(admin)
    page = client.get("/ops/").content.decode()
    assert "Asia/Taipei" in page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "words"), [("zh-hant", "還有 {m} 分 {s} 秒"), ("en", "in {m} min {s} s")])
def test_countdown_words_in_the_readers_language(client, world, language, words):
    client.cookies["django_language"] = language
    page = client.get(f"/c/{world.campaign.slug}/").content.decode()
    assert f'data-in-minutes="{words}"' in page
