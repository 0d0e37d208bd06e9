"""Organising a campaign in a real browser (docs/organising.md "Organising a campaign"): the organisers'
segment of the season alone (a world file uploaded, previewed, saved; two settings changed), then
a city dragged on the world page's map moves, and stays where it was dropped."""

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission, User

from campaign.models import Campaign
from cities.models import City
from ops.demo import DEMO_PASSWORD
from tests.e2e.conftest import log_in
from tests.e2e.season.organise import organise_from_demo_file

pytestmark = pytest.mark.e2e
SHOTS = Path(settings.VAR_DIR) / "screenshots"


def organiser() -> User:
    """A user a site admin lets organise campaigns. The site has no other accounts: a world file
    uploaded on the site makes none (the demo's is uploaded without its officers)."""
    user = User.objects.create_user("xunyu", password=DEMO_PASSWORD)
    user.user_permissions.add(Permission.objects.get(codename="organise_campaigns"))
    return User.objects.get(pk=user.pk)


@pytest.mark.django_db(transaction=True)
def test_r1_1_an_organiser_uploads_the_demo_world_sets_two_settings_and_drags_a_city(browser, live_server):
    organiser()

    slug = organise_from_demo_file(browser, live_server, "xunyu")

    campaign = Campaign.objects.get(slug=slug)
    assert campaign.status == Campaign.Status.DRAFT and campaign.travel_time.total_seconds() == 25 * 60
    assert campaign.pursuers == 4 and City.objects.filter(campaign=campaign).count() == 12
    assert list(campaign.organisers.values_list("username", flat=True)) == ["xunyu"]

    page = log_in(browser, live_server, "xunyu")
    page.goto(f"{live_server.url}/c/{slug}/organise/world/")
    city = page.locator('.organise-map g.city[data-map-city="洛陽"]')
    before = City.objects.get(campaign=campaign, name="洛陽")
    box = city.locator("circle").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x + 12 * step, y + 8 * step)
    page.mouse.up()
    page.wait_for_selector('.organise-map g.city[data-map-city="洛陽"][data-saved="1"]')
    after = City.objects.get(pk=before.pk)
    assert after.map_x > before.map_x and after.map_y > before.map_y  # right and down, as dragged
    page.reload()  # drawn where it was dropped (the frame refits the map to its new extent)
    moved = page.locator('.organise-map g.city[data-map-city="洛陽"] circle').bounding_box()
    assert moved["x"] + moved["width"] / 2 > x + 30


@pytest.mark.django_db(transaction=True)
def test_r1_1_the_organisers_pages_fit_a_phone_at_390_px(browser, live_server):
    """No organiser's page scrolls sideways at 390 px (the forms' rows wrap, the map shrinks)."""
    from seasons.services.organise import campaign_import
    from tests.e2e.season.organise import DEMO_WORLD

    user = organiser()
    slug = campaign_import(actor=user, text=DEMO_WORLD.read_bytes(), fmt="yaml", slug="phone-war").slug
    page = log_in(browser, live_server, "xunyu")
    page.set_viewport_size({"width": 390, "height": 844})
    wide = {}
    for path in ("/organise/", "/organise/new/", f"/c/{slug}/organise/", f"/c/{slug}/organise/settings/"):
        page.goto(f"{live_server.url}{path}")
        wide[path] = page.evaluate("document.documentElement.scrollWidth")
    page.goto(f"{live_server.url}/c/{slug}/organise/world/")
    wide["world"] = page.evaluate("document.documentElement.scrollWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "organise-world-phone.png"), full_page=True)
    page.set_input_files("#world-replace input[name=file]", str(DEMO_WORLD))
    page.click("#world-replace button")
    page.wait_for_selector("#world-save")
    wide["preview"] = page.evaluate("document.documentElement.scrollWidth")
    assert {path: width for path, width in wide.items() if width > 390} == {}


@pytest.mark.django_db(transaction=True)
def test_r1_3_a_kingdom_s_colour_field_is_wide_enough_to_see_and_click(browser, live_server):
    """The world page's colour fields (each kingdom's and the new kingdom's) show their colour as a
    swatch a finger can hit, at 1280 and 390 px: they were 2 px wide (the row's width rule, more
    specific than the colour's, squeezed them)."""
    from seasons.services.organise import campaign_import
    from tests.e2e.season.organise import DEMO_WORLD

    slug = campaign_import(actor=organiser(), text=DEMO_WORLD.read_bytes(), fmt="yaml", slug="colours").slug
    page = log_in(browser, live_server, "xunyu")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{live_server.url}/c/{slug}/organise/world/")
        sizes = page.eval_on_selector_all(
            "input[type=color]",
            "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])",
        )
        assert len(sizes) == 4  # 魏, 蜀, 吳 and the new kingdom's
        assert all(w >= 32 and h >= 24 for w, h in sizes), (width, sizes)
