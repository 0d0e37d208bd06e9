"""A hero tactics game as a given account may see it, and the legal actions of the side to act
(for pages, the terminal, the API and bots alike). Secrets: the opponent's picks and deployment
until both sides' are in (T2.3, T2.5), the seed until the end (T18.1); the commitment always,
and every roll made so far with its number k (anyone rechecks them once the seed is out)."""

import copy

from django.db.models import Q, QuerySet

from campaign import clock
from games.tactics.dice import roll
from games.tactics.legal import legal_actions
from games.tactics.state import Settings, final_state
from tactics.models import TacticsGame
from tactics.rules import CLOCK_DEFAULT, acting_hero, left_at, rebuilt

SIDES = ("first", "second")
SHOWN = (TacticsGame.Status.PLAYING, TacticsGame.Status.DECIDED)
DEFAULTS = Settings()  # the engine's own defaults (§T15), shown where a game keeps none


def _secret(game: TacticsGame, kept: dict, viewer_side: str | None, revealed: bool) -> dict:
    """Each side's submission: shown to its own player, to everyone once both are in, and the
    open side's under 攪亂計 as soon as it is in (W6); otherwise only whether it is in."""
    shown: dict = {}
    open_side = str(game.settings.get("picks", "secret")).removeprefix("open-")
    for side in SIDES:
        if side in kept and (revealed or side in (viewer_side, open_side)):
            shown[side] = copy.deepcopy(kept[side])
        else:
            shown[side] = {"submitted": side in kept}
    return shown


def tactics_view(game: TacticsGame, user=None, *, whole: bool = True) -> dict:
    """The game as `user` (None: anyone) may see it, JSON-ready; without its position, rolls and
    actions unless `whole` (a list of games replays none)."""
    you = game.side_of(getattr(user, "pk", None))
    now = clock.now()
    ended = game.status == TacticsGame.Status.DECIDED
    picks_out = game.status not in (TacticsGame.Status.CHALLENGED, TacticsGame.Status.PICKING)
    view = {
        "id": game.pk,
        "status": game.status,
        "version": game.version,
        "challenger": game.challenger.username,
        "opponent": game.opponent.username,
        "players": {side: _name(game, side) for side in SIDES},
        "you": you,
        **_team_view(game, user, you),
        "settings": {
            "heroes_per_side": DEFAULTS.heroes_per_side,
            "duplicates_across_sides": DEFAULTS.duplicates_across_sides,
            "round_limit": DEFAULTS.round_limit,
            "clock": CLOCK_DEFAULT,
        }
        | game.settings,
        "map": game.map,
        "commitment": game.commitment,
        "seed": game.seed if ended else None,
        "picks": _secret(game, game.picks, you, picks_out),
        "clash": game.picks.get("clash", []),
        "deployments": _secret(game, game.deployments, you, game.status in SHOWN),
        "to_act": game.to_act or None,
        "clocks": _clocks(game, now),
        "flag_at": game.flag_at.isoformat() if game.flag_at else None,
        "pending": game.pending,
        "result": {"outcome": game.outcome, "reason": game.reason} if ended else None,
        "state": None,
        "rolls": [],
        "actions": [],
        "battle": game.battle_id,  # W1: the war's battle game it decides
    }
    if whole and game.record is not None and game.status in SHOWN:
        engine = rebuilt(game.record, game.seed)
        view["state"] = final_state(engine)
        view["rolls"] = [{"k": k, "face": roll(game.seed, k)} for k in range(engine.rolls)]
        view["actions"] = game.record["actions"]
    return view


def tactics_team(game: TacticsGame) -> dict[str, list[str | None]]:
    """Each side's players by place (T2.6): its captain first, then its seats, None when open."""
    team: dict[str, list[str | None]] = {side: [_name(game, side), *([None] * (game.seats - 1))] for side in SIDES}
    for seat in game.team():
        team[seat.side][seat.place] = seat.user.username
    return team


def _team_view(game: TacticsGame, user, you: str | None) -> dict:
    """The team form (T2.6): players a side; each side's players by place (the captain first, an
    open seat as None); each shown hero's commander; whether the reader captains their side."""
    team = tactics_team(game)
    commanders: dict = {side: {} for side in SIDES}
    if game.seats > 1 and game.status not in (TacticsGame.Status.CHALLENGED, TacticsGame.Status.SEATING):
        picks_out = game.status != TacticsGame.Status.PICKING
        for side in SIDES:
            if side in game.picks and (picks_out or side == you):
                for entry in game.picks[side]["heroes"]:
                    commanders[side][entry["hero"]] = game.commander(side, entry["hero"])[1]
    captain = you is not None and game.player_of(you) == getattr(user, "pk", None)
    return {"seats": game.seats, "team": team, "commanders": commanders, "captain": captain}


def _name(game: TacticsGame, side: str) -> str:
    return game.challenger.username if game.player_of(side) == game.challenger_id else game.opponent.username


def _clocks(game: TacticsGame, now) -> dict:
    running = game.status == TacticsGame.Status.PLAYING
    return {
        side: left_at(
            getattr(game, f"{side}_left_ms"), game.turn_since if running and side == game.to_act else None, now
        )
        for side in SIDES
    }


def tactics_legal(game: TacticsGame, user=None) -> dict:
    """What `user` may play now: the engine's legal actions when their side is to act (or the
    援護 answers of an attack awaiting them), else nothing. JSON-ready."""
    you = game.side_of(getattr(user, "pk", None))
    found: list[dict] = []
    if game.status == TacticsGame.Status.PLAYING and you is not None and you == game.to_act:
        if game.pending is not None:
            cover = game.pending["covers"][0]
            if _commands(game, (cover["side"], cover["hero"]), user, you):
                found = [*game.pending["covers"], {"act": "no-cover"}]
        else:
            assert game.record is not None
            engine = rebuilt(game.record, game.seed)
            found = [a for a in legal_actions(engine) if _commands(game, acting_hero(engine, a, None), user, you)]
    return {"version": game.version, "to_act": game.to_act or None, "you": you, "actions": found}


def _commands(game: TacticsGame, found: tuple[str, str] | None, user, side: str) -> bool:
    """Whether `user` commands the hero `found` (side, name) that plays an action, the captain
    commanding when none is named (T2.6); always, with one player a side."""
    if game.seats <= 1:
        return True
    return game.commander(*(found or (side, "")))[0] == user.pk


def tactics_record(game: TacticsGame) -> dict:
    """The record (sanguo-tactics/1), with the seed once the game has ended (T18.1, T18.2)."""
    record = copy.deepcopy(game.record or {})
    if game.status == TacticsGame.Status.DECIDED and record:
        record = {"format": record["format"], "seed": game.seed, **record}
    return record


def tactics_games_of(user) -> QuerySet[TacticsGame]:
    """The account's games (as a captain or seated in a team: T2.6), newest first, with both
    captains (one query)."""
    return (
        TacticsGame.objects.filter(Q(challenger=user) | Q(opponent=user) | Q(seat_rows__user=user))
        .distinct()
        .select_related("challenger", "opponent")
        .order_by("-pk")
    )
