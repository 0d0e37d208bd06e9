"""The computer's accounts: a User flagged by its Bot row, at the levels it plays."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from bots.models import Bot
from campaign.errors import RuleViolation
from games.engine_player import ENGINE_LEVELS
from games.tactics.bots.levels import LEVELS


@transaction.atomic
def bot_create(*, username: str, tactics_level: str = "mcts", engine_level: int = 2) -> Bot:
    """A computer's account (no password: nobody logs in as it) at the given levels."""
    user = get_user_model().objects.create_user(username=username, email="")
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return bot_flag(user=user, tactics_level=tactics_level, engine_level=engine_level)


def bot_flag(*, user, tactics_level: str = "mcts", engine_level: int = 2) -> Bot:
    """An account flagged as the computer's (an officer's, say, whose games the computer plays),
    or its levels changed."""
    if tactics_level not in LEVELS:
        raise RuleViolation("T2.6", _("The computer plays hero tactics at %(levels)s.") % {"levels": ", ".join(LEVELS)})
    if engine_level not in ENGINE_LEVELS:
        top = max(ENGINE_LEVELS)
        raise RuleViolation("T2.6", _("The computer plays xiangqi and chess at levels 1 to %(top)s.") % {"top": top})
    bot, _created = Bot.objects.update_or_create(
        user=user, defaults={"tactics_level": tactics_level, "engine_level": engine_level}
    )
    return bot


# The computer's accounts every site has (`manage.py bot_accounts`, run by `make demo` and `make
# run`): one a hero tactics level, weakest first, with Fairy-Stockfish's level to match (beginner:
# its lowest, hard: its highest), which it plays in friendly xiangqi and chess.
COMPUTERS = (
    ("computer-beginner", "random", 1),
    ("computer-easy", "greedy", 2),
    ("computer-medium", "mcts", 3),
    ("computer-hard", "mcts-strong", 4),
)


def bot_accounts_ensure() -> list[tuple[str, str]]:
    """The computer's accounts of COMPUTERS, each created if its name is free: (name, what became
    of it: `created`, `present` when it is the computer's already at its levels, `mended` when it
    was the computer's at other levels (set back to COMPUTERS'), `taken` by another account, left
    alone). Run again, it changes nothing."""
    done = []
    for username, tactics_level, engine_level in COMPUTERS:
        existing = get_user_model().objects.filter(username__iexact=username).first()
        if existing is None:
            bot_create(username=username, tactics_level=tactics_level, engine_level=engine_level)
            done.append((username, "created"))
            continue
        bot = Bot.objects.filter(user=existing).first()
        if bot is None:
            done.append((username, "taken"))
        elif (bot.tactics_level, bot.engine_level) != (tactics_level, engine_level):
            bot_flag(user=existing, tactics_level=tactics_level, engine_level=engine_level)
            done.append((username, "mended"))
        else:
            done.append((username, "present"))
    return done


# The level a player chooses on the room's form (its hero tactics name), as Fairy-Stockfish's level
# of the computer that plays it at xiangqi and chess.
ENGINE_LEVEL_FOR = {tactics_level: engine_level for _name, tactics_level, engine_level in COMPUTERS}
