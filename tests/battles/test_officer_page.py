"""Officer pages: stars, kind, title, kingdom, whereabouts, posts, games with
results; names on the other pages link to them; an officer of another campaign is a 404."""

import pytest

from tests.worlds import besiege, play


@pytest.mark.django_db
def test_officer_page_shows_posts_whereabouts_and_games(client, world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")], online=("魏延",))
    play(world, army, "許褚", "魏延", "attacker")
    slug = world.campaign.slug
    page = client.get(f"/c/{slug}/officers/{world['許褚'].pk}/").content.decode()
    assert "許褚" in page and f"{world['許褚'].stars}★" in page
    assert "隨軍攻打漢中" in page  # whereabouts: with the army (R1.5)
    assert "1 勝 0 負 0 和" in page and f"/c/{slug}/officers/{world['魏延'].pk}/" in page
    governor = client.get(f"/c/{slug}/officers/{world['張飛'].pk}/").content.decode()
    assert "漢中太守" in governor  # R2.2: the post held
    king = client.get(f"/c/{slug}/officers/{world['劉備'].pk}/").content.decode()
    assert "國王" in king


@pytest.mark.django_db
def test_names_link_to_officer_pages(client, world):
    slug = world.campaign.slug
    dashboard = client.get(f"/c/{slug}/").content.decode()
    assert f'<a class="officer-link" href="/c/{slug}/officers/{world["張飛"].pk}/">張飛</a>' in dashboard
    assert client.get(f"/c/{slug}/officers/999999/").status_code == 404
