"""An officer's page: who they are, where they are, what posts they hold, the games
they played with results, their captures and promotions — in a fixed number of queries."""

from dataclasses import dataclass

from django.db.models import Q

from battles.models import Ransom
from campaign.models import Campaign, Move, Officer, Promotion
from cities.models import City
from forum.models import BoardModerator
from play.models import Game


@dataclass
class GameLine:
    game: Game
    side: str  # "attacker" | "defender"
    opponent: Officer | None
    outcome: str  # "won" | "lost" | "draw" | "" (not decided)


@dataclass
class OfficerProfile:
    officer: Officer
    is_king: bool
    governs: list[City]
    moderates: list[BoardModerator]
    move: Move | None
    games: list[GameLine]
    record: dict[str, int]
    captures: list[Ransom]
    promotions: list[Promotion]


def _outcome(game: Game, side: str) -> str:
    if game.status != Game.Status.DECIDED or not game.result:
        return ""
    if game.result == Game.Result.DRAW:
        return "draw"
    return "won" if game.result == side else "lost"


def officer_profile(*, campaign: Campaign, officer_id: int, games_shown: int = 50) -> OfficerProfile:
    """Raises Officer.DoesNotExist for an officer of another campaign."""
    officer = Officer.objects.select_related("kingdom", "city", "army__target", "captor").get(
        pk=officer_id, campaign=campaign
    )
    governs = list(City.objects.filter(governor=officer))
    moderates = list(BoardModerator.objects.filter(officer=officer).select_related("board__city", "board__kingdom"))
    move = (
        Move.objects.filter(officer=officer, status=Move.Status.TRAVELLING)
        .select_related("origin", "destination")
        .first()
        if officer.whereabouts == "road"
        else None
    )
    games = list(
        Game.objects.filter(Q(attacker=officer) | Q(defender=officer))
        .exclude(status=Game.Status.CANCELLED)
        .select_related("attacker", "defender", "siege__city", "army__target")
        .order_by("-called_at", "-pk")[:games_shown]
    )
    lines = []
    for game in games:
        side = "attacker" if game.attacker_id == officer.pk else "defender"
        opponent = game.defender if side == "attacker" else game.attacker
        lines.append(GameLine(game, side, opponent, _outcome(game, side)))
    record = {key: sum(1 for line in lines if line.outcome == key) for key in ("won", "lost", "draw")}
    captures = list(
        Ransom.objects.filter(officer=officer, kind=Ransom.Kind.RANSOM)
        .select_related("kingdom")
        .order_by("-created_at")
    )
    promotions = list(
        Promotion.objects.filter(officer=officer, status=Promotion.Status.APPROVED).order_by("-decided_at", "-pk")
    )
    is_king = officer.kingdom is not None and officer.kingdom.king_id == officer.pk
    return OfficerProfile(officer, is_king, governs, moderates, move, lines, record, captures, promotions)
