"""The in-app help: a page for each thing a player or an organiser does (joining, moving,
marching, answering a siege, playing and reporting a game, playing hero tactics, the terminal,
organising, world files), in zh-Hant and English, read without a query; and the pages where those
things happen link to their topic."""

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from handbook.help import HELP_DIR, LANGUAGES, TOPICS
from tests.pages.worlds import build
from tests.seasons.test_organise import organiser


def english(client: Client) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def test_every_topic_is_written_in_both_languages_and_nothing_else_is():
    for language in LANGUAGES:
        written = {path.stem for path in (HELP_DIR / language).glob("*.md")}
        assert written == {topic.slug for topic in TOPICS}, language


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [topic.slug for topic in TOPICS])
def test_each_topic_reads_in_chinese_by_default_and_in_english_on_request(client, slug, django_assert_num_queries):
    url = reverse("handbook:help-topic", args=[slug])
    with django_assert_num_queries(0):
        chinese = client.get(url).content.decode()
    assert "說明" in chinese and "Help:" not in chinese
    assert len([c for c in chinese if "\u4e00" <= c <= "\u9fff"]) > 200, "the page is written in Chinese"
    english_page = english(client).get(url).content.decode()
    assert english_page.count(" the ") > 5, "the page is written in English"
    others = english_page.split("Other topics")[1]
    assert reverse("handbook:help-topic", args=[slug]) not in others, "the topic itself is not offered again"


def test_the_terminals_help_gives_its_keys():
    """The keys every screen of the terminal answers, as bbs/frame.py binds them."""
    text = (HELP_DIR / "en" / "terminal.md").read_text()
    for key in ("`?`", "`q`", "Ctrl-L", "Ctrl-P", "Ctrl-X", "Ctrl-Q", "`/`", "`r`", "`e`", "`X`", "`a`"):
        assert key in text


@pytest.mark.django_db
def test_t18_1_the_hero_tactics_help_says_how_to_play_recheck_the_dice_and_replay_in_both_languages(client):
    """The hero tactics topic (docs/tactics.md): a player's topic in both languages, from the
    challenge to the record, with the seed's commitment to recheck the dice (T18.1), the record's
    format and `tactics_replay` (T18.2–T18.4), and where the game's full rules are."""
    url = reverse("handbook:help-topic", args=["tactics"])
    chinese = client.get(url).content.decode()
    english_page = english(client).get(url).content.decode()
    for page in (chinese, english_page):
        for needed in ("SHA-256", "sanguo-tactics/1", "manage.py tactics_replay FILE", "--json", "/api/v1/tactics/"):
            assert needed in page, needed
    assert "docs/tactics.zh-Hant.md" in chinese and "docs/tactics.md" in english_page
    assert "下三國角色戰棋" in chinese and "挑戰" in chinese and "選將與佈陣" in chinese and "天氣" in chinese
    for step in ("Challenging", "Picking and deploying", "Moving", "Attacking", "Skills", "weather", "Clocks"):
        assert step in english_page, step
    index = english(client).get(reverse("handbook:help")).content.decode()
    assert "Playing hero tactics (戰棋)" in index.split("For organisers")[0]


@pytest.mark.django_db
def test_the_help_index_lists_the_players_topics_apart_from_the_organisers(client):
    page = english(client).get(reverse("handbook:help")).content.decode()
    players, organisers = page.split("For organisers")
    assert "Answering a siege" in players and "Writing a world file" in organisers
    assert "Writing a world file" not in players


@pytest.mark.django_db
def test_a_topic_that_does_not_exist_is_not_found(client):
    assert client.get("/help/nothing-here/").status_code == 404


@pytest.mark.django_db
def test_the_help_answers_reads_only(client):
    assert client.post(reverse("handbook:help")).status_code == 405
    assert client.post(reverse("handbook:help-topic", args=["siege"])).status_code == 405


@pytest.mark.django_db
def test_the_pages_where_things_happen_link_to_their_help(clock, client):
    world, objects = build(clock, 1)
    slug = world.campaign.slug
    client.force_login(User.objects.get(username="zhangfei"))
    pages = {
        reverse("moves", args=[slug]): "move",
        reverse("war", args=[slug]): "march",
        reverse("siege", args=[slug, objects["siege"].pk]): "siege",
        reverse("games", args=[slug]): "games",
        reverse("game", args=[slug, objects["game"].pk]): "games",
        reverse("ssh-keys"): "terminal",
    }
    for url, topic in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert reverse("handbook:help-topic", args=[topic]) in response.content.decode(), url
    client.force_login(User.objects.create_user("newcomer", "newcomer@example.org", "a-private-passphrase-42"))
    join = client.get(reverse("join", args=[slug])).content.decode()
    assert reverse("handbook:help-topic", args=["join"]) in join


@pytest.mark.django_db
def test_the_organisers_pages_link_to_their_help(client):
    from seasons.services.organise import campaign_create

    user = organiser()
    client.force_login(user)
    new = client.get(reverse("organise-new")).content.decode()
    assert reverse("handbook:help-topic", args=["organise"]) in new
    campaign_create(actor=user, name="春", slug="spring", time_zone="Asia/Taipei", battle_game="xiangqi")
    assert Campaign.objects.filter(slug="spring").exists()
    world = client.get(reverse("organise-world", args=["spring"])).content.decode()
    assert reverse("handbook:help-topic", args=["world-file"]) in world


@pytest.mark.django_db
def test_every_page_offers_the_help(client):
    assert reverse("handbook:help") in client.get(reverse("home")).content.decode()
