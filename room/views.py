"""The game room's page and its forms: the open seeks, the friendly games in play and lately
decided, a seek opened, accepted or withdrawn, a named account challenged and a challenge
answered, a game against the computer started. Every form goes through the services
(room/services/, tactics/services/challenges.py, friendly/services/challenges.py,
bots/services/practice.py): an accepted board game opens its page; a refusal comes back as a
message naming its clause, and nothing changes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from bots.services.practice import practice_start
from campaign.errors import NotAllowed, RuleViolation
from campaign.pages import forbidden, outside_zone
from friendly.lookups import friendly_game
from friendly.rules import KINDS as BOARD_KINDS
from friendly.services.challenges import friendly_accept, friendly_cancel, friendly_challenge, friendly_decline
from room.inputs import board_settings, tactics_seats, tactics_settings
from room.lookups import seek
from room.selectors import open_seeks, room
from room.services.seeks import seek_accept, seek_open, seek_withdraw
from tactics.lookups import tactics_game
from tactics.services.challenges import tactics_accept, tactics_cancel, tactics_challenge, tactics_decline


@require_http_methods(["GET", "HEAD"])
def room_page(request: HttpRequest) -> HttpResponse:
    with timezone.override(outside_zone(request)):
        return render(request, "room/room.html", {"room": room(request.user), "times_shown": True})


@require_http_methods(["GET", "HEAD"])
def room_seeks(request: HttpRequest) -> HttpResponse:
    """The open seeks alone: what an open room page fetches when the socket says they changed."""
    with timezone.override(outside_zone(request)):
        return render(request, "room/_seeks.html", {"seeks": open_seeks(request.user)})


def _done(request: HttpRequest, act, success: str) -> HttpResponse:
    try:
        act()
    except NotAllowed as exc:
        return forbidden(request, exc)
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
    else:
        messages.success(request, success)
    return redirect("room")


@login_required
@require_POST
def seek_new(request: HttpRequest) -> HttpResponse:
    def act():
        kind = request.POST.get("kind", "")
        settings = board_settings(request.POST) if kind in BOARD_KINDS else tactics_settings(request.POST)
        seats = 1 if kind in BOARD_KINDS else tactics_seats(request.POST)
        seek_open(user=request.user, kind=kind, settings=settings, side=request.POST.get("side", ""), seats=seats)

    return _done(request, act, _("Your seek is open: the game starts when someone accepts it."))


@login_required
@require_POST
def seek_accept_view(request: HttpRequest, seek_id: int) -> HttpResponse:
    found = seek(seek_id)
    if found.kind in BOARD_KINDS:  # the game starts at once: its page
        try:
            accepted = seek_accept(user=request.user, seek_id=found.pk)
        except NotAllowed as exc:
            return forbidden(request, exc)
        except RuleViolation as exc:
            messages.error(request, exc.refusal_html)
            return redirect("room")
        return redirect("friendly-game", game_id=accepted.friendly_game_id)
    return _done(
        request, lambda: seek_accept(user=request.user, seek_id=found.pk), _("Seek accepted: pick your heroes.")
    )


@login_required
@require_POST
def seek_withdraw_view(request: HttpRequest, seek_id: int) -> HttpResponse:
    return _done(request, lambda: seek_withdraw(user=request.user, seek_id=seek(seek_id).pk), _("Seek withdrawn."))


@login_required
@require_POST
def challenge_new(request: HttpRequest) -> HttpResponse:
    kind, opponent, side = (
        request.POST.get("kind", "tactics"),
        request.POST.get("opponent", "")[:150],
        request.POST.get("side", ""),
    )

    def act():
        if kind in BOARD_KINDS:
            settings = board_settings(request.POST)
            friendly_challenge(user=request.user, opponent_name=opponent, kind=kind, settings=settings, side=side)
        else:
            tactics_challenge(
                user=request.user,
                opponent_name=opponent,
                settings=tactics_settings(request.POST),
                side=side,
                seats=tactics_seats(request.POST),
            )

    return _done(request, act, _("Challenge sent: the game starts when it is accepted."))


@login_required
@require_POST
def challenge_answer(request: HttpRequest, game_id: int, answer: str) -> HttpResponse:
    acts = {
        "accept": (tactics_accept, _("Challenge accepted: pick your heroes.")),
        "decline": (tactics_decline, _("Challenge declined.")),
        "withdraw": (tactics_cancel, _("Challenge withdrawn.")),
    }
    service, success = acts[answer]
    game_id = tactics_game(game_id).pk  # 404 for an unknown game
    return _done(request, lambda: service(user=request.user, game_id=game_id), success)


@login_required
@require_POST
def computer_new(request: HttpRequest) -> HttpResponse:
    """A game against the computer at the level chosen, of the kind chosen (hero tactics, xiangqi
    or chess: bots/services/practice.py): its page, where the computer's answer arrives; a
    refusal, back to the room with its clause."""
    kind = request.POST.get("kind", "tactics")[:16]
    try:
        game = practice_start(
            user=request.user,
            level=request.POST.get("level", "")[:16],
            settings=board_settings(request.POST) if kind in BOARD_KINDS else tactics_settings(request.POST),
            side=request.POST.get("side", ""),
            kind=kind,
        )
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
        return redirect("room")
    if kind in BOARD_KINDS:
        messages.success(request, _("The computer has your challenge: it accepts in a moment and the clocks start."))
        return redirect("friendly-game", game_id=game.pk)
    messages.success(request, _("The computer has your challenge: it accepts in a moment, then pick your heroes."))
    return redirect("tactics:game", game.pk)


@login_required
@require_POST
def board_challenge_answer(request: HttpRequest, game_id: int, answer: str) -> HttpResponse:
    """A xiangqi, chess or dark chess challenge answered (accepted: the game's page) or withdrawn."""
    game_id = friendly_game(game_id).pk  # 404 for an unknown game
    if answer == "accept":
        try:
            friendly_accept(user=request.user, game_id=game_id)
        except NotAllowed as exc:
            return forbidden(request, exc)
        except RuleViolation as exc:
            messages.error(request, exc.refusal_html)
            return redirect("room")
        return redirect("friendly-game", game_id=game_id)
    service, success = {
        "decline": (friendly_decline, _("Challenge declined.")),
        "withdraw": (friendly_cancel, _("Challenge withdrawn.")),
    }[answer]
    return _done(request, lambda: service(user=request.user, game_id=game_id), success)
