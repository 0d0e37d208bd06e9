"""A player practises hero tactics against the computer (docs/tactics.md, "Playing the
computer"): a challenge to the computer's account of the level chosen, which the worker accepts
(bots/hooks.py). One account a level (`computer_for`): the level is the opponent's, shown by its
name on every page and record, and the game's model stays as it is. A player has at most
COMPUTER_GAMES_PER_PLAYER such games unfinished at once; nothing here thinks (the worker does)."""

from django.conf import settings as site
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from bots.models import Bot
from campaign.errors import RuleViolation
from games.tactics.bots.levels import LEVELS
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_challenge

UNFINISHED = (
    TacticsGame.Status.CHALLENGED,
    TacticsGame.Status.PICKING,
    TacticsGame.Status.DEPLOYING,
    TacticsGame.Status.PLAYING,
)


def computer_for(level: str):
    """The active account of the computer that plays hero tactics at `level` (the oldest, when an
    admin flagged more than one), or None."""
    bot = Bot.objects.filter(tactics_level=level, user__is_active=True).select_related("user").order_by("pk").first()
    return bot.user if bot is not None else None


def computer_games(user) -> int:
    """The player's unfinished games against any computer."""
    against = Q(challenger=user, opponent__bot__isnull=False) | Q(opponent=user, challenger__bot__isnull=False)
    return TacticsGame.objects.filter(against, status__in=UNFINISHED).count()


@transaction.atomic
def practice_start(*, user, level: str, settings: dict, side: str = "first") -> TacticsGame:
    """`user` challenges the computer at `level` with the game's settings (§T15) and their side
    (T2.1); the worker accepts it after this commits. Counted with the user's row locked: two
    requests at once count one after the other."""
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
    computer = computer_for(level)
    if computer is None:
        raise RuleViolation(
            "T2.6",
            _("No computer plays at this level on this site yet: choose another level, or ask the site's admins."),
        )
    return tactics_challenge(user=user, opponent_name=computer.username, settings=settings, side=side)
