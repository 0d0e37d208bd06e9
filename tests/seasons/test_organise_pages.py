"""The organisers' pages (docs/organising.md "Organising a campaign"): each in both languages with a pinned
number of queries; a new campaign typed or uploaded, the upload previewed first (the preview
writes nothing, a refused file names its line and rule); the settings form's durations in
minutes and seconds and the hours of war as clock times; only organisers see a campaign's pages."""

import json
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from cities.models import City
from tests.authorization.matrix import snapshot
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml"


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def campaign(user):
    from seasons.services.organise import campaign_import

    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


def upload(client, url, text=None, **fields):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {"file": SimpleUploadedFile("world.yaml", text if text is not None else site_example()), **fields}
    return client.post(url, data)


# page: (URL name, queries): the session, the user, then the page's own reads
PAGES = {
    "organise": 7,  # the zone (their campaign's, else the first); the campaigns organised; the permissions
    "organise-new": 4,
    "organise-hub": 9,  # the campaign, the visitor's officer, is an organiser; organisers; three counts
    "organise-settings": 5,
    "organise-world": 8,  # the campaign, the officer, is an organiser; kingdoms, cities, roads
}


@pytest.mark.parametrize("language, words", [("zh-hant", "籌辦"), ("en", "Organise")])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_r1_1_each_organiser_page_in_both_languages_with_pinned_queries(
    name, language, words, client, campaign, django_assert_num_queries
):
    client.cookies["django_language"] = language
    url = (
        reverse(name, args=[campaign.slug])
        if name.startswith("organise-") and name != "organise-new"
        else reverse(name)
    )
    client.get(url)  # the visitor's first request marks them present (R2.6) and saves the session
    with django_assert_num_queries(PAGES[name]):
        response = client.get(url)
    assert response.status_code == 200
    assert words in response.content.decode()


def test_r1_1_the_world_page_counts_no_more_queries_for_a_larger_world(client, campaign, django_assert_num_queries):
    from seasons.services.world_edit import city_add

    for n in range(20):
        city_add(
            actor=campaign.organisers.get(),
            campaign=campaign,
            name=f"城{n}",
            kind="frontier",
            kingdom=None,
            road_to=City.objects.filter(campaign=campaign).first(),
        )
    client.get(reverse("organise-world", args=[campaign.slug]))
    with django_assert_num_queries(PAGES["organise-world"]):
        assert client.get(reverse("organise-world", args=[campaign.slug])).status_code == 200


def test_r1_1_a_campaign_s_pages_are_its_organisers_only(campaign, db):
    stranger = Client()
    stranger.force_login(organiser("stranger"))
    for name in ("organise-hub", "organise-settings", "organise-world"):
        assert stranger.get(reverse(name, args=[campaign.slug])).status_code == 403


def test_r1_1_the_new_campaign_page_is_refused_to_who_may_not_create(db):
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.create_user("plain", password="a-long-plain-password"))
    assert client.get(reverse("organise-new")).status_code == 403
    assert client.get(reverse("organise")).status_code == 200  # the list of what they organise: none


def test_r1_1_a_campaign_typed_on_the_new_page_is_a_draft_its_creator_organises(client, user):
    response = client.post(
        reverse("organise-create"), {"name": "春", "slug": "spring", "time_zone": "Asia/Taipei", "battle_game": "chess"}
    )
    assert response.status_code == 302 and response["Location"] == reverse("organise-hub", args=["spring"])
    campaign = Campaign.objects.get(slug="spring")
    assert campaign.status == Campaign.Status.DRAFT and campaign.battle_game == "chess"
    assert list(campaign.organisers.all()) == [user]


def test_r1_1_an_upload_is_previewed_writing_nothing_then_saved(client, user):
    before = snapshot()
    response = upload(client, reverse("organise-upload"), slug="spring")
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="city"') == 12 and 'id="world-save"' in page
    assert snapshot() == before  # the preview wrote nothing
    saved = client.post(
        reverse("organise-upload"), {"save": "1", "fmt": "yaml", "slug": "spring", "text": response.context["text"]}
    )
    assert saved.status_code == 302
    campaign = Campaign.objects.get(slug="spring")
    assert campaign.status == Campaign.Status.DRAFT and City.objects.filter(campaign=campaign).count() == 12


@pytest.mark.parametrize(
    "broken, words",
    [
        (("capital: 許昌", "capital: 無名"), "Line {capital}"),  # the line of the first capital
        (("- [許昌, 洛陽]", "- [許昌, 洛陽]\n- [許昌, 洛陽]"), "twice"),
        (("kind: frontier", "kind: fortress"), "Unknown kind"),
        (("name: 魏,", "name: [魏,"), "YAML syntax error"),
    ],
)
def test_r1_4_a_refused_upload_names_the_line_and_rule_and_writes_nothing(client, user, broken, words):
    example = site_example().decode()
    words = words.format(capital=1 + next(n for n, line in enumerate(example.splitlines()) if "capital: 許昌" in line))
    text = example.replace(*broken, 1).encode()
    before = snapshot()
    client.cookies["django_language"] = "en"
    response = upload(client, reverse("organise-upload"), text=text)
    assert response.status_code == 400
    assert words in response.content.decode() and 'id="world-save"' not in response.content.decode()
    assert snapshot() == before


def test_r7_4_the_settings_form_takes_minutes_seconds_and_clock_times(client, campaign):
    page = client.get(reverse("organise-settings", args=[campaign.slug])).content.decode()
    assert 'name="war_start_minute" value="09:00"' in page and 'name="travel_time" value="20"' in page
    data = {name: "" for name in ()}
    data.update(
        war_start_minute="10:30",
        war_end_minute="24:00",
        travel_time="25",
        live_increment="15",
        pursuers="4",
        moves_through_own_cities_only="on",
    )
    assert client.post(reverse("organise-settings-save", args=[campaign.slug]), data).status_code == 302
    campaign.refresh_from_db()
    assert (campaign.war_start_minute, campaign.war_end_minute, campaign.pursuers) == (630, 1440, 4)
    assert campaign.travel_time.total_seconds() == 1500 and campaign.live_increment.total_seconds() == 15
    assert campaign.moves_through_own_cities_only and not campaign.mfa_required


def test_r1_1_at_war_the_settings_page_shows_the_settings_without_a_form_to_change_them(client, campaign):
    """The settings change before the war only: at war the page shows them as they hold, greyed,
    with no save button (a save would be refused)."""
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.WAR)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("organise-settings", args=[campaign.slug])).content.decode()
    assert 'id="settings-frozen"' in page and "no longer change" in page
    assert 'id="settings-form"' not in page and "Save the settings" not in page
    assert 'name="travel_time" value="20"' in page, "the settings are still shown"


def test_r7_4_a_time_of_day_that_is_not_one_is_refused_with_a_message(client, campaign):
    client.cookies["django_language"] = "en"
    response = client.post(
        reverse("organise-settings-save", args=[campaign.slug]), {"war_start_minute": "25:00"}, follow=True
    )
    assert "A time of day is written" in response.content.decode()
    campaign.refresh_from_db()
    assert campaign.war_start_minute == 540


def test_r1_4_a_city_dropped_on_the_map_is_saved_in_the_campaign_s_units(client, campaign):
    city = City.objects.filter(campaign=campaign).first()
    response = client.post(
        reverse("organise-city-place", args=[campaign.slug, city.pk]),
        {"x": "12.5", "y": "-3"},
        HTTP_ACCEPT="application/json",
    )
    assert response.json() == {"x": 12.5, "y": -3.0}


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_r1_1_the_organisers_pages_speak_the_reader_s_language(language, client, campaign):
    """No word of the other language left outside names (tests/pages/test_words.py's reading), on
    every organiser's page and the upload's preview."""
    from tests.pages.test_words import leftovers, names, visible_text

    client.cookies["django_language"] = language
    known = names() + ["YAML", "JSON", "manage.py world_export", "/c/"]
    found = {}
    urls = [reverse("organise"), reverse("organise-new")]
    urls += [reverse(n, args=[campaign.slug]) for n in ("organise-hub", "organise-settings", "organise-world")]
    responses = [(url, client.get(url)) for url in urls]
    responses.append(("preview", upload(client, reverse("organise-upload"), slug="autumn")))
    for url, response in responses:
        assert response.status_code == 200, url
        for part in visible_text(response.content.decode(), language):
            for word in leftovers(part, language, known):
                found.setdefault(word, []).append(f"{url}: {part[:60]}")
    assert not found, found


def test_r1_4_a_file_without_coordinates_is_laid_out_once_in_its_preview_and_saved_there(client):
    """The preview lays the map out (the file gives no x, y); its save form carries those places,
    so that the save builds the map the preview showed, without laying it out again."""
    text = (
        b"name: bare\nslug: bare\nkingdoms:\n- {name: A, capital: a}\ncities:\n- {name: a, kingdom: A, kind: capital}\n"
    )
    text += b"- {name: b, kind: frontier}\n- {name: c, kind: frontier}\nroads:\n- [a, b]\n- [b, c]\n"
    preview = upload(client, reverse("organise-upload"), text=text)
    places = json.loads(preview.context["places"])
    assert sorted(places) == ["a", "b", "c"]
    data = {
        "save": "1",
        "fmt": "yaml",
        "slug": "",
        "text": preview.context["text"],
        "places": preview.context["places"],
    }
    assert client.post(reverse("organise-upload"), data).status_code == 302
    saved = {c.name: [c.map_x, c.map_y] for c in City.objects.filter(campaign__slug="bare")}
    assert saved == places
