"""An officer's private iCalendar feed of the instants the war has set for them, at the address
that carries their feed secret (the same secret as their board feeds: one "new address" retires
both). Built with icalendar."""

from django.http import HttpResponse, HttpResponseForbidden
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from icalendar import Calendar, Event

from campaign import clock
from campaign.lookups import feed_reader_by_slug
from record.selectors.calendar import officer_calendar


@require_safe
def calendar_feed(request, slug: str, token: str) -> HttpResponse:
    officer = feed_reader_by_slug(slug, token)
    if officer is None:
        return HttpResponseForbidden(
            _("This feed address is no longer valid: its officer made a new one."),
            content_type="text/plain; charset=utf-8",
        )
    calendar = Calendar()
    calendar.add("prodid", "-//chess-siege//officer calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{officer.name} · {officer.campaign.name}")
    now, host = clock.now(), request.get_host().split(":")[0]
    for item in officer_calendar(officer=officer):
        event = Event()
        event.add("uid", f"{officer.campaign.slug}-{item.uid}@{host}")
        event.add("dtstamp", now)
        event.add("dtstart", item.start)
        event.add("summary", item.summary)
        event.add("url", request.build_absolute_uri(item.path))
        calendar.add_component(event)
    return HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
