from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = _("Battles")

    def ready(self) -> None:
        # Registers the timer handlers in every process, and the war's reactions to what the
        # campaign does (campaign/hooks.py): imports here, since models are not ready before.
        from battles import services  # noqa: F401
        from battles.services import arrivals, clock
        from campaign import hooks

        hooks.register(hooks.departure_checks, arrivals.siege_departure_check)
        hooks.register(hooks.arrival_hooks, arrivals.defender_arrive_by_road)
        hooks.register(hooks.arrival_watch, arrivals.besieged_among)
        hooks.register(hooks.campaign_created_hooks, clock.first_day_schedule)
        from battles.selectors.duties import officer_duties

        hooks.register(hooks.duty_readers, officer_duties)
        from battles.selectors.boards import city_war

        hooks.register(hooks.city_war_readers, city_war)
        from battles.models import Army, Game, Siege
        from campaign import freshness

        freshness.watch(Siege)
        freshness.watch(Army)
        freshness.watch(Game, columns=["status", "live_since"])  # not each ply of a live game

        from battles import fanout
        from battles.services import common

        if fanout.changed not in common.watchers:
            common.watchers.append(fanout.changed)  # games on the site: their watchers hear of each change
