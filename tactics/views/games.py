"""The hero tactics games' pages (戰棋, docs/tactics.md "On the site"), for signed-in accounts:
an account's games and the challenge form; a game's page, which follows and plays the game over
its socket (tactics/consumers.py); the challenge's answers as forms (CSRF); the record as a
download and the replay's positions after the game. Every change goes through tactics/services."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from campaign.errors import NotAllowed, RuleViolation
from campaign.pages import forbidden
from tactics.board_reads import hero_catalogue, map_drawing, tactics_replay_positions
from tactics.lookups import tactics_game
from tactics.models import TacticsGame
from tactics.rules import CLOCK_DEFAULT
from tactics.selectors import tactics_games_of, tactics_record, tactics_team
from tactics.services.challenges import tactics_accept, tactics_cancel, tactics_challenge, tactics_decline
from tactics.services.clock import tactics_settled
from tactics.services.seats import tactics_join, tactics_unseat

OPEN = ("seating", "picking", "deploying", "playing")
OVER = ("decided", "declined", "cancelled")


@login_required
@require_GET
def games_list(request: HttpRequest) -> HttpResponse:
    """The account's games: challenges to answer, its own awaiting an answer, in play, over."""
    games = list(tactics_games_of(request.user)[:100])
    me = request.user.pk
    groups = {
        "to_me": [g for g in games if g.status == "challenged" and g.opponent_id == me],
        "mine": [g for g in games if g.status == "challenged" and g.challenger_id == me],
        "playing": [g for g in games if g.status in OPEN],
        "over": [g for g in games if g.status in OVER],
    }
    return render(request, "tactics/games.html", {"groups": groups, "clock": CLOCK_DEFAULT})


def _number(value: str | None, default: int) -> int | str | None:
    """A whole number from a form field (empty: the default); anything else is left for the
    service to refuse with its clause (T15)."""
    value = (value or "").strip()
    if not value:
        return default
    return int(value) if value.isascii() and value.isdigit() else value


def _challenge_settings(data) -> dict:
    """The form's settings as the service reads them (§T15), absent ones at their defaults."""
    minutes = _number(data.get("clock_minutes"), CLOCK_DEFAULT["initial_s"] // 60)
    return {
        "heroes_per_side": _number(data.get("heroes_per_side"), 3),
        "round_limit": _number(data.get("round_limit"), 30),
        "duplicates_across_sides": data.get("duplicates") != "no",
        "clock": {
            "initial_s": minutes * 60 if isinstance(minutes, int) else minutes,
            "increment_s": _number(data.get("increment_s"), CLOCK_DEFAULT["increment_s"]),
        },
    }


@login_required
@require_POST
def challenge(request: HttpRequest) -> HttpResponse:
    try:
        game = tactics_challenge(
            user=request.user,
            opponent_name=request.POST.get("opponent", ""),
            settings=_challenge_settings(request.POST),
            side=request.POST.get("side", "first"),
            seats=_number(request.POST.get("seats"), 1),
        )
    except RuleViolation as refused:
        messages.error(request, refused.refusal_html)
        return redirect("tactics:games")
    return redirect("tactics:game", game.pk)


def _answer(service, request: HttpRequest, game_id: int) -> HttpResponse:
    """A challenge's answer: refused to anyone but the account the rules name (403, T2.6); a
    challenge already answered is said on the game's page."""
    try:
        service(user=request.user, game_id=tactics_game(game_id).pk)
    except NotAllowed as refused:
        return forbidden(request, refused)
    except RuleViolation as refused:
        messages.error(request, refused.refusal_html)
    return redirect("tactics:game", game_id)


@login_required
@require_POST
def accept(request: HttpRequest, game_id: int) -> HttpResponse:
    return _answer(tactics_accept, request, game_id)


@login_required
@require_POST
def decline(request: HttpRequest, game_id: int) -> HttpResponse:
    return _answer(tactics_decline, request, game_id)


@login_required
@require_POST
def withdraw(request: HttpRequest, game_id: int) -> HttpResponse:
    return _answer(tactics_cancel, request, game_id)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    """An open seat of the side chosen, in a team game before its picks (T2.6)."""
    side = request.POST.get("side", "")
    return _answer(lambda **given: tactics_join(side=side, **given), request, game_id)


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """One's own seat left, or a captain's player unseated, before the picks (T2.6)."""
    player = request.POST.get("player", "")[:150]
    return _answer(lambda **given: tactics_unseat(player_name=player, **given), request, game_id)


@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page draws the game from what its socket sends (each reader's own view); here only
    what never changes: the players, the map, the heroes, the words of the page."""
    game = tactics_settled(tactics_game(game_id))
    context = {
        "game": game,
        "you": game.side_of(request.user.pk) or "",
        "drawing": map_drawing(game),
        "heroes": hero_catalogue(),
        "words": _words(),
        "answerable": game.status == TacticsGame.Status.CHALLENGED,
        "team": tactics_team(game) if game.seats > 1 else None,
        "seating": game.status in (TacticsGame.Status.CHALLENGED, TacticsGame.Status.SEATING),
    }
    return render(request, "tactics/game.html", context)


@login_required
@require_GET
def record(request: HttpRequest, game_id: int) -> HttpResponse:
    """The record (sanguo-tactics/1), with the seed once the game has ended (T18.1, T18.2)."""
    found = tactics_record(tactics_settled(tactics_game(game_id)))
    response = HttpResponse(json.dumps(found, ensure_ascii=False, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="tactics-{game_id}.json"'
    return response


@login_required
@require_GET
def replay(request: HttpRequest, game_id: int) -> JsonResponse:
    """The positions of a decided game, step by step (none while it is played)."""
    return JsonResponse({"positions": tactics_replay_positions(tactics_game(game_id))})


def _words() -> dict:
    """What the page's script writes, in the reader's language."""
    return {
        "first": _("first (先手)"),
        "second": _("second (後手)"),
        "to_act": _("to act: %(side)s"),
        "round": _("round %(round)s"),
        "weather": {"sunny": _("sunny (晴)"), "overcast": _("overcast (陰)"), "rain": _("rain (雨)"), None: "—"},
        "status": {
            "challenged": _("challenged: waiting for the answer"),
            "seating": _("filling the team's seats (T2.6)"),
            "picking": _("picking heroes (secret)"),
            "deploying": _("deploying heroes (secret)"),
            "playing": _("playing"),
            "decided": _("decided"),
            "declined": _("declined"),
            "cancelled": _("called off"),
        },
        "waiting": _("Sent. Waiting for the opponent…"),
        "opponent_in": _("Your opponent's choice is in."),
        "clash": _("Both sides chose %(heroes)s, which this game allows on one side only: pick again."),
        "pick_heroes": _("Send my picks"),
        "deploy": _("Deploy"),
        "skills_two": _("two skills"),
        "designate": _("designates (激勵, 慧眼)"),
        "extra": _("extra skill (慧眼)"),
        "none": _("none"),
        "acts": {
            "turn": _("Begin %(hero)s's turn"),
            "end": _("End %(hero)s's turn"),
            "free-end": _("End the free movement phase"),
            "drop": _("%(hero)s drops %(skill)s"),
            "react": _("援護: %(hero)s covers %(target)s"),
            "no-cover": _("No cover: let the attack land"),
            "round-limit": _("Apply the round limit"),
        },
        "cover_prompt": _("An attack waits for your answer: cover the attacked hero with 援護?"),
        "use_skill": _("Use %(skill)s"),
        "choose_skill": _("Choose where %(skill)s goes: click a highlighted cell or a choice below."),
        "preview_title": _("Before you confirm"),
        "covers": _("covers"),
        "base": _("base"),
        "dice": _("This action makes %(n)s check(s): the dice may decide otherwise."),
        "confirm": _("Confirm"),
        "cancel": _("Cancel"),
        "hp": _("HP"),
        "en": _("EN"),
        "mov": _("MOV"),
        "dead": _("dead: respawns at its turn"),
        "statuses": {
            "confusion": _("confused (混亂)"),
            "root": _("rooted (定身)"),
            "paralysis": _("paralysed (麻痺)"),
            "seal": _("sealed (封印)"),
            "slow": _("slowed (緩速)"),
        },
        **_after_words(),
        **_turn_words(),
    }


def _after_words() -> dict:
    """The script's words for the team form (T2.6), the rolls, the end, the recheck and the replay."""
    return {
        "plays": _("%(player)s plays %(hero)s (T2.6)"),
        "captain_sets": _("Your captain, %(captain)s, picks and deploys for your side (T2.6)."),
        "cost": _("cost %(n)s"),
        "roll": _("roll %(k)s: %(face)s"),
        "won": {"first": _("first (先手) won"), "second": _("second (後手) won"), "draw": _("drawn")},
        "reasons": {
            "base": _("a base at 0"),
            "bases": _("both bases at 0"),
            "round-limit": _("the round limit"),
            "resign": _("resignation"),
            "flag": _("time ran out"),
        },
        "recheck_ok": _("Rolls checked: %(n)s. Each matches the seed, and the seed matches its commitment."),
        "recheck_bad": _("Roll %(k)s does not match the seed."),
        "recheck_commit": _("The seed does not match the commitment."),
        "recheck_none": _("This browser cannot compute SHA-256 here (it needs a secure page)."),
        "step": _("step %(i)s of %(n)s"),
        "refused": _("Refused"),
        "connecting": _("Connecting…"),
    }


def _turn_words() -> dict:
    """The script's words for whose turn it is, a click that does nothing and why, the spawn points
    and each step of the game in words (the replay's step line, the act each roll served)."""
    return {
        "your_turn": _("your turn"),
        "their_turn": _("your opponent's turn"),
        "watching": _("you are watching"),
        "not_your_turn": _("Not your turn: your opponent is acting."),
        "no_act_here": _("Nothing to do on this cell: click a highlighted cell or a button above the board."),
        "watcher_click": _("You are watching: only the game's players act."),
        "setup_click": _("Heroes are placed with the form above the board, on the marked spawn points."),
        "spawn": _("spawn point"),
        "base_of": _("the base of %(side)s"),
        "roll_for": _("roll %(k)s: %(face)s · for %(act)s"),
        "weather_of": _("the weather of round %(round)s"),
        "steps": {
            "turn": _("%(hero)s begins its turn"),
            "respawn": _("%(hero)s respawns at %(cell)s"),
            "move": _("%(hero)s moves to %(cell)s"),
            "attack": _("%(hero)s attacks %(target)s"),
            "skill": _("%(hero)s uses %(skill)s"),
            "skill_on": _("%(hero)s uses %(skill)s on %(target)s"),
            "react": _("%(hero)s covers %(target)s (援護)"),
            "drop": _("%(hero)s drops %(skill)s"),
            "end": _("%(hero)s ends its turn"),
            "resign": _("%(side)s resigns"),
            "flag": _("%(side)s runs out of time"),
            "round-limit": _("the round limit ends the game"),
            "free-end": _("%(side)s ends a free movement phase"),
        },
    }
