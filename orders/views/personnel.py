"""Personnel (§2): governors, moderators, promotions, ordered moves. Kings' pages: a campaign that
requires two-factor log-in sends a king without it to set it up first (`two_factor_page`)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed
from campaign.inputs import posted_int, posted_object
from campaign.models import Officer, Promotion
from campaign.pages import campaign_action, campaign_page, require_officer, two_factor_page
from cities.models import City
from forum.models import Board, BoardModerator
from orders.selectors.personnel import personnel_for
from orders.services import personnel


@login_required
@campaign_page
@two_factor_page
def personnel_page(request, campaign):
    officer = require_officer(request)
    view = personnel_for(officer=officer)
    if not view.is_king and not view.governed:
        raise NotAllowed("R2.4", _("Personnel is managed by the king and the governors."))
    return render(request, "orders/personnel.html", {"campaign": campaign, "officer": officer, "view": view})


def _done(request, campaign, text):
    messages.success(request, text)
    return redirect("personnel", slug=campaign.slug)


@campaign_action
@two_factor_page
def governor_appoint(request, campaign, city_id):
    actor = require_officer(request)
    city = get_object_or_404(City, pk=city_id, campaign=campaign)
    officer = None
    if request.POST.get("officer"):
        officer = posted_object(request.POST, "officer", Officer.objects.filter(campaign=campaign), "R2.4")
    personnel.governor_appoint(actor=actor, city=city, officer=officer)
    return _done(request, campaign, _("The governor of %(city)s is set.") % {"city": city.name})


@campaign_action
@two_factor_page
def moderator_appoint(request, campaign, board_id):
    actor = require_officer(request)
    board = get_object_or_404(Board, pk=board_id, campaign=campaign)
    officer = posted_object(request.POST, "officer", Officer.objects.filter(campaign=campaign), "R2.5")
    personnel.moderator_appoint(actor=actor, board=board, officer=officer)
    return _done(request, campaign, _("%(name)s moderates the board now.") % {"name": officer.name})


@campaign_action
@two_factor_page
def moderator_remove(request, campaign, moderator_id):
    actor = require_officer(request)
    moderator = get_object_or_404(
        BoardModerator.objects.select_related("board__city", "board__kingdom", "officer"),
        pk=moderator_id,
        board__campaign=campaign,
    )
    personnel.moderator_remove(actor=actor, moderator=moderator)
    return _done(request, campaign, _("%(name)s no longer moderates that board.") % {"name": moderator.officer.name})


@campaign_action
@two_factor_page
def promotion_recommend(request, campaign):
    actor = require_officer(request)
    officer = posted_object(request.POST, "officer", Officer.objects.filter(campaign=campaign), "R2.3")
    stars = posted_int(request.POST, "stars", "R1.5")
    promotion = personnel.promotion_recommend(
        actor=actor, officer=officer, stars=stars, title=request.POST.get("title", officer.title).strip()
    )
    if promotion.status == Promotion.Status.APPROVED:
        return _done(request, campaign, _("%(name)s now has %(stars)d stars.") % {"name": officer.name, "stars": stars})
    return _done(request, campaign, _("Recommendation sent to the king."))


@campaign_action
@two_factor_page
def promotion_decide(request, campaign, promotion_id):
    actor = require_officer(request)
    promotion = get_object_or_404(Promotion, pk=promotion_id, campaign=campaign)
    approve = request.POST.get("approve") == "1"
    personnel.promotion_decide(actor=actor, promotion=promotion, approve=approve)
    return _done(request, campaign, _("Promotion approved.") if approve else _("Promotion rejected."))
