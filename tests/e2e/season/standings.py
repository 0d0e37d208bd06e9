"""The season's last segment in a browser: the standings page names the winner, and an organiser
makes the next season from the campaign's page. Pages only: each helper drives a logged-in page
(its address tells the live server's) and reads what the reader sees."""

from urllib.parse import urlsplit


def _site(page) -> str:
    parts = urlsplit(page.url)
    return f"{parts.scheme}://{parts.netloc}"


def standings_winner(page, slug: str) -> str:
    """The winning kingdom the standings page names ("" when the war has not ended or ended in a tie)."""
    page.goto(f"{_site(page)}/c/{slug}/standings/")
    page.wait_for_selector("table[data-standings]")
    winner = page.query_selector("[data-winner]")
    return (winner.get_attribute("data-winner") or "") if winner else ""


def next_season(page, slug: str, name: str, new_slug: str, officers: bool) -> None:
    """An organiser makes the next season on its form; the site lands on the new campaign."""
    page.goto(f"{_site(page)}/c/{slug}/organise/next-season/")
    form = page.locator("form[data-next-season]")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=slug]").fill(new_slug)
    if officers:
        form.locator("input[name=officers]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"**/c/{new_slug}/**")
