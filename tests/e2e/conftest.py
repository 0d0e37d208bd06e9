"""Headless Chromium (Debian's package) driven by Playwright against the live test server."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made here by the
# test itself (setting up data through services) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


# Package scope: Playwright's loop stops with the last browser test, so that the tests after
# tests/e2e (in the same pytest process) can use async_to_sync again.
@pytest.fixture(scope="package")
def browser():
    if not CHROMIUM:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing in CI: .ci/run must install Debian's chromium package")
        pytest.skip("Chromium is not installed (apt-get install chromium); browser tests need it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _pages_closed_after_each_test(request):
    """Every page a test opened is closed when it ends: a page left open goes on refreshing its
    dashboard and reconnecting its websockets against servers that belong to finished tests."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


def log_in(browser, live_server, username: str):
    """A fresh browser context logged in as a demo user (password: ops.demo.DEMO_PASSWORD)."""
    from ops.demo import DEMO_PASSWORD

    page = browser.new_context(locale="zh-TW").new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", username)  # allauth's field: a username or an address
    page.fill("input[name=password]", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)  # lands on their campaign
    return page
