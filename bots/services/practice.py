"""A player practises hero tactics, xiangqi or chess against the computer (docs/tactics.md,
"Playing the computer"): a challenge to the computer's account of the level chosen (a tactics
game, or a friendly board game at Fairy-Stockfish's matching level), which the worker accepts
(bots/hooks.py). Dark chess is refused: the engine plays no game of hidden pieces. One account a
level (`computer_for`): the level is the opponent's, shown by its name on every page and record,
and the game's model stays as it is. A player has at most COMPUTER_GAMES_PER_PLAYER such games
of every kind unfinished at once; nothing here thinks (the worker does)."""

from django.conf import settings as site
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from bots.models import Bot
from bots.services.accounts import ENGINE_LEVEL_FOR
from campaign.errors import RuleViolation
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_challenge
from games.tactics.bots.levels import LEVELS
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_challenge

UNFINISHED = (
    TacticsGame.Status.CHALLENGED,
    TacticsGame.Status.PICKING,
    TacticsGame.Status.DEPLOYING,
    TacticsGame.Status.PLAYING,
)
BOARD_UNFINISHED = (FriendlyGame.Status.CHALLENGED, FriendlyGame.Status.PLAYING)
KINDS = ("tactics", "xiangqi", "chess")  # what the computer plays (bots/services/friendly.py)


def computer_for(level: str, kind: str = "tactics"):
    """The active account of the computer that plays `kind` at `level` (hero tactics at that
    level; xiangqi and chess at Fairy-Stockfish's level matching it), the oldest when an admin
    flagged more than one, or None."""
    bots = Bot.objects.filter(user__is_active=True)
    if kind == "tactics":
        bots = bots.filter(tactics_level=level)
    else:
        bots = bots.filter(engine_level=ENGINE_LEVEL_FOR[level])
    bot = bots.select_related("user").order_by("pk").first()
    return bot.user if bot is not None else None


def computer_games(user) -> int:
    """The player's unfinished games against any computer."""
    against = Q(challenger=user, opponent__bot__isnull=False) | Q(opponent=user, challenger__bot__isnull=False)
    board = Q(first=user, second__bot__isnull=False) | Q(second=user, first__bot__isnull=False)
    return (
        TacticsGame.objects.filter(against, status__in=UNFINISHED).count()
        + FriendlyGame.objects.filter(board, status__in=BOARD_UNFINISHED).count()
    )


def _kind_refusal(kind: str) -> RuleViolation:
    if kind == "banqi":
        return RuleViolation(
            "R11.1",
            _(
                "The computer does not play dark chess: its engine plays only games whose pieces it "
                "sees. Choose hero tactics, xiangqi or chess."
            ),
        )
    return RuleViolation("R11.1", _("The computer plays hero tactics, xiangqi or chess: choose one."))


@transaction.atomic
def practice_start(
    *, user, level: str, settings: dict, side: str = "first", kind: str = "tactics"
) -> TacticsGame | FriendlyGame:
    """`user` challenges the computer at `level` to `kind` (hero tactics, xiangqi or chess) with
    the game's settings (§T15; a board game's time control, R11.3) and their side (T2.1); the
    worker accepts it after this commits. Counted with the user's row locked: two requests at
    once count one after the other."""
    if kind not in KINDS:
        raise _kind_refusal(kind)
    if level not in LEVELS:
        raise RuleViolation("T2.6", _("Choose the computer's level: 入門, 初級, 中級 or 高級."))
    if hasattr(user, "bot"):
        raise RuleViolation("T2.6", _("The computer does not practise against itself."))
    get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    limit = site.COMPUTER_GAMES_PER_PLAYER
    playing = computer_games(user)
    if playing >= limit:
        raise RuleViolation(
            "T2.6",
            ngettext(
                "You have %(n)d game against the computer unfinished, the most this site allows at once: "
                "finish or resign it first.",
                "You have %(n)d games against the computer unfinished, the most this site allows at once: "
                "finish or resign one first.",
                playing,
            )
            % {"n": playing},
        )
    computer = computer_for(level, kind)
    if computer is None:
        raise RuleViolation(
            "T2.6",
            _("No computer plays at this level on this site yet: choose another level, or ask the site's admins."),
        )
    if kind != "tactics":
        return friendly_challenge(user=user, opponent_name=computer.username, kind=kind, settings=settings, side=side)
    return tactics_challenge(user=user, opponent_name=computer.username, settings=settings, side=side)
