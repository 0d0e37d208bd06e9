"""Posts are not moved without a word (R2.4: an officer governs one city):
appointing the governor of another city says so, naming the post that will be vacated, and asks
to confirm, on the personnel page and in the API (`confirm_vacate`); refused, nothing changes;
confirmed, the vacated city's board and the palace are told it has no governor now. (The
terminal appoints no governor.)"""

import json

from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.services import token_create
from forum.models import Post
from orders.services.personnel import VacateUnconfirmed, governor_appoint


def governors(world):
    return {name: getattr(world.city(name).governor, "name", None) for name in ("洛陽", "長安")}


def test_r2_4_appointing_another_city_s_governor_names_the_post_it_vacates_and_asks_to_confirm(world):
    with translation.override("en"):
        try:
            governor_appoint(actor=world["曹操"], city=world.city("長安"), officer=world["曹仁"])
        except VacateUnconfirmed as refused:
            assert refused.clause == "R2.4" and refused.vacated.name == "洛陽"
            assert "曹仁 governs 洛陽" in str(refused.message) and "長安" in str(refused.message)
        else:
            raise AssertionError("appointed without a word")
    assert governors(world) == {"洛陽": "曹仁", "長安": "徐晃"}  # nothing changed
    governor_appoint(actor=world["曹操"], city=world.city("長安"), officer=world["曹仁"], confirm_vacate=True)
    assert governors(world) == {"洛陽": None, "長安": "曹仁"}
    told = Post.objects.filter(thread__board=world.city("洛陽").board, thread__title__contains="洛陽")
    assert any("曹仁" in p.body and "長安" in p.body for p in told)


def test_r2_4_the_personnel_page_asks_to_confirm_naming_the_post_then_appoints(world, client):
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    slug = world.campaign.slug
    page = client.get(reverse("personnel", args=[slug])).content.decode()
    assert "曹仁 (18★, governor of 洛陽)" in page  # the post shown beside the name in the other cities' lists
    url = reverse("governor-appoint", args=[slug, world.city("長安").pk])
    asked = client.post(url, {"officer": world["曹仁"].pk})
    assert asked.status_code == 409
    text = asked.content.decode()
    assert 'id="vacate-confirm"' in text and "leave 洛陽 without a governor" in text
    assert 'name="confirm_vacate" value="yes"' in text
    assert governors(world) == {"洛陽": "曹仁", "長安": "徐晃"}
    client.post(url, {"officer": world["曹仁"].pk, "confirm_vacate": "yes"})
    assert governors(world) == {"洛陽": None, "長安": "曹仁"}


def test_r2_4_the_api_refuses_without_confirm_vacate_naming_the_post(world):
    _token, text = token_create(user=world["曹操"].user, name="bot", scope="act")
    path = f"/api/v1/c/{world.campaign.slug}/cities/{world.city('長安').pk}/governor"

    def appoint(**data):
        return Client().post(
            path,
            json.dumps({"officer": world["曹仁"].pk, **data}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {text}",
            HTTP_ACCEPT_LANGUAGE="en",
        )

    refused = appoint()
    assert refused.status_code == 409
    assert refused.json()["clause"] == "R2.4" and "洛陽" in refused.json()["message"]
    assert governors(world) == {"洛陽": "曹仁", "長安": "徐晃"}
    assert appoint(confirm_vacate=True).status_code == 200
    assert governors(world) == {"洛陽": None, "長安": "曹仁"}
