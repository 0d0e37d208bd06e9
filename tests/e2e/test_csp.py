"""The Content-Security-Policy holds and the pages still work under it: htmx refreshes the
dashboard, countdowns tick, the language menu submits itself, and the browser reports no
violation (R2.6's presence and the dashboard's live values depend on these scripts)."""

import pytest

from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

WATCH_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


@pytest.mark.django_db(transaction=True)
def test_pages_work_under_the_content_security_policy(browser, live_server):
    world = make_world()
    page = log_in(browser, live_server, "guojia")
    page.add_init_script(WATCH_VIOLATIONS)
    console = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(f"{live_server.url}/c/{world.campaign.slug}/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-eval" not in policy and "frame-ancestors 'none'" in policy
    with page.expect_response(lambda r: r.url.endswith("/live/"), timeout=12_000):
        pass  # htmx's poll of the dashboard (every 5 s) runs under the policy
    page.select_option("select[name=language]", "en")  # the menu submits itself (site.js, no inline handler)
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate("window.__csp") == []
    assert not [text for text in console if "Content Security Policy" in text]


@pytest.mark.django_db(transaction=True)
def test_the_api_docs_work_under_the_content_security_policy(browser, live_server):
    """The interactive docs (/api/v1/docs, Swagger UI served by the site) draw every operation."""
    page = browser.new_context().new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{live_server.url}/api/v1/docs")
    page.wait_for_selector(".swagger-ui .opblock-tag", timeout=15_000)
    assert page.locator(".opblock").count() >= 20  # the reads and the acts
    assert "Chess-siege campaign manager" in page.inner_text(".swagger-ui .info")
    assert page.evaluate("window.__csp") == [], page.evaluate("window.__csp")
    assert not [text for text in console if "Content Security Policy" in text]
