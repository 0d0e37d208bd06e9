"""What the games' screens read, run off the event loop (`ctx.db`) in the session's language:
through the site's own selectors (a game's page: `game_detail` and its notation; a live game's
watchers: `live_state`), nothing asked of the database that the pages do not ask."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign.authority import officer_of
from campaign.models import Campaign, Officer
from games.pgn import move_pairs
from games.text_board import placement, placements
from play.models import Game
from play.selectors.games import game_detail, notation
from play.selectors.live import live_state
from play.services.live import live_read
from play.services.records import colours


def reader_style() -> str:
    """Chinese notation for readers of Chinese, WXF for everyone else (as the game's page)."""
    return "chinese" if (get_language() or "").startswith("zh") else "wxf"


def colour_word(colour: str) -> str:
    words = {"red": _("red"), "black": _("black"), "white": _("white")}
    return words.get(colour) or {"first": _("first"), "second": _("second")}[colour]


@dataclass(frozen=True)
class Replay:
    """A game as its replay shows it: every position, the moves in the reader's notation."""

    kind: str
    moves: tuple[str, ...]  # canonical (ICCS, UCI)
    pairs: list[dict]  # the moves in the reader's notation, by pairs (`move_pairs`)
    placements: tuple[str, ...]  # before the first move and after each
    players: tuple[tuple[str, str], ...]  # (colour word, name): the first mover's, then the other's
    heading: str  # the status, or the result and how it was reached
    black_view: bool  # the reader played black: the board turned
    claim: str = ""  # a reported record's claim, awaiting its opponent or disputed (R11.3)
    answers: bool = False  # the reader is the opponent who confirms or disputes it


def replay_read(*, campaign: Campaign, game_id: int, user: User | AnonymousUser) -> Replay:
    """The game of this campaign (Game.DoesNotExist otherwise), as its page reads it."""
    viewer = officer_of(user, campaign)
    view = game_detail(game_id=game_id, campaign=campaign, viewer=viewer, user=user)
    game = view.game
    side_colours = colours(game)
    names = {"attacker": game.attacker.name, "defender": game.defender.name if game.defender else "…"}
    order = sorted(side_colours, key=lambda side: side_colours[side] not in ("red", "white"))
    if game.status == Game.Status.DECIDED:
        heading = " · ".join(part for part in (str(game.get_result_display()), game.how) if part)
    else:
        heading = str(game.get_status_display())
    viewer_side = "attacker" if viewer and viewer.pk == game.attacker_id else None
    viewer_side = "defender" if viewer and viewer.pk == game.defender_id else viewer_side
    return Replay(
        kind=game.game_kind,
        moves=tuple(game.moves),
        pairs=move_pairs(notation(game, reader_style())),
        placements=tuple(placements(game.game_kind, game.moves)),
        players=tuple((colour_word(side_colours[side]), names[side]) for side in order),
        heading=heading,
        black_view=viewer_side is not None and side_colours[viewer_side] == "black",
        claim=_claim_line(game, view.claim_due, campaign) if game.status == Game.Status.PENDING else "",
        answers=view.answers,
    )


def _claim_line(game: Game, due: datetime | None, campaign: Campaign) -> str:
    """The claim as the game's page says it, with when it stands unanswered (R11.3)."""
    if not game.claim:
        return ""
    line = _("claim: %(claim)s") % {"claim": game.claim}
    if due is not None:
        at = timezone.localtime(due, campaign.zone).strftime("%m-%d %H:%M")
        line += " · " + _("unanswered, it stands at %(time)s") % {"time": at}
    return line


def reader_officer(*, campaign: Campaign, user: User | AnonymousUser) -> Officer | None:
    """Who the reader is in the campaign (None: a visitor), read once when a screen opens."""
    return officer_of(user, campaign)


@dataclass(frozen=True)
class LiveView:
    """A live game as its watchers are sent it (`live_state`), with what a text board needs: the
    position, the last move, the players' names and colours."""

    state: dict
    kind: str
    placement: str
    last: str | None
    names: dict[str, str]  # attacker / defender → name
    colours: dict[str, str]  # attacker / defender → red, black, white


def live_view(*, game_id: int, user_id: int | None) -> LiveView:
    state = live_state(game_id=game_id, user_id=user_id, language=get_language() or "zh-hant")
    game = live_read().get(pk=game_id)
    return LiveView(
        state=state,
        kind=game.game_kind,
        placement=placement(game.game_kind, game.moves),
        last=game.moves[-1] if game.moves else None,
        names={"attacker": game.attacker.name, "defender": game.defender.name if game.defender else "…"},
        colours=colours(game),
    )


def live_board(*, game_id: int) -> tuple[str, str | None]:
    """What a change of a live game does to its text board: the position after its moves and
    the last move (the rest of the change comes in the group's message)."""
    kind, moves = Game.objects.values_list("game_kind", "moves").get(pk=game_id)
    return placement(kind, moves), moves[-1] if moves else None
