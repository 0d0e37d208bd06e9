"""Apply everything due now (R7.5), for an operator recovering by hand."""

from django.core.management.base import BaseCommand

from campaign import clock
from campaign.models import Timer
from campaign.timers import timers_sweep


class Command(BaseCommand):
    help = "Apply every day, penalty period, arrival and deadline that is due, oldest first, each once."

    def handle(self, *args, **options):
        applied = timers_sweep(limit=5000, rounds=1000)
        now = clock.now()
        overdue = Timer.objects.filter(status=Timer.Status.PENDING, due_at__lte=now).count()
        failed = Timer.objects.filter(status=Timer.Status.FAILED).count()
        self.stdout.write(f"applied {applied}; still overdue {overdue}; set aside after failures {failed}")
