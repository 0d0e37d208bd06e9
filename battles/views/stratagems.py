"""Stratagems (§9): the challenge form, answers, and the dark-chess board (R11.7)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from battles import lookups
from battles.models import BanqiGame, Stratagem
from battles.selectors.stratagems import banqi_view, stratagems_for
from battles.services import stratagems as services
from campaign import clock
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object
from campaign.pages import campaign_action, campaign_page, require_officer


@login_required
@campaign_page
def stratagems_page(request, campaign):
    officer = require_officer(request)
    now = clock.now()
    view = stratagems_for(officer=officer, campaign=campaign, now=now)
    return render(
        request,
        "battles/stratagems.html",
        {
            "campaign": campaign,
            "officer": officer,
            "targets": view.targets,
            "stratagems": view.stratagems,
            "now": now,
            "generals": view.generals,
            "civil": view.civil,
            "kinds": Stratagem.Kind.choices,
            "may_scheme": view.may_scheme,
        },
    )


@campaign_action
def stratagem_new(request, campaign):
    actor = require_officer(request)
    target = posted_object(request.POST, "target", campaign_lookups.officers(campaign), "R9.1")
    beneficiary = None
    if request.POST.get("beneficiary"):
        beneficiary = posted_object(request.POST, "beneficiary", campaign_lookups.officers(campaign), "R9.2")
    services.stratagem_challenge(actor=actor, target=target, kind=request.POST.get("kind", ""), beneficiary=beneficiary)
    messages.success(request, _("The challenge is posted; the general has 10 minutes to take it."))
    return redirect("stratagems", slug=campaign.slug)


@campaign_action
def stratagem_answer(request, campaign, stratagem_id):
    actor = require_officer(request)
    stratagem = lookups.stratagem(campaign, stratagem_id)
    if request.POST.get("substitute"):
        substitute = posted_object(request.POST, "substitute", campaign_lookups.officers(campaign), "R9.3")
        services.stratagem_name_substitute(actor=actor, stratagem=stratagem, substitute=substitute)
        return redirect("stratagems", slug=campaign.slug)
    stratagem = services.stratagem_accept(actor=actor, stratagem=stratagem)
    return redirect("banqi", slug=campaign.slug, game_id=stratagem.banqi_id)


@campaign_page
def banqi_page(request, campaign, game_id):
    try:
        view = banqi_view(game_id=game_id, campaign=campaign, viewer=request.officer)
    except BanqiGame.DoesNotExist:
        raise Http404 from None
    context = {"campaign": campaign, **vars(view)}
    template = "battles/_banqi_board.html" if request.htmx else "battles/banqi.html"
    return render(request, template, context)


@campaign_action
def banqi_action(request, campaign, game_id):
    actor = require_officer(request)
    game = lookups.banqi_game(campaign, game_id)
    services.banqi_act(actor=actor, game=game, action=request.POST.get("action", "").strip())
    return redirect("banqi", slug=campaign.slug, game_id=game.pk)
