"""The analysis after a game on its page: `{% game_analysis_of game style as analysis %}` reads
it through its selector (no query when the page's selector read the game with it)."""

from django import template

from analysis.selectors import AnalysisView, game_analysis
from play.models import Game
from play.selectors.games import notation

register = template.Library()


@register.simple_tag
def game_analysis_of(game: Game, style: str) -> AnalysisView | None:
    """None for a game not decided (nothing of an engine is shown while a game is played) and for
    one decided without a move (a result entered by the authority: nothing to analyse)."""
    if game.status != Game.Status.DECIDED or not game.moves:
        return None
    return game_analysis(game=game, written=notation(game, style))
