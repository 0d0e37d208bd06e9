"""Create the computer's accounts, one a hero tactics level, if absent (bots/services/accounts.py):
`make demo` and `make run` run it, and a deployment after `migrate`. Run again, it changes nothing."""

from django.core.management.base import BaseCommand

from bots.services.accounts import bot_accounts_ensure


class Command(BaseCommand):
    help = "Create the computer's accounts (one a hero tactics level) if absent; nobody logs in as them."

    def handle(self, *args, **options):
        for username, became in bot_accounts_ensure():
            self.stdout.write(f"{username}: {became}")
