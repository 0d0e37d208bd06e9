"""A game found by its id in its campaign, 404 otherwise: for the pages, the API and the
terminal; and the list the API pages by cursor (a fixed number of queries whatever its size)."""

from django.db.models import OuterRef, QuerySet
from django.shortcuts import get_object_or_404

from campaign.models import Campaign
from play.models import Game
from play.selectors.games import claim_due_of


def games(campaign: Campaign, status: str | None = None) -> QuerySet[Game]:
    found = Game.objects.filter(campaign=campaign).defer("record", "moves", "note")
    return found.filter(status=status) if status else found


def game(campaign: Campaign, game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("campaign"), campaign=campaign, pk=game_id)


def game_read(campaign: Campaign, game_id: int) -> Game:
    """A game as the API reads it: with `claim_due`, when a claim awaiting the opponent stands
    unanswered (R11.3), in the same query."""
    games = Game.objects.select_related("campaign", "attacker", "defender")
    games = games.annotate(claim_due=claim_due_of(OuterRef("pk")))
    return get_object_or_404(games, campaign=campaign, pk=game_id)


def game_with_players(campaign: Campaign, game_id: int) -> Game:
    """A game with its attacker and defender (its record as PGN names them)."""
    return get_object_or_404(Game.objects.select_related("attacker", "defender"), pk=game_id, campaign=campaign)
