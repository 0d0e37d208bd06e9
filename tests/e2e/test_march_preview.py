"""R4.5 in a real browser: on the War page the king chooses the origin, the target and
the members, and the form shows the route and how long the march takes as they change (htmx,
the page is not reloaded), before the army is sent."""

import pytest

from battles.models import Army
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
FAR = "長安 → 漢中 → 成都 → 江州 → 永安 → 江陵"


@pytest.mark.django_db(transaction=True)
def test_r4_5_the_march_form_previews_the_route_without_a_reload(browser, live_server):
    world = make_world()
    page = log_in(browser, live_server, "caocao")
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/war/")
    page.evaluate("window.notReloaded = true")
    page.select_option("#march-fields select[name=origin]", str(world.city("長安").pk))
    page.wait_for_selector(f"#march-fields input[name=member][value='{world['徐晃'].pk}']")
    page.select_option("#march-fields select[name=target]", str(world.city("江陵").pk))
    page.wait_for_selector(f"#march-preview:has-text('{FAR}')")
    assert "1 小時 40 分" in page.inner_text("#march-preview")
    page.check(f"#march-fields input[name=member][value='{world['徐晃'].pk}']")
    page.wait_for_selector("#march-preview:has-text('已選 1 人')")
    assert page.evaluate("window.notReloaded") is True, "the page was not reloaded"
    page.click("#march-fields ~ button[data-once]")
    page.wait_for_selector(".messages")
    army = Army.objects.get()
    assert army.route == [world.city(name).pk for name in FAR.split(" → ")]
