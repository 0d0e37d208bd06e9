"""A world file makes no account, on the site or by the command, and a draft's world replaced by a
file leaves nothing of the old one behind: no account, no city, road, board, kingdom or officer,
no campaign being built (seasons/world/staging.py)."""

import pytest
from django.contrib.auth import get_user_model

from campaign.errors import RuleViolation
from campaign.models import STAGING, Campaign, Kingdom, Officer
from cities.models import City, Road
from forum.models import Board, BoardModerator
from seasons.services.organise import campaign_import, world_replace
from tests.seasons.test_organise import organiser

FIRST = """name: first
slug: first
kingdoms:
- {name: A, capital: a}
- {name: B, capital: c}
cities:
- {name: a, kingdom: A, kind: capital}
- {name: b, kind: frontier}
- {name: c, kingdom: B, kind: capital}
roads:
- [a, b]
- [b, c]
officers:
- {user: zhuge, name: 孔明, kingdom: A, stars: 20, kind: strategist, city: a, king: true, governs: a, moderates: [a]}
"""
SECOND = """name: second
slug: second
kingdoms:
- {name: Z, capital: z}
cities:
- {name: z, kingdom: Z, kind: capital}
- {name: y, kind: buffer}
roads:
- [z, y]
"""
WITH_NEWCOMER = FIRST + "- {user: newcomer, name: 新人, kingdom: B, stars: 3, kind: general, city: c}\n"


def _counts() -> dict[str, int]:
    models = (get_user_model(), Campaign, Kingdom, City, Road, Board, Officer, BoardModerator)
    return {model.__name__: model.objects.count() for model in models}


@pytest.mark.django_db
def test_security_an_uploaded_world_naming_a_new_user_is_refused_and_makes_no_account():
    """Security: a world file mints no site account (an upload of 20,000 names made 20,000)."""
    user = organiser()
    before = _counts()
    with pytest.raises(RuleViolation, match="newcomer"):
        campaign_import(actor=user, text=WITH_NEWCOMER.encode(), fmt="yaml")
    assert _counts() == before and not get_user_model().objects.filter(username="newcomer").exists()


@pytest.mark.django_db
def test_security_an_uploaded_world_naming_another_player_s_account_is_refused():
    """Security: an organiser enrols no other player unasked; players join through invitations."""
    user = organiser()
    get_user_model().objects.create_user("newcomer")
    with pytest.raises(RuleViolation, match="newcomer"):
        campaign_import(actor=user, text=WITH_NEWCOMER.encode(), fmt="yaml")
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_r1_1_a_draft_world_replaced_leaves_nothing_of_the_old_one_behind():
    user = organiser()
    campaign = campaign_import(actor=user, text=FIRST.encode(), fmt="yaml")
    assert Officer.objects.get(campaign=campaign).user == user  # the uploader serves in their own war
    with pytest.raises(RuleViolation, match="newcomer"):
        world_replace(actor=user, campaign=campaign, text=WITH_NEWCOMER.encode(), fmt="yaml")
    world_replace(actor=user, campaign=campaign, text=SECOND.encode(), fmt="yaml")
    campaign.refresh_from_db()
    assert (campaign.slug, campaign.name, list(campaign.organisers.all())) == ("first", "second", [user])
    assert _counts() == {
        "User": 1,
        "Campaign": 1,
        "Kingdom": 1,
        "City": 2,
        "Road": 1,
        "Board": 3,  # the palace and the two cities'
        "Officer": 0,
        "BoardModerator": 0,
    }
    assert not Campaign.objects.filter(slug__startswith=STAGING).exists()
    assert sorted(City.objects.filter(campaign=campaign).values_list("name", flat=True)) == ["y", "z"]
