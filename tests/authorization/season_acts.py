"""The matrix's rows for the organisers' season page (R1.1): only an organiser of the campaign
(here 王粲, made one) moves its life; its king, another kingdom's king and the rest may not."""

from datetime import timedelta

from campaign import clock as war_clock
from campaign.models import Campaign
from seasons.services.season_life import war_pause
from tests.authorization.cases import Case, allow, refuse


def _organised(world, status: str = Campaign.Status.WAR) -> None:
    world.campaign.organisers.add(world["王粲"].user)
    Campaign.objects.filter(pk=world.campaign.pk).update(status=status)


def _roles() -> dict:
    return {"other": refuse("孫權"), "same": refuse("曹操"), "right": allow("王粲")}


def _local(delta: timedelta, world) -> str:
    return (war_clock.now() + delta).astimezone(world.campaign.zone).strftime("%Y-%m-%dT%H:%M")


def season_open_enrolment(world, clock):
    _organised(world, Campaign.Status.DRAFT)
    return Case([], {}, _roles())


def season_start_set(world, clock):
    _organised(world, Campaign.Status.DRAFT)
    return Case([], {"at": _local(timedelta(hours=2), world)}, _roles())


def season_start_now(world, clock):
    _organised(world, Campaign.Status.ENROLMENT)
    return Case([], {}, _roles())


def season_pause(world, clock):
    _organised(world)
    return Case([], {}, _roles())


def season_resume(world, clock):
    _organised(world)
    war_pause(user=world["王粲"].user, campaign=Campaign.objects.get(pk=world.campaign.pk))
    return Case([], {}, _roles())


def season_end_set(world, clock):
    _organised(world)
    return Case([], {"at": _local(timedelta(days=7), world)}, _roles())


def season_end(world, clock):
    _organised(world)
    return Case([], {"confirm": "yes"}, _roles())
