"""The operators' page: is the sweeper alive, what is overdue, what was set aside (R7.5)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign import clock
from campaign.pages import outside_zone
from campaign.timers import timer_retry, timers_sweep
from ops.health import health
from ops.selectors import operations


def _operator(request) -> None:
    """Site operators only: anyone else logged in gets 403 (R2: every action checks who)."""
    if not request.user.is_superuser:
        raise PermissionDenied(_("Only site operators see this page."))


@login_required
@require_safe
def ops_page(request):
    _operator(request)
    # Times in the reader's chosen zone, else their campaign's (or the first), like every campaign page.
    timezone.activate(outside_zone(request))
    try:
        return render(
            request,
            "ops/ops.html",
            {"ops": operations(now=clock.now(), sweep_seconds=settings.TIMER_SWEEP_SECONDS)},  # footer shows the zone
        )
    finally:
        timezone.deactivate()


@login_required
@require_POST
def ops_apply_due(request):
    _operator(request)
    applied = timers_sweep()
    messages.success(request, _("Applied %(n)d due items.") % {"n": applied})
    return redirect("ops")


@login_required
@require_POST
def ops_retry(request, timer_id: int):
    _operator(request)
    if timer_retry(timer_id=timer_id):
        messages.success(request, _("Put back in line."))
    return redirect("ops")


@require_safe
def healthz(request):
    """For load balancers and supervisors: 200 when the site keeps its clock, else 503, with
    each check's state (nothing secret: which part is down)."""
    report = health(now=clock.now())
    body = {"ok": report.ok, "checks": report.checks, "workers": len(report.workers)}
    return JsonResponse(body, status=200 if report.ok else 503)
