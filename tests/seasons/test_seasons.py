"""Next season (docs/organising.md "Standings, chronicle and next season"): an organiser makes a new campaign
in draft from this one's opening world, with or without its officers; no timer; refusals change
nothing."""

import pytest
from allauth.mfa.models import Authenticator
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Officer, Timer
from seasons.services.season_next import season_next
from seasons.world.export import world_data
from tests.worlds import besiege, make_world, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("organiser", password="a-long-organiser-password")


@pytest.fixture
def fought(clock, db, organiser):
    """A campaign whose opening world was saved (as war_start, another part's service, saves it:
    set directly here) and whose war then changed it: 魏 took 漢中."""
    world = make_world(capital_wall=12, buffer_wall=12, frontier_wall=12, unanswered_points=0, outnumbered_points=0)
    world.campaign.organisers.add(organiser)
    Campaign.objects.filter(pk=world.campaign.pk).update(opening_world=world_data(world.campaign))
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")
    world.campaign.refresh_from_db()
    return world


def _world_of(campaign):
    data = world_data(campaign)
    return {k: data[k] for k in ("settings", "kingdoms", "cities", "roads", "time_zone", "battle_game")}


def test_next_season_is_a_draft_with_the_opening_world_and_no_timers(fought, organiser):
    Campaign.objects.filter(pk=fought.campaign.pk).update(mfa_required=True, prisoners_may_leave=True)
    fought.campaign.refresh_from_db()  # the organiser logs in with two factors, as it now requires
    Authenticator.objects.create(user=organiser, type=Authenticator.Type.TOTP, data={"secret": "JBSWY3DPEHPK3PXP"})
    fought.campaign.refresh_from_db()
    season = season_next(user=organiser, campaign=fought.campaign, name="第二季", slug="season-2", officers=False)
    assert season.status == Campaign.Status.DRAFT and season.previous_season_id == fought.campaign.pk
    assert _world_of(season) == {k: fought.campaign.opening_world[k] for k in _world_of(season)}
    assert next(c for c in world_data(season)["cities"] if c["name"] == "漢中")["kingdom"] == "蜀", "as it opened"
    assert not Officer.objects.filter(campaign=season).exists()
    assert not Timer.objects.filter(campaign=season).exists(), "no first midnight for a draft"
    assert list(season.organisers.all()) == [organiser]
    season.refresh_from_db()
    assert season.mfa_required and season.prisoners_may_leave, "the life's settings carry over"


def test_next_season_carries_the_officers_with_their_stars_to_their_capitals(fought, organiser):
    season = season_next(user=organiser, campaign=fought.campaign, name="第二季", slug="season-2", officers=True)
    old = {o.name: o for o in Officer.objects.filter(campaign=fought.campaign).select_related("kingdom")}
    new = {o.name: o for o in Officer.objects.filter(campaign=season).select_related("kingdom", "city", "user")}
    assert set(new) == set(old)
    for name, officer in new.items():
        assert (officer.stars, officer.kind, officer.title, officer.user_id) == (
            old[name].stars,
            old[name].kind,
            old[name].title,
            old[name].user_id,
        )
        assert officer.whereabouts == "city" and officer.city == officer.kingdom.capital
    assert new["張飛"].kingdom.name == "蜀", "a prisoner at the end is home again"
    assert season.kingdoms.get(name="魏").king.name == "曹操"
    assert not Timer.objects.filter(campaign=season).exists()


def test_next_season_without_an_opening_world_copies_the_world_as_it_stands(fought, organiser):
    Campaign.objects.filter(pk=fought.campaign.pk).update(opening_world=None)
    fought.campaign.refresh_from_db()
    season = season_next(user=organiser, campaign=fought.campaign, name="第二季", slug="season-2", officers=False)
    assert next(c for c in world_data(season)["cities"] if c["name"] == "漢中")["kingdom"] == "魏"


def test_next_season_refusals_change_nothing(fought, organiser):
    player = fought["曹操"].user
    with pytest.raises(NotAllowed):
        season_next(user=player, campaign=fought.campaign, name="第二季", slug="season-2", officers=False)
    with pytest.raises(RuleViolation, match="slug"):
        season_next(user=organiser, campaign=fought.campaign, name="第二季", slug=fought.campaign.slug, officers=False)
    with pytest.raises(RuleViolation):
        season_next(user=organiser, campaign=fought.campaign, name="", slug="season-2", officers=False)
    with pytest.raises(RuleViolation):
        season_next(user=organiser, campaign=fought.campaign, name="第二季", slug="bad slug", officers=False)
    Campaign.objects.filter(pk=fought.campaign.pk).update(status=Campaign.Status.DRAFT)
    fought.campaign.refresh_from_db()
    with pytest.raises(RuleViolation):
        season_next(user=organiser, campaign=fought.campaign, name="第二季", slug="season-2", officers=False)
    assert Campaign.objects.count() == 1


def test_the_next_season_page_is_for_organisers_in_both_languages(fought, organiser, client):
    url = reverse("organise-next-season", args=[fought.campaign.slug])
    client.force_login(fought["曹操"].user)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    for language in ("en", "zh-hant"):
        client.cookies.load({"django_language": language})
        page = client.get(url)
        assert page.status_code == 200 and 'name="csrfmiddlewaretoken"' in page.content.decode()
    response = client.post(
        reverse("season-next", args=[fought.campaign.slug]), {"name": "第二季", "slug": "season-2", "officers": "1"}
    )
    assert response.status_code == 302 and Campaign.objects.get(slug="season-2").officers.count() > 0
