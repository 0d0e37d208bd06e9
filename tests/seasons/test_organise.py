"""Organising a campaign (R1.1, docs/organising.md "Organising a campaign"): who may create one, a campaign
made in draft with no timer, the settings before the war, organisers added and removed (never
the last), a draft's world replaced by a file; each refusal changes nothing."""

from datetime import timedelta
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.utils import translation

from campaign.authority import may_create_campaigns
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Officer, Timer
from cities.models import City, Road
from seasons.services.organise import (
    campaign_create,
    campaign_import,
    campaign_settings_update,
    organiser_add,
    organiser_remove,
    world_replace,
)
from seasons.world.importing import world_import
from tests.seasons.world_files import site_example

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml"


@pytest.fixture(autouse=True)
def english():
    """The refusals read in English here (their Chinese: tests/pages)."""
    with translation.override("en"):
        yield


def organiser(username="zhuge"):
    user = get_user_model().objects.create_user(username, password="a-long-organiser-password")
    user.user_permissions.add(Permission.objects.get(codename="organise_campaigns"))
    return get_user_model().objects.get(pk=user.pk)  # the permission cache read anew


def draft(user, slug="spring"):
    return campaign_create(actor=user, name="春季戰役", slug=slug, time_zone="Asia/Taipei", battle_game="xiangqi")


@pytest.mark.django_db
def test_r1_1_a_user_with_the_permission_creates_a_draft_with_no_timer_and_organises_it():
    user = organiser()
    campaign = draft(user)
    assert campaign.status == Campaign.Status.DRAFT
    assert list(campaign.organisers.all()) == [user]
    assert not Timer.objects.exists()  # the first midnight comes with the war's start


@pytest.mark.django_db
def test_r1_1_without_the_permission_nobody_creates_a_campaign():
    user = get_user_model().objects.create_user("nobody", password="a-long-nobody-password")
    with pytest.raises(NotAllowed):
        draft(user)
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_r1_1_by_default_every_user_with_a_confirmed_address_creates_unless_the_site_requires_the_permission(
    settings,
):
    user = get_user_model().objects.create_user("member", password="a-long-member-password")
    assert settings.CAMPAIGN_CREATORS == "confirmed"  # the default
    assert not may_create_campaigns(user)  # no confirmed address yet
    EmailAddress.objects.create(user=user, email="member@example.org", verified=False, primary=True)
    assert not may_create_campaigns(user)
    EmailAddress.objects.filter(user=user).update(verified=True)
    assert may_create_campaigns(user)
    settings.CAMPAIGN_CREATORS = "permitted"
    assert not may_create_campaigns(user)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "field, value, words",
    [
        ("slug", "no spaces", "address"),
        ("time_zone", "Mars/Olympus", "Mars/Olympus"),
        ("battle_game", "go", "go"),
        ("name", "", "Text"),
    ],
)
def test_r1_1_a_new_campaign_with_a_bad_field_is_refused_naming_it(field, value, words):
    fields = {"name": "春", "slug": "spring", "time_zone": "Asia/Taipei", "battle_game": "xiangqi", field: value}
    with pytest.raises(RuleViolation, match=words):
        campaign_create(actor=organiser(), **fields)
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_r1_1_a_taken_address_is_refused_with_a_message():
    user = organiser()
    draft(user)
    with pytest.raises(RuleViolation, match="spring"):
        draft(user)
    assert Campaign.objects.count() == 1


class OtherRequestFirst:
    """Another request taking the address between this one's check and its INSERT (Django's
    execute wrapper on the one connection): at the first savepoint after the address was read."""

    def __init__(self, slug: str) -> None:
        self.slug, self.checked, self.done = slug, False, False

    def __call__(self, execute, sql, params, many, context):
        if not self.done and sql.startswith("SELECT") and '"campaign_campaign"' in sql:
            self.checked = True
        elif not self.done and self.checked and sql.startswith("SAVEPOINT"):
            self.done = True
            Campaign.objects.create(name="other", slug=self.slug)
        return execute(sql, params, many, context)


@pytest.mark.django_db
@pytest.mark.parametrize("make", ["form", "file"])
def test_r1_1_an_address_taken_at_the_same_moment_is_refused_not_a_500(make):
    """The race the unique index alone answered with a 500: refused by name, nothing of this one's made."""
    user = organiser()
    text = site_example().replace(b"slug: three-kingdoms", b"slug: demo-war")
    race = OtherRequestFirst("demo-war")
    with connection.execute_wrapper(race), pytest.raises(RuleViolation, match="demo-war"):
        if make == "form":
            campaign_create(actor=user, name="x", slug="demo-war", time_zone="Asia/Taipei", battle_game="xiangqi")
        else:
            campaign_import(actor=user, text=text, fmt="yaml")
    assert race.done
    assert not Campaign.objects.filter(organisers=user).exists()  # (the other's row went with the test's savepoint)
    assert not City.objects.exists()


@pytest.mark.django_db
def test_r1_1_world_import_racing_another_for_the_address_is_refused():
    text = site_example().replace(b"slug: three-kingdoms", b"slug: demo-war")
    with connection.execute_wrapper(OtherRequestFirst("demo-war")), pytest.raises(RuleViolation, match="demo-war"):
        world_import(text=text)
    assert not City.objects.exists()


@pytest.mark.django_db
def test_r1_1_a_world_file_makes_a_draft_with_its_creator_organising_and_no_timer():
    user = organiser()
    campaign = campaign_import(actor=user, text=site_example(), fmt="yaml")
    assert campaign.status == Campaign.Status.DRAFT and list(campaign.organisers.all()) == [user]
    assert City.objects.filter(campaign=campaign).count() == 12
    assert not Timer.objects.exists()


@pytest.mark.django_db
def test_r1_1_an_organiser_sets_the_rule_settings_before_the_war():
    user = organiser()
    campaign = draft(user)
    campaign_settings_update(
        actor=user,
        campaign=campaign,
        values={"travel_time": timedelta(minutes=30), "war_start_minute": 600, "mfa_required": True},
    )
    campaign.refresh_from_db()
    assert campaign.travel_time == timedelta(minutes=30) and campaign.war_start_minute == 600 and campaign.mfa_required
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENROLMENT)
    campaign.refresh_from_db()
    with pytest.raises(NotAllowed):  # now required of its organisers: this one has none
        campaign_settings_update(actor=user, campaign=campaign, values={"pursuers": 4})
    Authenticator.objects.create(user=user, type=Authenticator.Type.TOTP, data={"secret": "JBSWY3DPEHPK3PXP"})
    campaign_settings_update(actor=user, campaign=campaign, values={"pursuers": 4})
    assert Campaign.objects.get(pk=campaign.pk).pursuers == 4


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Campaign.Status.WAR, Campaign.Status.ENDED])
def test_r1_1_from_the_war_start_the_settings_are_refused(status):
    user = organiser()
    campaign = draft(user)
    Campaign.objects.filter(pk=campaign.pk).update(status=status)
    campaign.refresh_from_db()
    with pytest.raises(RuleViolation, match="before the war"):
        campaign_settings_update(actor=user, campaign=campaign, values={"pursuers": 4})
    assert Campaign.objects.get(pk=campaign.pk).pursuers == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    "values, words",
    [
        ({"war_start_minute": 1300, "war_end_minute": 600}, "R7.4"),
        ({"pursuers": -1}, "whole number"),
        ({"time_zone": "Nowhere/Land"}, "Nowhere"),
        ({"colour": "red"}, "Unknown setting"),
    ],
)
def test_r1_1_a_bad_setting_is_refused_and_nothing_changes(values, words):
    user = organiser()
    campaign = draft(user)
    with pytest.raises(RuleViolation) as refused:
        campaign_settings_update(actor=user, campaign=campaign, values=values)
    assert words in refused.value.refusal
    assert Campaign.objects.get(pk=campaign.pk).war_start_minute == 540


@pytest.mark.django_db
def test_r1_3_a_lower_kind_wall_brings_its_cities_down_and_a_wall_above_it_is_refused():
    user = organiser()
    campaign = campaign_import(actor=user, text=site_example(), fmt="yaml")
    campaign_settings_update(actor=user, campaign=campaign, values={"capital_wall": 700})
    capitals = City.objects.filter(campaign=campaign, kind="capital")
    assert set(capitals.values_list("wall", "wall_max", "wall_start")) == {(700, 700, 700)}
    started_lower = City.objects.filter(campaign=campaign, kind="frontier").first()
    City.objects.filter(pk=started_lower.pk).update(wall=250, wall_start=250)  # a city started lower
    started_lower.wall = 250
    with pytest.raises(RuleViolation, match="above"):
        campaign_settings_update(actor=user, campaign=campaign, values={"frontier_wall": started_lower.wall - 1})
    assert not City.objects.filter(campaign=campaign, kind="frontier", wall_max=started_lower.wall - 1).exists()


@pytest.mark.django_db
def test_r1_1_only_an_organiser_changes_a_campaign():
    campaign = draft(organiser())
    stranger = organiser("stranger")  # may create campaigns, does not organise this one
    with pytest.raises(NotAllowed):
        campaign_settings_update(actor=stranger, campaign=campaign, values={"pursuers": 4})
    with pytest.raises(NotAllowed):
        organiser_add(actor=stranger, campaign=campaign, username="stranger")
    assert campaign.organisers.count() == 1


@pytest.mark.django_db
def test_r1_1_organisers_add_and_remove_each_other_never_the_last():
    first = organiser()
    campaign = draft(first)
    second = get_user_model().objects.create_user("pangtong", password="a-long-second-password")
    organiser_add(actor=first, campaign=campaign, username="pangtong")
    with pytest.raises(RuleViolation, match="already"):
        organiser_add(actor=first, campaign=campaign, username="pangtong")
    with pytest.raises(RuleViolation, match="nobody-here"):
        organiser_add(actor=first, campaign=campaign, username="nobody-here")
    organiser_remove(actor=second, campaign=campaign, user=first)
    with pytest.raises(RuleViolation, match="at least one"):
        organiser_remove(actor=second, campaign=campaign, user=second)
    assert list(campaign.organisers.all()) == [second]


@pytest.mark.django_db
def test_r1_1_a_draft_world_is_replaced_by_a_file_keeping_its_address():
    user = organiser()
    campaign = campaign_import(actor=user, text=site_example(), fmt="yaml")
    small = (
        b"name: small\nslug: whatever\nkingdoms:\n- {name: A, capital: a}\n"
        b"cities:\n- {name: a, kingdom: A, kind: capital}\n- {name: b, kind: frontier}\nroads:\n- [a, b]\n"
    )
    world_replace(actor=user, campaign=campaign, text=small, fmt="yaml")
    campaign.refresh_from_db()
    assert (campaign.slug, campaign.name) == ("three-kingdoms", "small")
    assert sorted(City.objects.filter(campaign=campaign).values_list("name", flat=True)) == ["a", "b"]
    assert (
        Road.objects.filter(campaign=campaign).count() == 1 and not Officer.objects.filter(campaign=campaign).exists()
    )
    assert City.objects.filter(campaign=campaign, map_x__isnull=True).count() == 0  # laid out once, when saved


@pytest.mark.django_db
def test_r1_4_a_refused_file_leaves_the_draft_world_as_it_was():
    user = organiser()
    campaign = campaign_import(actor=user, text=site_example(), fmt="yaml")
    broken = site_example().replace("capital: 許昌".encode(), b"capital: nowhere", 1)
    with pytest.raises(RuleViolation, match="Line"):
        world_replace(actor=user, campaign=campaign, text=broken, fmt="yaml")
    assert City.objects.filter(campaign=campaign).count() == 12


@pytest.mark.django_db
def test_r1_1_a_world_at_war_is_not_replaced():
    user = organiser()
    campaign = campaign_import(actor=user, text=site_example(), fmt="yaml")
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.WAR)
    with pytest.raises(RuleViolation, match="draft"):
        world_replace(actor=user, campaign=campaign, text=site_example(), fmt="yaml")
