"""Games reported with their records (RULES.md R11.3, R11.6): replayed and judged; whatever
its ending (mate included), a reported record is a claim the opponent confirms or disputes; a
dispute goes to the authority of R11.3 (results.game_result_enter); unanswered, the claim stands
when the campaign's confirmation window of war time ends (a CLAIM_WINDOW timer)."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation, Stale
from campaign.models import Campaign, Officer, Timer
from campaign.rules.clock import advance_war_time
from campaign.services.notices import duties_recount, notices_send
from campaign.text_refusals import checked_text
from campaign.timers import timer_handler, timer_schedule, timers_cancel
from games import RecordError, judge
from games.records import MAX_CHARS
from games.upload import MAX_BYTES, decode_upload
from play.authority import require_war_hours
from play.hooks import host
from play.models import Game
from play.services.common import require_played_here
from play.services.locks import game_lock
from play.services.results import game_decide, place_lock
from play.timer_kinds import CLAIM_WINDOW

MAX_RECORD_BYTES = MAX_BYTES
MAX_RECORD_CHARS = MAX_CHARS
WHITE_OR_RED = {"xiangqi": ("red", "black"), "chess": ("white", "black"), "tactics": ("first", "second")}


def record_decode(data: bytes) -> str:
    """Uploaded bytes: an XQF file, or text in UTF-8 (with or without a byte-order mark),
    GB 18030 or Big5 (games/upload.py)."""
    try:
        return decode_upload(data)
    except RecordError as exc:
        raise record_error(exc) from None


def record_error(exc: RecordError) -> RuleViolation:
    """A RecordError in the user's language, naming the first bad move and its number."""
    if exc.code == "illegal":
        message = _('Move %(ply)d "%(move)s" is illegal.')
    elif exc.code == "unreadable" and exc.ply:
        message = _('Move %(ply)d "%(move)s" cannot be read.')
    elif exc.code == "after_end":
        message = _('Move %(ply)d "%(move)s" comes after the end of the game.')
    elif exc.code == "handicap":
        message = _('Move %(ply)d "%(move)s": a handicap move may not capture or give check.')
    elif exc.code == "opening":
        message = _('Move %(ply)d "%(move)s" is not a mainstream opening.')
    elif exc.code == "start":
        message = _(
            "A battle game starts from the standard position; a record that declares another start (a FEN "
            "tag or a set-up position) is refused."
        )
    elif exc.code == "too_big":
        message = _("A record may be at most %(n)d kB.") % {"n": MAX_RECORD_BYTES // 1000}
    elif exc.code == "encoding":
        message = _("The record's encoding cannot be read (UTF-8, GBK or Big5 are).")
    elif exc.code == "empty":
        message = _("The record has no moves.")
    elif exc.code == "too_long":
        message = _("The record is too long.")
    else:
        message = _("The record cannot be read.")
    return RuleViolation(exc.clause, message % {"ply": exc.ply, "move": exc.move})


def colours(game: Game) -> dict[str, str]:
    """R11.2: the side with the first move plays red (xiangqi) or white (chess)."""
    first, second = WHITE_OR_RED[game.game_kind]
    return (
        {"attacker": first, "defender": second}
        if game.attacker_moves_first
        else {"attacker": second, "defender": first}
    )


def side_result(game: Game, board_result: str) -> str:
    """ "1-0" / "0-1" / "1/2-1/2" → attacker / defender / draw."""
    if board_result == "1/2-1/2":
        return Game.Result.DRAW
    first_wins = board_result == "1-0"
    return Game.Result.ATTACKER if first_wins == game.attacker_moves_first else Game.Result.DEFENDER


def _terms(game: Game) -> tuple:
    """What the judge is told about a game: changed between judging and writing, the
    judgement would be stale."""
    return game.game_kind, game.attacker_moves_first, game.favoured, game.extra_moves, game.restricted


def _judge(game: Game, text: str):
    colour = colours(game)
    try:
        return judge(
            game.game_kind,
            text,
            favoured=colour.get(game.favoured) or None,
            extra_moves=game.extra_moves,
            restricted=colour.get(game.restricted) or None,
        )
    except RecordError as exc:
        raise record_error(exc) from None


def game_report(
    *, actor: Officer, game: Game, text: str, claimed: str = "", started_at: datetime | None = None
) -> Game:
    """A player reports the game's record: whatever its ending, a claim that waits for the
    opponent (R11.3: a pasted mate proves nothing about who played it). The board's own result
    (mate, stalemate) is the claim, and a contradicting one is refused; otherwise (a
    repetition too) the reporter says the result. Unanswered, the claim stands when the
    campaign's confirmation window of war time ends (`claim_window_end`). A claim once made is
    fixed: its reporter cannot change it.

    The record is judged before the write transaction opens (it may take up to a second),
    and the game's terms are checked again under the lock."""
    require_war_running(actor.campaign)
    require_played_here(game)
    checked_text(text, field=_("record"), clause="R11.3", max_length=MAX_RECORD_CHARS)
    if claimed and claimed not in Game.Result.values:
        raise RuleViolation("R11.3", _("A result is an attacker's win, a defender's win or a draw."))
    judgement = _judge(game, text)
    with transaction.atomic():
        return _report_locked(actor, game, text, claimed, started_at, judgement)


def _claimed_result(game: Game, claimed: str, judgement) -> str:
    """The result the record claims: the board's where it decides, else the reporter's (R11.3)."""
    if judgement.result is not None:
        result = side_result(game, judgement.result)
        if claimed and claimed != result:
            raise RuleViolation(
                "R11.3",
                _("The board decides this game (%(how)s): the claimed result contradicts it.")
                % {"how": judgement.termination.value},
            )
        return result
    if not claimed and judgement.claimable is not None:
        raise RuleViolation(
            "R11.3", _("The record ends in a repetition: claim its result, and the opponent confirms or disputes it.")
        )
    if not claimed:
        raise RuleViolation(
            "R11.3", _("The board does not decide this game: say how it ended (resignation, time, agreed draw).")
        )
    return claimed


def _report_locked(actor: Officer, game: Game, text: str, claimed: str, started_at: datetime | None, judgement) -> Game:
    terms = _terms(game)
    place, game = place_lock(game)
    if actor.pk not in (game.attacker_id, game.defender_id):
        raise NotAllowed("R11.3", _("Only the game's players report its record."))
    if game.status != Game.Status.PENDING:
        raise RuleViolation("R11.3", _("This game is already decided (or not yet begun)."))
    if game.live_since is not None:
        raise RuleViolation("R11.3", _("This game is played on the site: the site keeps its record."))
    if game.claim_status == "claimed":
        raise RuleViolation("R11.3", _("A claim already awaits the opponent's answer; it cannot be changed."))
    if game.claim_status == "disputed":
        raise RuleViolation("R11.3", _("The claim was disputed: the authority of R11.3 decides this game."))
    if _terms(game) != terms:
        raise RuleViolation("R11.4", _("The game's handicap or opening restriction changed; please report again."))
    claimed = _claimed_result(game, claimed, judgement)
    if started_at is not None:
        _check_hours(game, started_at)
        game.started_at = started_at
    game.record, game.moves, game.termination = text, judgement.moves, judgement.termination.value
    game.reported_by, game.reported_at = actor, clock.now()
    game.claimed_result, game.claim_status = claimed, "claimed"
    game.save(
        update_fields=[
            "started_at",
            "record",
            "moves",
            "termination",
            "reported_by",
            "reported_at",
            "claimed_result",
            "claim_status",
        ]
    )
    campaign = game.campaign
    timer_schedule(
        campaign=campaign,
        key=f"game:{game.pk}:claim-window",
        kind=CLAIM_WINDOW,
        object_id=game.pk,
        due_at=claim_due(campaign, game.reported_at),
    )
    host().claim_told(place, game, actor, "reported")
    notices_send(campaign_id=game.campaign_id, officer_ids=[claim_opponent(game)], key=f"game:{game.pk}:claim")
    return game


def claim_due(campaign: Campaign, reported_at: datetime) -> datetime:
    """R11.3: the confirmation window's end, the campaign's `claim_window` of war time (time
    inside the hours of war, R7.4) after the report."""
    return advance_war_time(
        reported_at, campaign.claim_window, campaign.zone, campaign.war_start_minute, campaign.war_end_minute
    )


def claim_opponent(game: Game) -> int | None:
    """The player who answers the claim: the one who did not report it."""
    return game.defender_id if game.reported_by_id == game.attacker_id else game.attacker_id


def _check_hours(game: Game, started_at: datetime) -> None:
    """R7.4: a game that started outside the hours of war counts only if both sides agreed
    before it started."""
    campaign = game.campaign
    if started_at > clock.now():
        raise RuleViolation("R7.4", _("A game cannot have started in the future."))
    require_war_hours(campaign, started_at, agreed=game.attacker_agrees_off_hours and game.defender_agrees_off_hours)


@transaction.atomic
def game_agree_off_hours(*, actor: Officer, game: Game) -> Game:
    """R7.4: a player agrees, before the game starts, to play outside the hours of war."""
    require_war_running(actor.campaign)
    game = game_lock(game)
    if actor.pk not in (game.attacker_id, game.defender_id):
        raise NotAllowed("R7.4", _("Only the game's players agree to play outside the hours of war."))
    if game.status not in (Game.Status.CALLED, Game.Status.PENDING) or game.record:
        raise RuleViolation("R7.4", _("The agreement comes before the game."))
    field = "attacker_agrees_off_hours" if actor.pk == game.attacker_id else "defender_agrees_off_hours"
    setattr(game, field, True)
    game.save(update_fields=[field])
    return game


@transaction.atomic
def game_claim_answer(*, actor: Officer, game: Game, confirm: bool, claim: str) -> Game:
    """The opponent of the reporting player confirms the claim (applied at once) or disputes it
    (then the authority of R11.3 settles it, and the reporter is told). `claim` is the
    `claim_token` the answering page showed: an answer to any other claim is refused."""
    require_war_running(actor.campaign)
    place, game = place_lock(game)
    if game.status != Game.Status.PENDING or game.claim_status != "claimed":
        raise RuleViolation("R11.3", _("No claim awaits an answer."))
    if claim != game.claim_token():
        raise Stale(
            "R11.3", _("The claim on your page is not the one awaiting an answer; reload the page and read it first.")
        )
    if actor.pk != claim_opponent(game):
        raise NotAllowed("R11.3", _("Only the opponent confirms or disputes a claim."))
    duties_recount(key=f"game:{game.pk}:claim")
    timers_cancel(kind=CLAIM_WINDOW, object_ids=[game.pk])  # answered: the window is moot
    if confirm:
        game.claim_status = "confirmed"
        game.save(update_fields=["claim_status"])
        return game_decide(place=place, game=game, result=game.claimed_result)  # Game.how: claim confirmed
    game.claim_status = "disputed"
    game.save(update_fields=["claim_status"])
    host().claim_told(place, game, actor, "disputed")
    notices_send(campaign_id=game.campaign_id, officer_ids=[game.reported_by_id], key=f"game:{game.pk}:dispute")
    return game


@timer_handler(CLAIM_WINDOW)
def claim_window_end(timer: Timer) -> None:
    """R11.3: the confirmation window ended with the claim unanswered: it stands, applied to
    its battle as a confirmed one would be. A claim answered, a game decided by the authority or
    cancelled meanwhile is left as it is."""
    place, game = place_lock(Game.objects.get(pk=timer.object_id))
    if game.status != Game.Status.PENDING or game.claim_status != "claimed":
        return
    duties_recount(key=f"game:{game.pk}:claim")
    game.claim_status = "unanswered"
    game.save(update_fields=["claim_status"])
    game_decide(place=place, game=game, result=game.claimed_result)  # Game.how: stood unanswered
