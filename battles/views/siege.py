"""The siege page and its forms: calls, answers, results, the roster, retreat, retreat money."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from battles import lookups
from battles.inputs import organisation_from
from battles.models import Siege
from battles.models.sieges import DefenceRank
from battles.selectors.siege import siege_detail, wall_chart_points
from battles.services import prisoners as prisoner_services
from battles.services import retreat as retreat_services
from battles.services import siege as siege_services
from campaign import clock
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_ids, posted_object
from campaign.pages import campaign_action, campaign_page, require_officer
from campaign.rules.clock import in_war_hours


@campaign_page
def siege_page(request, campaign, siege_id):
    view = siege_detail(siege_id=siege_id, campaign=campaign, viewer=request.officer, user=request.user)
    flags = view.flags
    assert flags is not None  # siege_detail sets the flags when given a user
    context = {
        "campaign": campaign,
        "view": view,
        "chart": wall_chart_points(view),
        "active": view.siege.status == Siege.Status.ACTIVE,
        "commanded": flags.commanded,
        "arranges": flags.arranges,
        "defending": flags.defending,
        "judge": bool(flags.judged),
        "judged": flags.judged,
        "besieging_king": flags.besieging_king,
        "night": not in_war_hours(clock.now(), campaign.zone, campaign.war_start_minute, campaign.war_end_minute),
        "defence_ranks": DefenceRank.choices,
    }
    return render(request, "battles/siege.html", context)


def _done(request, campaign, siege_id, text):
    messages.success(request, text)
    return redirect("siege", slug=campaign.slug, siege_id=siege_id)


@campaign_action
def call_new(request, campaign, siege_id):
    actor = require_officer(request)
    army = posted_object(request.POST, "army", lookups.armies_at(campaign, siege_id), "R6.1")
    attacker = posted_object(request.POST, "attacker", campaign_lookups.officers(campaign), "R6.1")
    siege_services.siege_call(actor=actor, army=army, attacker=attacker, off_hours=request.POST.get("off_hours") == "1")
    return _done(request, campaign, siege_id, _("Siege call posted."))


@campaign_action
def call_answer(request, campaign, siege_id, game_id):
    actor = require_officer(request)
    game = lookups.siege_game(campaign, siege_id, game_id)
    defender = posted_object(request.POST, "defender", campaign_lookups.officers(campaign), "R6.3")
    siege_services.siege_call_answer(
        actor=actor, game=game, defender=defender, off_hours=request.POST.get("off_hours") == "1"
    )
    return _done(request, campaign, siege_id, _("The call is taken up."))


@campaign_action
def roster_edit(request, campaign, siege_id):
    actor = require_officer(request)
    siege = lookups.siege_with_city(campaign, siege_id)
    roster = organisation_from(request.POST, campaign_lookups.officers(campaign), "R6.3")
    siege_services.roster_set(actor=actor, siege=siege, roster=roster)
    return _done(request, campaign, siege_id, _("Roster saved."))


@campaign_action
def retreat(request, campaign, siege_id):
    actor = require_officer(request)
    army = posted_object(request.POST, "army", lookups.armies_at(campaign, siege_id), "R8.1")
    rearguard = list(campaign_lookups.officers(campaign).filter(pk__in=posted_ids(request.POST, "rearguard", "R8.1")))
    retreat_services.army_retreat(actor=actor, army=army, rearguard=rearguard)
    return _done(request, campaign, siege_id, _("The army retreats."))


@campaign_action
def retreat_money(request, campaign, siege_id):
    actor = require_officer(request)
    siege = lookups.siege_with_city(campaign, siege_id)
    if request.POST.get("ransom"):
        ransom = posted_object(request.POST, "ransom", lookups.ransoms_at(siege), "R10.1")
        prisoner_services.retreat_money_confirm(actor=actor, ransom=ransom)
        return _done(request, campaign, siege_id, _("Retreat money confirmed."))
    prisoner_services.retreat_money_offer(actor=actor, siege=siege)
    return _done(request, campaign, siege_id, _("Retreat money offered; the besieging king confirms it."))
