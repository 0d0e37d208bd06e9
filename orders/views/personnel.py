"""Personnel (§2): governors, moderators, promotions, ordered moves. Kings' pages: a campaign that
requires two-factor log-in sends a king without it to set it up first (`two_factor_page`)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign import lookups as campaign_lookups
from campaign.errors import NotAllowed
from campaign.inputs import posted_int, posted_object
from campaign.models import Promotion
from campaign.pages import campaign_action, campaign_page, require_officer, two_factor_page
from forum import lookups as forum_lookups
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
    city = campaign_lookups.city(campaign, city_id)
    officer = None
    if request.POST.get("officer"):
        officer = posted_object(request.POST, "officer", campaign_lookups.officers(campaign), "R2.4")
    confirmed = request.POST.get("confirm_vacate") == "yes"
    try:
        personnel.governor_appoint(actor=actor, city=city, officer=officer, confirm_vacate=confirmed)
    except personnel.VacateUnconfirmed as asked:
        context = {"campaign": campaign, "city": city, "officer": officer, "vacated": asked.vacated, "asked": asked}
        return render(request, "orders/governor_vacate.html", context, status=409)
    return _done(request, campaign, _("The governor of %(city)s is set.") % {"city": city.name})


@campaign_action
@two_factor_page
def moderator_appoint(request, campaign, board_id):
    actor = require_officer(request)
    board = forum_lookups.board(campaign, board_id)
    officer = posted_object(request.POST, "officer", campaign_lookups.officers(campaign), "R2.5")
    personnel.moderator_appoint(actor=actor, board=board, officer=officer)
    return _done(request, campaign, _("%(name)s moderates the board now.") % {"name": officer.name})


@campaign_action
@two_factor_page
def moderator_remove(request, campaign, moderator_id):
    actor = require_officer(request)
    moderator = forum_lookups.moderator(campaign, moderator_id)
    personnel.moderator_remove(actor=actor, moderator=moderator)
    return _done(request, campaign, _("%(name)s no longer moderates that board.") % {"name": moderator.officer.name})


@campaign_action
@two_factor_page
def promotion_recommend(request, campaign):
    actor = require_officer(request)
    officer = posted_object(request.POST, "officer", campaign_lookups.officers(campaign), "R2.3")
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
    promotion = campaign_lookups.promotion(campaign, promotion_id)
    approve = request.POST.get("approve") == "1"
    personnel.promotion_decide(actor=actor, promotion=promotion, approve=approve)
    return _done(request, campaign, _("Promotion approved.") if approve else _("Promotion rejected."))
