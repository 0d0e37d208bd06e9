"""Create a campaign from a world file (docs/world-files.md); a refused file changes nothing."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from campaign.errors import RuleViolation
from seasons.world.importing import world_import


class Command(BaseCommand):
    help = "Create a campaign from a world file (YAML, or JSON when the name ends in .json)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--format", choices=["yaml", "json"], help="default: from the file's name")

    def handle(self, *args, file, format, **options):
        path = Path(file)
        fmt = format or ("json" if path.suffix.lower() == ".json" else "yaml")
        try:
            with path.open("rb") as f:
                data = f.read(settings.WORLD_FILE_MAX_BYTES + 1)  # one byte more than allowed is enough to refuse
        except OSError as e:
            raise CommandError(f"Cannot read {file}: {e.strerror}") from None
        try:
            campaign = world_import(text=data, fmt=fmt)
        except RuleViolation as refusal:
            raise CommandError(refusal.refusal) from None
        self.stdout.write(self.style.SUCCESS(f"Campaign {campaign.slug!r} created: {campaign.name}"))
