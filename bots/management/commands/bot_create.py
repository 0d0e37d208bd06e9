"""Create the computer's account, or flag an existing one as the computer's (bots/): players
practise against it by challenging it (hero tactics) or meeting it in a live game (Fairy-Stockfish)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from bots.services.accounts import bot_create, bot_flag
from campaign.errors import RuleViolation
from games.engine_player import ENGINE_LEVELS
from games.tactics.bots import DEFAULT_LEVEL, LEVELS


class Command(BaseCommand):
    help = "Create a computer player's account (or flag an existing account as one) at its levels."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--tactics-level", default=DEFAULT_LEVEL, choices=sorted(LEVELS))
        parser.add_argument("--engine-level", type=int, default=2, choices=sorted(ENGINE_LEVELS))

    def handle(self, *args, username, tactics_level, engine_level, **options):
        existing = get_user_model().objects.filter(username__iexact=username).first()
        try:
            if existing is not None:
                bot_flag(user=existing, tactics_level=tactics_level, engine_level=engine_level)
            else:
                bot_create(username=username, tactics_level=tactics_level, engine_level=engine_level)
        except RuleViolation as fault:
            raise CommandError(str(fault)) from fault
        self.stdout.write(f"{username}: the computer, hero tactics {tactics_level}, xiangqi and chess {engine_level}")
