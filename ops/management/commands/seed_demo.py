"""Create the demo campaign if it is absent, and the computer's accounts (bot_accounts), and print
its logins."""

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import translation

from battles.services.march import march_start
from campaign.models import Campaign, Officer
from cities.models import City
from ops.demo import DEMO_PASSWORD, DEMO_SLUG, demo_spec
from seasons.world.creation import world_create


class Command(BaseCommand):
    help = "Create the Three Kingdoms demo campaign and the computer's accounts (if absent) and print the demo logins."

    def handle(self, *args, **options):
        if Campaign.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write("Demo campaign already present.")
        else:
            campaign = world_create(spec=demo_spec())
            self.start_war(campaign)
            self.stdout.write(self.style.SUCCESS("Demo campaign created."))
        call_command("bot_accounts", stdout=self.stdout, stderr=self.stderr)  # to practise against (bots/)
        with translation.override("en"):
            self.print_logins()

    def start_war(self, campaign):
        """The demo opens with 魏 marching on 漢中, so the dashboard has a countdown to watch."""
        officers = {o.name: o for o in Officer.objects.filter(campaign=campaign, name__in=["曹操", "徐晃", "許褚"])}
        march_start(
            actor=officers["曹操"],
            target=City.objects.get(campaign=campaign, name="漢中"),
            organisation=[(officers["徐晃"], "marshal"), (officers["許褚"], "general")],
        )

    def print_logins(self):
        officers = (
            Officer.objects.filter(campaign__slug=DEMO_SLUG)
            .select_related("user", "kingdom", "city")
            .prefetch_related("governed_cities")
            .order_by("kingdom__id", "-stars")
        )
        self.stdout.write(f"\nDemo logins (password for all: {DEMO_PASSWORD})")
        self.stdout.write(f"{'username':<12} {'officer':<6} {'kingdom':<4} {'stars':>5}  role")
        for o in officers:
            roles = []
            if o.kingdom and o.kingdom.king_id == o.pk:
                roles.append("king")
            roles += [f"governor of {c.name}" for c in o.governed_cities.all()]
            roles.append(o.get_kind_display())
            self.stdout.write(
                f"{o.user.username:<12} {o.name:<6} {o.kingdom.name if o.kingdom else '-':<4} "
                f"{o.stars:>5}  {', '.join(str(r) for r in roles)} @ {o.city.name if o.city else '-'}"
            )
