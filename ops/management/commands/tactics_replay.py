"""Replay a hero tactics record (sanguo-tactics/1, docs/tactics.md T18.3): the first illegal action
by its index and clause, or the final state and the result; --json prints T18.4's final state."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.tactics.replay import describe, replay


class Command(BaseCommand):
    help = "Replay a hero tactics record (sanguo-tactics/1) and print its final state or its first illegal action."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record, a JSON file")
        parser.add_argument("--seed", help="the revealed seed, when the record has none (T18.1)")
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="print exactly the final state of T18.4"
        )

    def handle(self, *args, file, seed, as_json, **options):
        try:
            with open(file, encoding="utf-8") as f:
                record = json.load(f)
        except (OSError, ValueError) as error:
            raise CommandError(f"{file}: not a readable JSON record ({error})") from error
        if as_json:
            self.stdout.write(json.dumps(replay(record, seed), ensure_ascii=False))
            return
        legal, lines = describe(record, seed)
        self.stdout.write("\n".join(lines))
        if not legal:
            raise CommandError(lines[0])
