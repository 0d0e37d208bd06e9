"""The engine's analysis of a decided game as its page and the API show it: the state (pending,
done, not available on this site), the evaluation chart, every move with the mistakes and
blunders marked, and the engine's move instead in the reader's notations. Never for a game not
decided (fair play: no engine helps anyone during play), for anyone."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from analysis.models import GameAnalysis
from analysis.services import KINDS, analysis_available
from campaign.errors import NotAllowed
from campaign.models import Campaign
from games import analysis as rules
from play.models import Game

GLYPHS = {"blunder": "??", "mistake": "?"}


@dataclass(frozen=True)
class MarkView:
    ply: int
    judgement: str  # blunder, mistake
    label: str  # in the reader's language
    glyph: str  # ?? or ?
    loss: float  # expected score the mover lost (0 … 1)
    percent: int  # the same in points of a hundred
    played: str  # the move played, written
    best: dict[str, str]  # the engine's move instead: {"chinese", "wxf"} for xiangqi, {"san"} for chess


@dataclass(frozen=True)
class MoveView:
    ply: int
    number: int  # the move's number as the move list counts them (pairs)
    written: str
    judgement: str


@dataclass(frozen=True)
class AnalysisView:
    game: Game
    state: str  # unavailable (no engine here), none (not analysed), waiting, running, done, failed
    pending: bool  # the page asks again until it is done
    row: GameAnalysis | None = None
    chart: rules.Chart | None = None
    marks: list[MarkView] = field(default_factory=list)
    moves: list[MoveView] = field(default_factory=list)
    cut: bool = False  # the game is longer than the plies analysed


def require_decided(game: Game) -> None:
    if game.status != Game.Status.DECIDED:
        raise NotAllowed(
            "R11.6",
            _("A game is analysed only once it is decided: no engine helps anyone while it is played."),
        )


def analysis_read(*, game_id: int, campaign: Campaign) -> Game:
    """The game with its analysis (one query), for the analysis' own fragment and the API."""
    game = Game.objects.select_related("analysis").get(pk=game_id, campaign=campaign)
    require_decided(game)
    return game


def game_analysis(*, game: Game, written: list[str]) -> AnalysisView:
    """What the page shows of `game`'s analysis; `written`: its moves in the reader's notation.
    No query when `game` was read with its analysis (select_related), one otherwise."""
    require_decided(game)
    row = GameAnalysis.objects.filter(game=game).first() if not _cached(game) else getattr(game, "analysis", None)
    if row is None:
        state = "none" if analysis_available() and game.game_kind in KINDS else "unavailable"
        return AnalysisView(game=game, state=state, pending=False)
    if row.state != GameAnalysis.State.DONE:
        pending = row.state in (GameAnalysis.State.WAITING, GameAnalysis.State.RUNNING)
        return AnalysisView(game=game, state=row.state, pending=pending, row=row)
    evals = [(cp, mate) for cp, mate, _best in row.evals]
    found = [rules.Mark(m["ply"], m["judgement"], m["loss"], m["best"]) for m in row.marks]
    judged = {m.ply: m.judgement for m in found}
    return AnalysisView(
        game=game,
        state=row.state,
        pending=False,
        row=row,
        chart=rules.chart(evals, found),
        marks=[_mark(game.game_kind, m, written) for m in row.marks],
        moves=[MoveView(i, (i + 1) // 2, w, judged.get(i, "")) for i, w in enumerate(written[: row.plies], 1)],
        cut=row.plies < len(game.moves),
    )


def _cached(game: Game) -> bool:
    return Game.analysis.is_cached(game)


def _mark(kind: str, mark: dict, written: list[str]) -> MarkView:
    fen, best = mark["fen"], mark["best"]
    if kind == "chess":
        notations = {"san": rules.written(kind, fen, best, chinese=False)}
    else:
        notations = {n: rules.written(kind, fen, best, chinese=n == "chinese") for n in ("chinese", "wxf")}
    labels = {"blunder": _("blunder"), "mistake": _("mistake")}
    return MarkView(
        ply=mark["ply"],
        judgement=mark["judgement"],
        label=labels[mark["judgement"]],
        glyph=GLYPHS[mark["judgement"]],
        loss=mark["loss"],
        percent=round(mark["loss"] * 100),
        played=written[mark["ply"] - 1] if mark["ply"] <= len(written) else mark["played"],
        best=notations,
    )
