"""A friendly game's page under /room/games/<id>/ (anyone may watch; its socket says when to
fetch the board again), its players' forms (a move, resignation, a draw offered, accepted or
declined, a claim: each through the services, CSRF-checked, a refusal shown naming its clause)
and its record's download."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.errors import NotAllowed, RuleViolation
from campaign.pages import forbidden
from friendly.lookups import friendly_game
from friendly.selectors import friendly_record, friendly_view
from friendly.services.clock import friendly_settled
from friendly.services.play import friendly_claim, friendly_draw, friendly_move, friendly_resign


@require_http_methods(["GET", "HEAD"])
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    view = friendly_view(friendly_settled(friendly_game(game_id)), request.user)
    template = "friendly/_board.html" if request.headers.get("HX-Request") else "friendly/game.html"
    return render(request, template, view)


def _ply(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


@login_required
@require_POST
def game_act(request: HttpRequest, game_id: int) -> HttpResponse:
    game_id = friendly_game(game_id).pk  # 404 for an unknown game
    user, form = request.user, request.POST
    move, ply = form.get("move", form.get("action", "")), _ply(form.get("ply", ""))
    acts = {
        "move": lambda: friendly_move(user=user, game_id=game_id, move=move, ply=ply),
        "resign": lambda: friendly_resign(user=user, game_id=game_id),
        "draw": lambda: friendly_draw(user=user, game_id=game_id),
        "no_draw": lambda: friendly_draw(user=user, game_id=game_id, offer=False),
        "claim": lambda: friendly_claim(user=user, game_id=game_id),
    }
    act = acts.get(form.get("act", ""))
    try:
        if act is None:
            raise RuleViolation("R11.3", _("Unknown action."))
        act()
    except NotAllowed as exc:
        return forbidden(request, exc)
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
    return redirect("friendly-game", game_id=game_id)


@require_http_methods(["GET", "HEAD"])
def game_record(request: HttpRequest, game_id: int) -> HttpResponse:
    name, text = friendly_record(friendly_settled(friendly_game(game_id)))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
