"""The installable site in a real browser (Chromium): the service worker registers with the
whole site as its scope, Chromium's own installability check finds nothing wrong with the
manifest, a page asked for when the server is gone shows the offline page, and a notification
click, driven through the service worker, opens the duty's page."""

from functools import partial

import pytest
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from delivery.services.push import push_subscription_create
from tests.e2e.conftest import CHROMIUM
from tests.push_keys import DeviceKeys
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.fixture
def site(transactional_db):
    """The site served by daphne in a child process (as the asgi_server fixture), which the test
    may stop: the server gone."""
    from channels.testing.live import make_application
    from daphne.testing import DaphneProcess

    process = DaphneProcess("localhost", partial(make_application, static_wrapper=ASGIStaticFilesHandler))
    process.start()
    assert process.ready.wait(timeout=20), "daphne did not start"
    server = type("Server", (), {"url": f"http://localhost:{process.port.value}", "process": process})()
    yield server
    if process.is_alive():
        process.terminate()
        process.join(timeout=10)


def installable_browser(browser, profile):
    """Chromium with a profile of its own: a browser's usual contexts are incognito ones, where
    nothing can be installed (its check says `in-incognito`)."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, locale="zh-TW", args=["--no-sandbox", "--disable-gpu"]
    )
    return context


def test_the_site_installs_works_offline_and_a_notification_opens_the_duty(browser, site, tmp_path):
    from ops.demo import DEMO_PASSWORD

    world = make_world()
    slug = world.campaign.slug
    context = installable_browser(browser, tmp_path / "profile")
    context.grant_permissions(["notifications"], origin=site.url)
    page = context.new_page()
    page.goto(f"{site.url}/accounts/login/")
    page.fill("input[name=login]", "weiyan")
    page.fill("input[name=password]", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(f"{site.url}/c/{slug}/duties/")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{site.url}/"
    page.reload()  # now controlled by the worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"], manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors

    (worker,) = page.context.service_workers
    path = f"/c/{slug}/sieges/1/"
    worker.evaluate(
        """async (path) => {
            await self.registration.showNotification("象棋攻城", {body: "攻城叫陣", tag: "t", data: {path}});
            const [notification] = await self.registration.getNotifications({tag: "t"});
            self.dispatchEvent(new NotificationEvent("notificationclick", {notification}));
        }""",
        path,
    )
    page.wait_for_url(f"{site.url}{path}")

    # The duties page with a device listed, on a phone (390 px): nothing scrolls sideways.
    keys, officer = DeviceKeys(), world["魏延"]
    push_subscription_create(
        actor=officer,
        officer=officer,
        endpoint="https://8.8.8.8/push/" + "x" * 300,
        p256dh=keys.p256dh,
        auth=keys.auth,
        name="魏延的手機" * 6,
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site.url}/c/{slug}/duties/")
    assert page.locator("#devices li[data-endpoint]").count() == 1 and page.is_visible("[data-push-subscribe]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "duties-phone.png"), full_page=True)

    site.process.terminate()
    site.process.join(timeout=10)
    page.goto(f"{site.url}/c/{slug}/")
    assert page.locator("main#offline h1").count() == 1, "the site's offline page, not the browser's error"
    context.close()
