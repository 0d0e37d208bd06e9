"""The joining segment of the season in a browser: the king makes invitation links on the kingdom's
page, new users follow them (or apply with a message on the join page), and the king admits each with
a name, stars, kind and starting city; they then stand on the kingdom's roster. Only the pages are
driven (the king and the users are logged in by the caller)."""

from dataclasses import dataclass
from urllib.parse import urlsplit

from tests.e2e.conftest import log_in


def _base(page) -> str:
    parts = urlsplit(page.url)
    return f"{parts.scheme}://{parts.netloc}"


def make_invitation(page, kingdom, uses: int = 1, days: int = 7) -> str:
    """On the kingdom's page (`kingdom`: the Kingdom), the king makes a link; the link shown once."""
    page.goto(f"{_base(page)}/c/{kingdom.campaign.slug}/kingdoms/{kingdom.pk}/")
    page.fill("#invitations input[name=days]", str(days))
    page.fill("#invitations input[name=uses]", str(uses))
    page.click("#invitations form button")
    return page.inner_text("#new-invitation").strip()


def follow_invitation(page, url: str) -> None:
    """A logged-in user opens the link and accepts it: their application waits on the join page."""
    page.goto(url)
    page.click("form[action$='/follow/'] button")
    page.wait_for_selector("#application")


def apply(page, slug: str, kingdom: str, message: str) -> None:
    """A logged-in user applies on the join page to the kingdom of that name, with a message."""
    page.goto(f"{_base(page)}/c/{slug}/join/")
    page.select_option("select[name=kingdom]", label=kingdom)
    page.fill("textarea[name=message]", message)
    page.click("form[action$='/join/apply/'] button")
    page.wait_for_selector("#application")


def admit(page, applicant: str, name: str, stars: int, kind: str, city: str, title: str = "") -> None:
    """On the kingdom's page (open in the king's `page`), the applicant of that username is admitted
    with the officer's name, stars, kind (general, administrator, historian, strategist) and city."""
    form = page.locator(f".application[data-applicant='{applicant}'] form.admit")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=stars]").fill(str(stars))
    form.locator("select[name=kind]").select_option(kind)
    form.locator("input[name=title]").fill(title)
    form.locator("select[name=city]").select_option(label=city)
    form.locator("button").click()
    page.wait_for_selector(f"#roster a:text-is('{name}')")


@dataclass(frozen=True)
class Admission:
    username: str
    name: str
    stars: int
    kind: str
    city: str


def joining_segment(browser, live_server, *, kingdom, king: str, invited: list, applicant, message: str) -> None:
    """The whole segment: `king` (a username) makes one link per invited Admission, each invited user
    follows theirs, `applicant` (an Admission) applies with `message`, and the king admits them all.
    Every user is logged in with the demo password (ops.demo.DEMO_PASSWORD)."""
    king_page = log_in(browser, live_server, king)
    links = [make_invitation(king_page, kingdom) for _ in invited]
    for admission, link in zip(invited, links, strict=True):
        follow_invitation(log_in(browser, live_server, admission.username), link)
    apply(log_in(browser, live_server, applicant.username), kingdom.campaign.slug, kingdom.name, message)
    king_page.goto(f"{live_server.url}/c/{kingdom.campaign.slug}/kingdoms/{kingdom.pk}/")
    for admission in [*invited, applicant]:
        admit(king_page, admission.username, admission.name, admission.stars, admission.kind, admission.city)
