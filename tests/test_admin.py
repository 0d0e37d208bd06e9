"""The admin: armies, sieges, games, ledger rows and stratagems shown read-only to
staff; the hours of war (R7.4) typed and shown as clock times, not minutes after midnight."""

import pytest
from django.contrib.auth import get_user_model

from campaign.models import Campaign
from tests.worlds import besiege, play


@pytest.mark.django_db
def test_war_is_read_only_in_the_admin(client, world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")], online=("魏延",))
    play(world, army, "許褚", "魏延", "attacker")
    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-root-password"))
    for model in ("battles/army", "battles/siege", "play/game", "battles/stratagem", "battles/ledgerentry"):
        page = client.get(f"/admin/{model}/")
        assert page.status_code == 200, model
        assert f"/admin/{model}/add/" not in page.content.decode(), model  # nothing added by hand
    ledger = client.get("/admin/battles/ledgerentry/").content.decode()
    assert "許褚 勝 魏延" in ledger  # the cause in words (R6.2)
    game_id = army.games.first().pk
    page = client.get(f"/admin/play/game/{game_id}/change/").content.decode()
    assert 'name="result"' not in page  # shown, not editable
    assert client.post(f"/admin/play/game/{game_id}/delete/", {"post": "yes"}).status_code == 403


@pytest.mark.django_db
def test_r7_4_hours_of_war_as_clock_times_in_the_admin(client, world):
    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-root-password"))
    campaign = world.campaign
    listing = client.get("/admin/campaign/campaign/").content.decode()
    assert "09:00–24:00" in listing
    url = f"/admin/campaign/campaign/{campaign.pk}/change/"
    page = client.get(url).content.decode()
    assert 'value="09:00"' in page and 'value="24:00"' in page and "war_start_minute" not in page
    form = {
        k: v
        for k, v in Campaign.objects.filter(pk=campaign.pk).values()[0].items()
        if k not in ("id", "created_at", "war_start_minute", "war_end_minute")
    }
    form = {k: ("" if v is None else v) for k, v in form.items()}
    for key in ("travel_time", "online_window", "post_edit_window"):
        form[key] = str(form[key])
    response = client.post(url, {**form, "war_start": "08:30", "war_end": "23:00"})
    assert response.status_code == 302, response.content.decode()[:2000]
    campaign.refresh_from_db()
    assert (campaign.war_start_minute, campaign.war_end_minute) == (510, 1380)
    response = client.post(url, {**form, "war_start": "25:00", "war_end": "23:00"})
    assert response.status_code == 200 and "00:00" in response.content.decode()  # refused, with the rule
    campaign.refresh_from_db()
    assert campaign.war_start_minute == 510
