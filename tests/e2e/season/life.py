"""The organiser's segment of the season's browser journey: the season page
(/c/<slug>/organise/season/) drives a campaign's life (R1.1). Each function takes the
organiser's logged-in `page`, drives only the page's forms (found by their actions, so that
they work in either language) and checks what the page then says."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo


def season_url(live_server, slug: str) -> str:
    return f"{live_server.url}/c/{slug}/organise/season/"


def _submit(page, live_server, slug: str, action: str) -> None:
    page.goto(season_url(live_server, slug))
    page.click(f"form[action$='/organise/season/{action}/'] button")
    page.wait_for_load_state()


def season_state(page) -> str:
    """The state the season page shows (draft, enrolment, war or ended)."""
    return page.get_attribute("#season-state [data-status]", "data-status") or ""


def season_war_start(browser, live_server, page, slug: str, at: datetime, zone: ZoneInfo) -> None:
    """Set the instant the war starts (typed in the campaign's zone, to the minute)."""
    page.goto(season_url(live_server, slug))
    page.fill("form[action$='/organise/season/start/'] input[name=at]", at.astimezone(zone).strftime("%Y-%m-%dT%H:%M"))
    page.click("form[action$='/organise/season/start/'] button")
    page.wait_for_load_state()
    assert page.inner_text("#starts-at") == at.astimezone(zone).strftime("%Y-%m-%d %H:%M")


def season_war_started(traveller, at: datetime) -> None:
    """What a worker does at the start instant (not a page): the clock moved past it and the due
    timers applied, so the next segment finds the war begun."""
    from campaign.timers import timers_sweep

    traveller.move_to(at + timedelta(seconds=1))
    timers_sweep()


def season_war_pause(browser, live_server, page, slug: str) -> None:
    """Pause the war (no planned end): every page's header says it is paused."""
    _submit(page, live_server, slug, "pause")
    assert page.locator("[data-season=paused]").count() == 1
    assert page.locator("form[action$='/organise/season/resume/']").count() == 1


def season_war_resume(browser, live_server, page, slug: str) -> None:
    """Resume the war: the header no longer says it is paused."""
    _submit(page, live_server, slug, "resume")
    assert page.locator("[data-season=paused]").count() == 0
    assert season_state(page) == "war"


def season_war_end(browser, live_server, page, slug: str) -> str:
    """End the war now, through the confirmation step; returns the winner the page names."""
    page.goto(season_url(live_server, slug))
    page.click("details.danger summary")
    page.check("form[action$='/organise/season/end/'] input[name=confirm]")
    page.click("form[action$='/organise/season/end/'] button")
    page.wait_for_load_state()
    assert season_state(page) == "ended"
    assert page.locator("[data-season=ended]").count() == 1
    return page.inner_text("#winner")
