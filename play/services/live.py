"""Battle games played live on the site: both players say they are ready, then each
move is one short transaction — lock the game, check the move (the same judge as a reported
record, with the game's handicap R11.4 and restriction R11.5), store it with its clock stamp,
set the flag-fall timer — and the result, when the board decides, resignation, an agreed draw
or a fallen flag, goes through `game_decide` in that same transaction. A broadcast follows the
commit (live/fanout.py); the database is the game of record."""

from datetime import datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation, Stale
from campaign.models import Officer, Timer
from campaign.timers import timer_handler, timer_move, timer_schedule
from games import RecordError
from games.live import clock_left, flag_falls_at, has_moved, millis, mover, play, remember_legal
from play.authority import require_war_hours
from play.models import Game, GameMove
from play.services.common import require_played_here, watchers_tell
from play.services.records import colours, record_error, side_result
from play.services.results import game_decide, place_lock
from play.timer_kinds import GAME_FLAG


def _changed(game: Game, *, as_written: bool = False) -> None:
    watchers_tell("game", game.pk, game if as_written else None)


def side_of(game: Game, officer: Officer) -> str | None:
    if officer.pk == game.attacker_id:
        return "attacker"
    if officer.pk == game.defender_id:
        return "defender"
    return None


def game_terms(game: Game) -> dict:
    """R11.4 as the game is judged: the favoured colour and its moves in a row."""
    colour = colours(game)
    return {"favoured": colour.get(game.favoured) or None, "extra_moves": game.extra_moves}


def side_to_move(game: Game) -> str:
    """attacker or defender: whose turn it is in this game (R11.2 colours, R11.4 handicap)."""
    return mover(game.game_kind, game.moves, attacker_first=game.attacker_moves_first, **game_terms(game))


def time_left(game: Game, side: str, now: datetime) -> int:
    """Milliseconds left for `side` at `now` (its clock runs while it is to move)."""
    running = game.turn_since is not None and game.status == Game.Status.PENDING and side == side_to_move(game)
    return clock_left(getattr(game, f"{side}_left_ms") or 0, now, running_since=game.turn_since if running else None)


def _deadline(game: Game) -> datetime:
    """When the side to move runs out of time: its clock, or for its first move the campaign's
    window for a first move, whichever comes first (an abandoned game is forfeited)."""
    side = side_to_move(game)
    assert game.turn_since is not None
    window = None if _has_moved(game, side) else game.campaign.live_first_move
    return flag_falls_at(game.turn_since, getattr(game, f"{side}_left_ms") or 0, first_move_window=window)


def _has_moved(game: Game, side: str) -> bool:
    return has_moved(game.game_kind, game.moves, side, attacker_first=game.attacker_moves_first, **game_terms(game))


def _flag_key(game: Game) -> str:
    return f"game:{game.pk}:flag:{len(game.moves)}"


def _move_flag(game: Game, stale_key: str) -> None:
    """The flag of the position left (`stale_key`) becomes the side to move's, due when their
    clock runs out: one timer row per game. Inside the caller's transaction, before the game is
    written (the order a flag's claim takes: timer, then game)."""
    if not timer_move(key=stale_key, to_key=_flag_key(game), due_at=_deadline(game), seq=len(game.moves)):
        _schedule_flag(game)


def _schedule_flag(game: Game) -> None:
    ply = len(game.moves)
    timer_schedule(
        campaign=game.campaign,
        key=_flag_key(game),
        kind=GAME_FLAG,
        object_id=game.pk,
        due_at=_deadline(game),
        seq=ply,
    )


def _locked(game: Game) -> tuple:
    return place_lock(game)


def _check_player(game: Game, actor: Officer) -> str:
    side = side_of(game, actor)
    if side is None:
        raise NotAllowed("R11.3", _("Only the game's players play it."))
    if game.status != Game.Status.PENDING:
        raise RuleViolation("R11.3", _("This game is over (or not yet begun)."))
    return side


def _end(city, game: Game, result: str, termination: str) -> Game:
    game.termination = termination
    game.record = " ".join(game.moves)
    game.save(update_fields=["termination", "record"])
    return game_decide(place=city, game=game, result=result)  # which tells the watchers of a game played here


@transaction.atomic
def live_ready(*, actor: Officer, game: Game) -> Game:
    """A player says they are ready to play on the site; when both are, the clocks start
    (R7.4: inside the hours of war, or outside them when both sides agreed)."""
    city, game = _locked(game)
    require_war_running(game.campaign)  # as locked: a socket's officer may hold an older campaign
    side = _check_player(game, actor)
    require_played_here(game)
    if game.live_since is not None:
        return game
    if game.record or game.claim_status:
        raise RuleViolation("R11.3", _("A record was reported for this game: it was played elsewhere."))
    setattr(game, f"{side}_ready", True)
    fields = [f"{side}_ready"]
    if game.attacker_ready and game.defender_ready:
        now = clock.now()
        campaign = game.campaign
        require_war_hours(campaign, now, agreed=game.attacker_agrees_off_hours and game.defender_agrees_off_hours)
        base = millis(campaign.live_base)
        game.live_since, game.turn_since = now, now
        game.attacker_left_ms = game.defender_left_ms = base
        fields += ["live_since", "turn_since", "attacker_left_ms", "defender_left_ms"]
        game.save(update_fields=fields)
        _changed(game)
        _schedule_flag(game)
        return game
    game.save(update_fields=fields)
    _changed(game)
    return game


LIVE_CAMPAIGN_FIELDS = (
    "campaign__live_increment",
    "campaign__live_first_move",
    "campaign__live_repetition_limit",
    # what `require_war_running` reads: a move in a war not running is refused
    "campaign__status",
    "campaign__war_starts_at",
    "campaign__paused_at",
    "campaign__paused_until",
    "campaign__time_zone",
)


def live_read() -> QuerySet[Game]:
    """The game with what a move and its watchers' state read of the campaign (the clock's
    terms) and of the players (their names): a move reads one row of three tables, not the
    campaign's and officers' every column."""
    game_fields = [field.name for field in Game._meta.concrete_fields]
    return Game.objects.select_related("campaign", "attacker", "defender").only(
        *game_fields, *LIVE_CAMPAIGN_FIELDS, "attacker__name", "defender__name"
    )


def live_move(*, actor: Officer, game: Game, move: str, ply: int) -> Game:
    """`actor` plays `move` as the game's move number `ply` + 1 (the number they saw: a move
    sent twice, or from a stale page, is refused).

    The game is read and the move judged (from the position kept after its moves) before anything is
    written. A move that leaves the game going is then stored by a compare-and-set: the game
    row is updated only if its moves are still the ones judged and it is still pending, so a
    move sent twice, from two tabs, or racing a resignation or a fallen flag changes nothing
    (PostgreSQL re-reads the row after any lock it waited for). No city lock is taken for it:
    nothing of the city changes. A move that ends the game, or comes after the flag fell,
    takes the locks (the place fought over, then the game) and goes through `game_decide`."""
    seen = live_read().get(pk=game.pk)
    require_war_running(seen.campaign)
    if ply != len(seen.moves):
        raise Stale("R11.3", _("That move was already played, or the board changed: look again."))
    side = _check_player(seen, actor)
    if seen.live_since is None:
        raise RuleViolation("R11.3", _("The game starts when both players are ready."))
    if side != side_to_move(seen):
        raise RuleViolation("R11.3", _("It is not your turn."))
    try:
        judgement = play(
            seen.game_kind,
            seen.moves,
            move,
            **game_terms(seen),
            restricted=colours(seen).get(seen.restricted) or None,
            repetition_limit=seen.campaign.live_repetition_limit,  # before it, a repetition is claimed
        )
    except RecordError as exc:
        raise record_error(exc) from None
    if judgement.legal is not None:  # the watchers' hints for the next move, from the same call
        remember_legal(seen.game_kind, judgement.moves, judgement.legal, **game_terms(seen))
    now = clock.now()
    if judgement.result is not None or now >= _deadline(seen):
        return _move_locked(actor, seen, judgement, ply)
    left = time_left(seen, side, now) + millis(seen.campaign.live_increment)
    judged, stale_flag = seen.moves, _flag_key(seen)
    seen.moves, seen.turn_since, seen.draw_offered_by = judgement.moves, now, ""
    setattr(seen, f"{side}_left_ms", left)
    with transaction.atomic():
        _move_flag(seen, stale_flag)
        stored = Game.objects.filter(pk=seen.pk, status=Game.Status.PENDING, moves=judged).update(
            moves=judgement.moves, turn_since=now, draw_offered_by="", **{f"{side}_left_ms": left}
        )
        if stored != 1:
            raise Stale("R11.3", _("That move was already played, or the board changed: look again."))
        GameMove.objects.create(game=seen, ply=ply, move=judgement.moves[-1], played_at=now, left_ms=left)
        # The watchers are told of the game as stored: the compare-and-set wrote every field
        # that differs from what was read.
        _changed(seen, as_written=True)
    return seen


@transaction.atomic
def _move_locked(actor: Officer, seen: Game, judgement, ply: int) -> Game:
    """A move that ends the game, or one that came after the flag fell: under the locks (place, game),
    with everything checked again."""
    city, game = _locked(seen)
    side = _check_player(game, actor)
    if game.moves != seen.moves or len(game.moves) != ply:
        raise Stale("R11.3", _("That move was already played, or the board changed: look again."))
    now = clock.now()
    if now >= _deadline(game):  # the flag fell before the move came
        return _flag_fall(city, game)
    left = time_left(game, side, now) + millis(game.campaign.live_increment)
    stale_flag = _flag_key(game)
    setattr(game, f"{side}_left_ms", left)
    game.moves = judgement.moves
    game.turn_since = now
    game.draw_offered_by = ""
    game.save(update_fields=["moves", "turn_since", f"{side}_left_ms", "draw_offered_by"])
    GameMove.objects.create(game=game, ply=ply, move=judgement.moves[-1], played_at=now, left_ms=left)
    if judgement.result is not None:
        return _end(city, game, side_result(game, judgement.result), judgement.termination.value)
    _move_flag(game, stale_flag)
    _changed(game)
    return game


@transaction.atomic
def live_resign(*, actor: Officer, game: Game) -> Game:
    city, game = _locked(game)
    require_war_running(game.campaign)  # as locked: a socket's officer may hold an older campaign
    side = _check_player(game, actor)
    if game.live_since is None:
        raise RuleViolation("R11.3", _("The game starts when both players are ready."))
    winner = "defender" if side == "attacker" else "attacker"
    return _end(city, game, winner, "resignation")


@transaction.atomic
def live_draw(*, actor: Officer, game: Game, offer: bool = True) -> Game:
    """Offer a draw, or accept the opponent's offer (then the game is drawn); `offer=False`
    declines or withdraws."""
    city, game = _locked(game)
    require_war_running(game.campaign)  # as locked: a socket's officer may hold an older campaign
    side = _check_player(game, actor)
    if game.live_since is None:
        raise RuleViolation("R11.3", _("The game starts when both players are ready."))
    if not offer:
        game.draw_offered_by = ""
    elif game.draw_offered_by and game.draw_offered_by != side:
        return _end(city, game, Game.Result.DRAW, "agreement")
    else:
        game.draw_offered_by = side
    game.save(update_fields=["draw_offered_by"])
    _changed(game)
    return game


def _flag_fall(city, game: Game) -> Game:
    side = side_to_move(game)
    winner = "defender" if side == "attacker" else "attacker"
    how = "time" if _has_moved(game, side) else "abandoned"
    return _end(city, game, winner, how)


@timer_handler(GAME_FLAG)
def flag_due(timer: Timer) -> None:
    """The side to move ran out of time (or never made its first move): it loses, applied at
    the due instant whether or not anyone is connected. A move made since makes it stale."""
    game = Game.objects.get(pk=timer.object_id)
    city, game = _locked(game)
    if game.status != Game.Status.PENDING or game.live_since is None or len(game.moves) != timer.seq:
        return
    if timer.due_at < _deadline(game):
        return
    _flag_fall(city, game)
