"""The analysis after a game, alone: what the game page's analysis card asks for while the
engine works (htmx), and a page of its own without it."""

from django.http import Http404
from django.shortcuts import render

from analysis.selectors import analysis_read
from campaign.pages import campaign_page
from play.models import Game


@campaign_page
def game_analysis_page(request, campaign, game_id):
    try:
        game = analysis_read(game_id=game_id, campaign=campaign)
    except Game.DoesNotExist:
        raise Http404 from None
    default = "chinese" if request.LANGUAGE_CODE.startswith("zh") else "wxf"  # as the game page
    style = request.GET.get("notation", default)
    context = {"campaign": campaign, "game": game, "style": style if style in ("chinese", "wxf") else default}
    return render(request, "analysis/_analysis.html", context)
