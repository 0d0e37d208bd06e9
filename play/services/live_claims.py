"""Claims in a game played live (R11.3: a repetition is a claim, not a result the board
decides; in chess FIDE's threefold repetition and fifty-move rule). The player entitled to
claim asks, and the site rules at once, under the game's locks as a resignation does: a draw, or
the perpetual offender loses, through `game_decide`. Who may claim what, and until when, is
games/claims.py; a claim not made lapses with the claimant's next move and the game
goes on."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import RuleViolation
from campaign.models import Officer
from games.claims import claimable
from play.models import Game
from play.services.live import _check_player, _deadline, _end, _flag_fall, _locked, game_terms
from play.services.records import colours, side_result


def game_claims(game: Game) -> dict[str, dict[str, str]]:
    """attacker / defender → what that side may claim now: its kind (`repetition`,
    `perpetual`, `fifty_moves`) and the result it gives (attacker, defender or draw)."""
    if game.status != Game.Status.PENDING or game.live_since is None:
        return {}
    by_colour = claimable(game.game_kind, game.moves, **game_terms(game))
    return {
        side: {"kind": claim.kind, "result": side_result(game, claim.result)}
        for side, colour in colours(game).items()
        if (claim := by_colour.get(colour)) is not None
    }


@transaction.atomic
def live_claim(*, actor: Officer, game: Game) -> Game:
    """`actor` claims what the position lets them claim (R11.3); the site rules at once. A claim
    nobody may make here (too early: the position has not stood a third time; too late: the
    claimant moved since; the wrong player: a perpetual's offender) is refused and changes
    nothing. A flag that fell before the claim came decides first."""
    city, game = _locked(game)
    require_war_running(game.campaign)  # as locked: a socket's officer may hold an older campaign
    side = _check_player(game, actor)
    if game.live_since is None:
        raise RuleViolation("R11.3", _("The game starts when both players are ready."))
    if clock.now() >= _deadline(game):
        return _flag_fall(city, game)
    claim = game_claims(game).get(side)
    if claim is None:
        raise RuleViolation(
            "R11.3",
            _(
                "Nothing can be claimed here: a repetition is claimed when the position stands a third time "
                "(in chess also after fifty moves without a capture or a pawn move), by a player entitled to it, "
                "before their next move."
            ),
        )
    return _end(city, game, claim["result"], f"{claim['kind']}_claimed")
