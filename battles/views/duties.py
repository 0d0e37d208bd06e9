"""My duties (待辦): what waits on the officer now, most urgent first, each with its
deadline and a link to where it is done; below, the officer's devices with notifications on."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from battles.selectors.duties import officer_duties
from campaign import clock
from campaign.pages import campaign_page, require_officer
from delivery.selectors.push import push_devices


@login_required
@campaign_page
def duties_page(request, campaign):
    officer = require_officer(request)
    duties = officer_duties(officer=officer, now=clock.now())
    request.duties = duties  # the navigation's count reads these instead of asking again
    push = push_devices(officer_id=officer.pk)  # the devices with notifications on (Web Push)
    return render(request, "battles/duties.html", {"campaign": campaign, "duties": duties, "push": push})
