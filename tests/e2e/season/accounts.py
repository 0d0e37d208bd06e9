"""The season's accounts segment: a new player signs up on the site's pages, their confirmation
mail is received by the real local SMTP server (tests/mailbox.py), the link in it is followed and
confirmed, and they end logged in."""

from playwright.sync_api import Browser, Page

from tests.mailbox import Mailbox, link_in


def sign_up(browser: Browser, live_server, smtp: Mailbox, username: str, email: str, password: str) -> Page:
    """A fresh browser (Traditional Chinese) through the sign-up page and the mailed link: returns
    its page, logged in as `username`, on the page the confirmation leads to (their campaign's
    dashboard, or the home page for a player who serves in none yet)."""
    page = browser.new_context(locale="zh-TW").new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.click("main button[type=submit]")
    page.wait_for_url("**/accounts/confirm-email/")  # "we have sent you a mail"
    link = link_in(smtp.wait_for(email), "/accounts/confirm-email/")
    page.goto(link)
    page.click("main button[type=submit]")  # the confirmation is a POST: no mail scanner confirms it
    page.wait_for_url(lambda url: "/confirm-email/" not in url)
    assert username in page.inner_text("header .who"), page.inner_text("body")
    return page
