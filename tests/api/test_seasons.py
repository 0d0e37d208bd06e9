"""The season's reads through the API (docs/organising.md "Standings, chronicle and next season"): the
standings and the merit table as the page counts them, a day of the chronicle, and the archive
for an organiser's token only."""

import io
import zipfile

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.services import token_create
from campaign.models import Campaign
from forum.services.boards import thread_create
from forum.services.chronicle import chronicle_pin
from record.selectors.export import campaign_export
from tests.worlds import besiege, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def bearer(user) -> dict:
    _token, text = token_create(user=user, name="season", scope="read")
    return {"HTTP_AUTHORIZATION": f"Bearer {text}"}


def test_the_standings_and_merit_read_as_the_page_ranks(world, clock, client):
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")
    slug = world.campaign.slug
    standings = client.get(reverse("api:api-standings", args=[slug])).json()
    assert [k["rank"] for k in standings["kingdoms"]] == [1, 2, 3] and standings["winner_id"] is None
    Campaign.objects.filter(pk=world.campaign.pk).update(  # as war_end (another part's service) ends it
        status=Campaign.Status.ENDED, winner=world["曹操"].kingdom, end_reason=Campaign.EndReason.ORGANISER
    )
    standings = client.get(reverse("api:api-standings", args=[slug])).json()
    assert standings["winner_id"] == world["曹操"].kingdom_id and standings["end_reason"] == "organiser"
    merit = client.get(reverse("api:api-merit", args=[slug])).json()
    assert merit[0]["name"] == "許褚" and merit[0]["games_won"] == 1


def test_a_day_of_the_chronicle_with_the_historians_pins(world, clock, client):
    thread = thread_create(actor=world["王粲"], board=world.city("許昌").board, title="戰記", body="五月一日")
    chronicle_pin(actor=world["王粲"], post=thread.posts.get())
    day = client.get(reverse("api:api-chronicle", args=[world.campaign.slug]) + "?day=2026-05-01").json()
    assert day["day"] == "2026-05-01" and [p["body"] for p in day["pinned"]] == ["五月一日"]
    assert day["pins"][0]["pinned_by_id"] == world["王粲"].pk


def test_the_archive_for_an_organisers_token_only(world, clock, client):
    url = reverse("api:api-export", args=[world.campaign.slug])
    assert client.get(url).status_code == 403
    assert client.get(url, **bearer(world["曹操"].user)).status_code == 403
    organiser = get_user_model().objects.create_user("organiser", password="a-long-organiser-password")
    world.campaign.organisers.add(organiser)
    response = client.get(url, **bearer(organiser))
    assert response.status_code == 200
    stream = io.BytesIO()
    campaign_export(world.campaign, stream, reader=organiser)
    body = b"".join(response.streaming_content)
    assert body == stream.getvalue() and "world.yaml" in zipfile.ZipFile(io.BytesIO(body)).namelist()
