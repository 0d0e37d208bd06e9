"""What every page shares, as a reader sees it: one title, a favicon, the language menu naming each
language in itself, a 404 page in the site's style and language, and on the game page the colours
(R11.2) in words of the reader's language."""

from django.urls import reverse

from tests.play.test_records import pending_game


def test_the_page_title_is_not_doubled_and_the_site_has_a_favicon(world, client):
    home = client.get(reverse("home")).content.decode()
    title = home[home.index("<title>") + 7 : home.index("</title>")]
    assert title.count("象棋攻城") == 1
    assert 'rel="icon"' in home


def test_the_language_menu_names_each_language_in_itself(world, client):
    page = client.get(reverse("dashboard", args=[world.campaign.slug])).content.decode()
    assert ">English</option>" in page and ">繁體中文</option>" in page


def test_a_missing_page_answers_404_in_the_sites_style_and_language(world, client, settings):
    settings.DEBUG = False
    response = client.get("/c/no-such-campaign/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "site.css" in page and "找不到" in page


def test_r11_2_the_game_page_names_the_colours_in_words(world, client, clock):
    game = pending_game(world, clock)
    page = client.get(reverse("game", args=[world.campaign.slug, game.pk])).content.decode()
    heading = page[page.index("<h1") : page.index("</h1>")]
    assert "(紅)" in heading and "(黑)" in heading and "(red)" not in heading


def test_r3_2_a_pending_move_says_who_still_has_to_approve(world, client):
    from orders.services.moves import move_request

    move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    client.force_login(world["郭嘉"].user)
    page = client.get(reverse("moves", args=[world.campaign.slug])).content.decode()
    awaiting = page[page.index("data-awaiting") :]
    awaiting = awaiting[: awaiting.index("</small>")]
    assert "曹仁" in awaiting and "夏侯惇" in awaiting
