"""The games' pages (R11.6): the list of every game, and one game with what its viewer may do,
each in a fixed number of queries (tests/pages/test_queries.py); a game's board drawn at a ply
and its moves in the reader's notation (its page and its live watchers')."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from campaign.models import Campaign, Officer, Timer
from cities.models import City
from games.live_notation import chess_drawing, chess_written, xiangqi_drawing, xiangqi_written
from games.pgn import export_pgn
from play.authority import judges
from play.models import Game
from play.services.live import game_terms
from play.services.records import colours
from play.timer_kinds import CLAIM_WINDOW

GAMES_PER_PAGE = 50


def games_page(*, campaign: Campaign, officer_id: int | None, page: str | None) -> Page:
    """Every game, those waiting for a defender too, newest first (by when it started, or was
    called); of one officer when `officer_id` is given."""
    games = (
        Game.objects.filter(campaign=campaign)
        .select_related("attacker", "defender", "siege__city", "field_battle__city", "pursuit__city")
        .order_by(Coalesce("started_at", "called_at").desc(), "-id")
        .defer("record", "moves")  # a season's records are not read for a list
    )
    if officer_id is not None:
        games = games.filter(Q(attacker_id=officer_id) | Q(defender_id=officer_id))
    return Paginator(games, GAMES_PER_PAGE).get_page(page)


@dataclass(frozen=True)
class GameView:
    game: Game
    city: City  # the city fought over
    player: bool  # the viewer played it: reports its record (R11.3)
    answers: bool  # the viewer is the opponent of a pending claim: confirms or disputes it
    judge: bool  # the viewer may enter its result (R11.3)
    playable: bool  # pending with both players and no record or claim: played on its page, live (R11.3)
    claim_due: datetime | None  # a claim awaiting the opponent: when it stands unanswered (R11.3)


def game_detail(*, game_id: int, campaign: Campaign, viewer: Officer | None, user: User | AnonymousUser) -> GameView:
    game = (
        Game.objects.select_related(
            "attacker",
            "defender",
            "army__kingdom",
            "siege__city__kingdom",
            "field_battle__city__kingdom",
            "pursuit__city__kingdom",
            "campaign",
            "analysis",  # the engine's, shown once the game is decided (templates/analysis/_analysis.html)
        )
        .annotate(claim_due=claim_due_of(OuterRef("pk")))
        .get(pk=game_id, campaign=campaign)
    )
    battle = game.siege or game.field_battle or game.pursuit
    assert battle is not None  # a game belongs to one of the three: the game_belongs_to_one_battle constraint
    city = battle.city
    judge = False
    if game.status == Game.Status.PENDING and user.is_authenticated:
        involved = {city.kingdom_id, game.army.kingdom_id}
        if game.kind == Game.Kind.SIEGE:
            assert game.siege is not None  # a siege game has its siege (game_belongs_to_one_battle), read with it
            involved |= set(game.siege.armies.values_list("kingdom_id", flat=True))  # every army of the siege
        judge = judges(user=user, officer=viewer, game=game, city=city, involved=involved)
    opponent = None
    if game.claim_status == "claimed":
        opponent = game.defender_id if game.reported_by_id == game.attacker_id else game.attacker_id
    return GameView(
        game=game,
        city=city,
        player=bool(viewer and viewer.pk in (game.attacker_id, game.defender_id)),
        answers=bool(viewer and viewer.pk == opponent),
        judge=judge,
        playable=game.status == Game.Status.PENDING
        and game.game_kind != "tactics"  # W3: played on its own board (the page links to it)
        and game.defender_id is not None
        and not game.record
        and not game.claim_status,
        claim_due=game.claim_due if game.claim_status == "claimed" else None,
    )


def claim_due_of(game_id) -> Subquery:
    """When the game's claim stands unanswered (R11.3): its pending window's timer, in the
    game's own query."""
    timers = Timer.objects.filter(kind=CLAIM_WINDOW, object_id=game_id, status=Timer.Status.PENDING)
    return Subquery(timers.order_by("due_at").values("due_at")[:1])


def notation(game: Game, style: str) -> list[str]:
    """The game's moves in the reader's notation: written once per move per process and
    extended by the moves since (games/live_notation.py), not written whole each time."""
    if not game.moves:
        return []
    if game.game_kind == "chess":
        return list(chess_written(game.moves, **game_terms(game)).sans)
    written = xiangqi_written(game.moves, **game_terms(game))
    return list(written.wxf if style == "wxf" else written.chinese)


def board_drawing(game: Game, ply: int) -> str:
    moves = game.moves[:ply]
    if game.game_kind == "chess":
        return chess_drawing(moves, **game_terms(game))
    return xiangqi_drawing(moves, **game_terms(game))


def game_pgn_text(game: Game, *, event: str) -> str:
    """A played game (one with both players) as the PGN its page offers for download (R11.2:
    the side that moved first plays red or white), read by the page and the campaign's export."""
    assert game.defender is not None  # a game with a record has both players
    side = colours(game)
    first = game.attacker if side["attacker"] in ("red", "white") else game.defender
    second = game.defender if first == game.attacker else game.attacker
    result = {"": "*", "draw": "1/2-1/2"}.get(game.result) or (
        "1-0" if (game.result == "attacker") == (first == game.attacker) else "0-1"
    )
    return export_pgn(
        game.game_kind,
        game.moves,
        event=event,
        red_or_white=first.name,
        black=second.name,
        result=result,
        **game_terms(game),
    )
