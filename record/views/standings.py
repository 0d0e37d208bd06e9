"""The standings page (public, like the dashboard): the kingdoms ranked, the winner once the war
has ended, the merit table and one day of the chronicle; and the organisers' download of the
whole campaign as one archive."""

import tempfile
from datetime import date

from django.contrib.auth.decorators import login_required
from django.http import FileResponse
from django.shortcuts import render

from campaign.authority import is_organiser, require_organiser
from campaign.pages import campaign_page, two_factor_page
from record.selectors.chronicle import chronicle_day
from record.selectors.export import campaign_export
from record.selectors.standings import standings_page as standings_read

SPOOL_BYTES = 8 * 1024 * 1024  # an archive larger than this is spooled to disk, not kept in memory


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


@campaign_page
def standings_page(request, campaign):
    context = {
        "campaign": campaign,
        "view": standings_read(campaign=campaign),
        "chronicle": chronicle_day(campaign=campaign, day=_day(request.GET.get("day", ""))),
        "organiser": is_organiser(request.user, campaign),  # the next season and the archive
    }
    return render(request, "record/standings.html", context)


@login_required
@campaign_page
@two_factor_page
def export_download(request, campaign):
    require_organiser(request.user, campaign)
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    campaign_export(campaign, spool, reader=request.user)
    spool.seek(0)
    return FileResponse(spool, as_attachment=True, filename=f"{campaign.slug}.zip", content_type="application/zip")
