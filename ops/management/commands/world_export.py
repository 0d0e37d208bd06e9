"""Write a campaign's world as a world file (docs/world-files.md)."""

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from seasons.world.export import world_export


class Command(BaseCommand):
    help = "Write a campaign's world (settings, kingdoms, cities, roads, officers) as YAML or JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=["yaml", "json"], default="yaml")
        parser.add_argument("--output", help="the file to write (default: standard output)")

    def handle(self, *args, slug, format, output, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"No campaign has the address {slug!r}.")
        text = world_export(campaign, fmt=format)
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            self.stdout.write(text, ending="")
