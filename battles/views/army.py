"""An army's page: sortie against it (R4.6), its field battle (§5), its pursuit (R8.2),
reinforcements (R8.3), and the result form every kind of game shares."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from battles import lookups
from battles.inputs import officers_from
from battles.selectors.army import army_detail
from battles.selectors.march import reinforce_choice
from battles.services import field as field_services
from battles.services.pursuit import pursuit_declare
from battles.services.reinforce import reinforcement_send
from campaign.models import Officer
from campaign.pages import back, campaign_action, campaign_page, require_officer
from play import lookups as play_lookups
from play.models import Game
from play.services.results import game_result_enter


def _officers(request, name: str, campaign) -> list[Officer]:
    return officers_from(request.POST, name, campaign)


@campaign_page
def army_page(request, campaign, army_id):
    return _army(request, campaign, army_id, request.GET)


def _army(request, campaign, army_id, choice):
    """The army's page; its reinforcement form as `choice` (the query or the posted form) has it
    so far, with the column's route and arrival (the form's preview without JavaScript)."""
    view = army_detail(army_id=army_id, campaign=campaign, viewer=request.officer, user=request.user)
    army, flags = view.army, view.flags
    assert flags is not None  # army_detail sets the flags when given a user
    reinforce = reinforce_choice(viewer=request.officer, army=army, choice=choice)
    return render(
        request,
        "battles/army.html",
        {
            "campaign": campaign,
            "view": view,
            "army": army,
            "defence": flags.defence,
            "commands": flags.commands,
            "judged": flags.judged,
            "reinforce": reinforce,
        },
    )


def _to_army(campaign, army_id):
    return redirect("army", slug=campaign.slug, army_id=army_id)


@campaign_action
def sortie_new(request, campaign, army_id):
    actor = require_officer(request)
    army = lookups.army_only(campaign, army_id)
    field_services.field_sortie(actor=actor, army=army, officers=_officers(request, "officer", campaign))
    messages.success(request, _("The defenders go out to meet the army."))
    return _to_army(campaign, army_id)


@campaign_action
def battle_choose(request, campaign, army_id):
    actor = require_officer(request)
    battle = lookups.field_battle(campaign, army_id)
    field_services.field_battle_choose(actor=actor, battle=battle, officers=_officers(request, "officer", campaign))
    return _to_army(campaign, army_id)


@campaign_action
def battle_advance(request, campaign, army_id):
    actor = require_officer(request)
    battle = lookups.field_battle(campaign, army_id)
    field_services.field_battle_advance(actor=actor, battle=battle, advance=request.POST.get("advance") == "1")
    return _to_army(campaign, army_id)


@campaign_action
def pursuit_new(request, campaign, army_id):
    actor = require_officer(request)
    pursuit = lookups.pursuit(campaign, army_id)
    pursuit_declare(
        actor=actor,
        pursuit=pursuit,
        pursuers=_officers(request, "pursuer", campaign),
        opponents=_officers(request, "opponent", campaign),
    )
    return _to_army(campaign, army_id)


@campaign_action
def reinforce_new(request, campaign, army_id):
    actor = require_officer(request)
    if request.POST.get("preview"):  # the form's preview button: nothing is sent yet
        return _army(request, campaign, army_id, request.POST)
    army = lookups.army_only(campaign, army_id)
    column = reinforcement_send(actor=actor, army=army, officers=_officers(request, "member", campaign))
    messages.success(request, _("Reinforcements are on the way to %(city)s.") % {"city": column.target.name})
    return _to_army(campaign, army_id)


@campaign_page
def reinforce_preview(request, campaign, army_id):
    """The reinforcement form's fields and preview for what is chosen so far (htmx, no reload)."""
    army = lookups.army_only(campaign, army_id)
    form = reinforce_choice(viewer=request.officer, army=army, choice=request.GET)
    return render(request, "battles/_reinforce_fields.html", {"campaign": campaign, "army": army, "form": form})


@campaign_action
def result_enter(request, campaign, game_id):
    game = play_lookups.game(campaign, game_id)
    game_result_enter(
        user=request.user, game=game, result=request.POST.get("result", ""), note=request.POST.get("note", "")
    )
    messages.success(request, _("Result entered."))
    if game.kind == Game.Kind.SIEGE:
        fallback = reverse("siege", args=[campaign.slug, game.siege_id])
    else:  # a field battle's or a pursuit's game: its army's page
        fallback = reverse("army", args=[campaign.slug, game.army_id])
    return back(request, fallback)
