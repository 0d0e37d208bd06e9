"""A game's page: its record replayed on a board, step by step; reporting a record (R11.3),
confirming or disputing a claim, the authority's result; the record as PGN."""

from datetime import timedelta

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign.errors import RuleViolation
from campaign.inputs import query_id
from campaign.pages import campaign_action, campaign_page, require_officer
from games.pgn import move_pairs
from play import lookups
from play.inputs import reported_start
from play.models import Game
from play.selectors.games import board_drawing, game_detail, game_pgn_text, games_page, notation
from play.services.live import side_of
from play.services.records import (
    colours,
    game_agree_off_hours,
    game_claim_answer,
    game_report,
    record_decode,
)

MAX_UPLOAD = 200_000


# R11.2: the colours as the reader says them (gettext_noop: translated when shown).
COLOUR_NAMES = {
    "red": gettext_noop("red"),
    "black": gettext_noop("black"),
    "white": gettext_noop("white"),
    "first": gettext_noop("first"),  # a hero tactics battle's sides (W1)
    "second": gettext_noop("second"),
}


@campaign_page
def games_list(request, campaign):
    """R11.6: every game kept with who played, which battle, when it started, handicap,
    restriction, result and how it was reached."""
    page = games_page(campaign=campaign, officer_id=query_id(request.GET, "officer"), page=request.GET.get("page"))
    return render(request, "battles/games.html", {"campaign": campaign, "page": page})


def low_time_ms(base: timedelta) -> int:
    """Below this a live clock shows its low-time warning: an eighth of the time per player,
    within 10 s and 60 s (lichess's measure; 60 s for the 15 minutes of R7 games)."""
    return int(min(60_000, max(10_000, base / timedelta(milliseconds=1) / 8)))


@campaign_page
def game_page(request, campaign, game_id):
    try:
        view = game_detail(game_id=game_id, campaign=campaign, viewer=request.officer, user=request.user)
    except Game.DoesNotExist:
        raise Http404 from None
    game = view.game
    ply = query_id(request.GET, "ply")
    ply = len(game.moves) if ply is None else min(len(game.moves), ply)
    # Decision: Chinese notation for readers of Chinese, WXF for everyone else; a link switches.
    default = "chinese" if request.LANGUAGE_CODE.startswith("zh") else "wxf"
    style = request.GET.get("notation", default)
    style = style if style in ("chinese", "wxf") else default
    live_side = side_of(game, request.officer) if request.officer else None
    side_colours = colours(game)
    # The replay alone (its board, steps and moves) for a page that asks for it in place: a step
    # by the arrow keys, or the live board turning into the replay when the game ends.
    in_place = request.htmx and not request.htmx.history_restore_request  # back and forward: the whole page
    response = render(
        request,
        "battles/_replay.html" if in_place else "battles/game.html",
        {
            "campaign": campaign,
            "game": game,
            "ply": ply,
            "style": style,
            "colours": {side: _(COLOUR_NAMES[colour]) for side, colour in side_colours.items()},
            "move_pairs": move_pairs(notation(game, style)),
            "svg": mark_safe(board_drawing(game, ply)),  # noqa: S308 - ours
            "player": view.player,
            "answers": view.answers,
            "reporter": game.attacker if game.reported_by_id == game.attacker_id else game.defender,
            "claim": game.claim_token(),
            "claim_due": view.claim_due,
            "claim_minutes": int(campaign.claim_window.total_seconds() // 60),
            "judge": view.judge,
            "live_side": live_side,
            "playable": view.playable,
            "black_view": live_side is not None and side_colours[live_side] == "black",  # black sees it turned
            "low_ms": low_time_ms(campaign.live_base),
        },
    )
    patch_vary_headers(response, ["HX-Request"])  # the replay alone and the whole page share a URL
    return response


@campaign_action
def game_report_view(request, campaign, game_id):
    actor = require_officer(request)
    game = lookups.game(campaign, game_id)
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_UPLOAD:
            raise RuleViolation("R11.3", _("A record may be at most %(n)d kB.") % {"n": MAX_UPLOAD // 1000})
        text = record_decode(upload.read())
    else:
        text = request.POST.get("record", "")
    started_at = reported_start(request.POST.get("started_at", ""), campaign)
    game = game_report(
        actor=actor, game=game, text=text, claimed=request.POST.get("claimed", ""), started_at=started_at
    )
    messages.success(request, _("The record is replayed; the opponent is asked to confirm the result (R11.3)."))
    return redirect("game", slug=campaign.slug, game_id=game.pk)


@campaign_action
def game_agree_view(request, campaign, game_id):
    actor = require_officer(request)
    game = lookups.game(campaign, game_id)
    game_agree_off_hours(actor=actor, game=game)
    messages.success(request, _("Your agreement to play outside the hours of war is recorded (R7.4)."))
    return redirect("game", slug=campaign.slug, game_id=game.pk)


@campaign_action
def game_claim_view(request, campaign, game_id):
    actor = require_officer(request)
    game = lookups.game(campaign, game_id)
    game_claim_answer(
        actor=actor, game=game, confirm=request.POST.get("confirm") == "1", claim=request.POST.get("claim", "")
    )
    return redirect("game", slug=campaign.slug, game_id=game.pk)


@campaign_page
def game_pgn(request, campaign, game_id):
    game = lookups.game_with_players(campaign, game_id)
    if game.defender is None:  # called and not taken up (or cancelled so): no second player, no record
        raise Http404
    text = game_pgn_text(game, event=campaign.name)
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.pgn"'
    return response
