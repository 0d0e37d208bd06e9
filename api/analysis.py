"""Reading the engine's analysis of a decided game through the API (as its page shows it):
refused for a game not decided, for anyone (fair play: no engine helps during play)."""

from ninja import Field, Schema

from analysis.selectors import analysis_read, game_analysis
from api import schemas
from api.router import read
from campaign import lookups
from play.selectors.games import notation


class EvalOut(Schema):
    ply: int = Field(description="0: the start; n: after the n-th move")
    cp: int | None = Field(description="centipawns from red's (xiangqi) or white's (chess) view; null: a mate")
    mate: int | None = Field(description="mate in this many moves, positive when red/white mates, negative when mated")
    best: str = Field(description="the engine's best move in this position (ICCS or UCI); empty when the game is over")


class MarkOut(Schema):
    ply: int = Field(description="the move marked (1: the first)")
    judgement: str = Field(description="blunder (the mover lost 0.15 or more of expected score) or mistake (0.10)")
    loss: float = Field(description="the expected score the mover lost, 0 to 1 (lichess's winning chances, halved)")
    played: str = Field(description="the move played (Chinese notation, or SAN)")
    best: dict[str, str] = Field(description="the engine's move instead: chinese and wxf for xiangqi, san for chess")


class AnalysisOut(Schema):
    state: str = Field(description="unavailable (no engine on this site), none, waiting, running, done or failed")
    engine: str
    movetime_ms: int = Field(description="the engine's time for each position")
    plies: int = Field(description="the moves analysed (a longer game is cut at the site's cap)")
    evals: list[EvalOut]
    marks: list[MarkOut]


@read("/c/{slug}/games/{game_id}/analysis", AnalysisOut, "api-game-analysis")
def analysis(request, slug: str, game_id: schemas.Id):
    """The engine's analysis of a decided game: the evaluation after every move, the best move at
    each, the mistakes and blunders (403 for a game not decided, for anyone)."""
    game = analysis_read(game_id=game_id, campaign=lookups.campaign_by_slug(slug))
    view = game_analysis(game=game, written=notation(game, "chinese"))
    row = view.row if view.state == "done" else None
    return {
        "state": view.state,
        "engine": row.engine if row else "",
        "movetime_ms": row.movetime_ms if row else 0,
        "plies": row.plies if row else 0,
        "evals": [{"ply": i, "cp": cp, "mate": mate, "best": best} for i, (cp, mate, best) in enumerate(row.evals)]
        if row
        else [],
        "marks": [{k: v for k, v in vars(m).items() if k in MarkOut.model_fields} for m in view.marks],
    }
