"""The organisers' segment of a season: an organiser makes a campaign by uploading the demo's
world file under a new address, sees the preview (the map of its 12 cities, nothing saved yet),
saves it, and changes two rule settings on the settings page. Only the pages are driven."""

import tempfile
from pathlib import Path

from tests.e2e.conftest import log_in
from tests.seasons.world_files import site_example

# The demo's world file without its officers: a file uploaded on the site names no other player's
# account and makes none (players join through invitations).
DEMO_WORLD = Path(tempfile.gettempdir()) / "demo-world-for-the-site.yaml"
DEMO_WORLD.write_bytes(site_example())


def organise_from_demo_file(browser, live_server, username: str, slug: str = "second-war") -> str:
    """The campaign's address once saved (a draft organised by `username`, whom a site admin let
    organise campaigns); its travel time is then 25 minutes and 4 officers may pursue."""
    page = log_in(browser, live_server, username)
    page.goto(f"{live_server.url}/organise/")
    page.click("#organise-new")
    page.set_input_files("#world-upload input[name=file]", str(DEMO_WORLD))
    page.fill("#world-upload input[name=slug]", slug)
    page.click("#world-upload button")
    page.wait_for_selector("#world-save")
    assert page.locator(".organise-map g.city").count() == 12  # the preview's map
    assert "尚未儲存" in page.inner_text("main")  # nothing saved yet
    page.click("#world-save button")
    page.wait_for_url(f"**/c/{slug}/organise/")
    assert "草稿" in page.inner_text("#campaign-state")
    page.click(f"a[href='/c/{slug}/organise/settings/']")
    page.fill("#setting-travel_time", "25")
    page.fill("#setting-pursuers", "4")
    page.click("#settings-form > button")
    page.wait_for_selector(".messages li")
    assert "設定已儲存" in page.inner_text(".messages")
    assert page.input_value("#setting-travel_time") == "25" and page.input_value("#setting-pursuers") == "4"
    page.context.close()
    return slug
