"""Write a whole campaign as one archive (docs/organising.md "The campaign archive"): the operator's, every
board (palaces too, even during the war); once the war has ended, the same bytes as the
organisers' download."""

import shutil
import sys
import tempfile

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from record.selectors.export import OPERATOR, campaign_export


class Command(BaseCommand):
    help = "Write a campaign (world, officers, boards and posts, games, ledger, timers applied) as a zip archive."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", help="the file to write (default: standard output)")

    def handle(self, *args, slug, output, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"No campaign has the address {slug!r}.")
        if output:
            with open(output, "wb") as f:
                campaign_export(campaign, f, reader=OPERATOR)
            return
        # A zip written to a file that seeks differs from one written to a pipe (sizes in the
        # headers, not after the data): the archive is made in a file first, then copied out.
        with tempfile.TemporaryFile() as spool:
            campaign_export(campaign, spool, reader=OPERATOR)
            spool.seek(0)
            shutil.copyfileobj(spool, sys.stdout.buffer)
