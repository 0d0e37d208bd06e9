"""§1 A world file's preview says what its save will say, at every door a file
comes in by (the site's new campaign and draft's world, the API's two): the demo's own world file,
whose officers are other players' accounts, was previewed as fine and then refused at Save
("帳號「caocao」屬於其他玩家…"); a file at a taken address likewise. Refused at the preview with the
save's own words, nothing written."""

import re

import pytest
from django.contrib.auth import get_user_model

from accounts.services import token_create
from seasons.services.organise import campaign_import
from tests.authorization.matrix import snapshot
from tests.seasons.test_organise import organiser
from tests.seasons.test_world_file_doors import DOORS, EXAMPLE, _send
from tests.seasons.world_files import site_example

USERNAMES = sorted(set(re.findall(r"\{user: ([\w.@+-]+),", EXAMPLE)))


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def draft(user):
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


@pytest.fixture
def key(user):
    return token_create(user=user, name="doors", scope="act")[1]


@pytest.fixture
def players(db):
    """The demo's players, each with an account of their own (as after `make run`)."""
    return [get_user_model().objects.create_user(name, password="a-long-player-password") for name in USERNAMES]


def _both(door, user, key, text):
    """The preview's answer and the save's, in Chinese, each changing nothing."""
    answers = []
    for save in (False, True):
        before = snapshot()
        answers.append(_send(door, user, key, text, "yaml", save))
        assert snapshot() == before
    return answers


@pytest.mark.parametrize("door", DOORS)
def test_r1_5_the_demo_world_file_naming_other_players_is_refused_at_its_preview_as_at_its_save(
    user, draft, key, players, door
):
    assert "caocao" in USERNAMES
    (shown, shown_refusal), (saved, saved_refusal) = _both(door, user, key, EXAMPLE)
    assert saved == 400 and "帳號「caocao」屬於其他玩家" in saved_refusal, saved_refusal[:300]
    assert shown == 400, (door, shown_refusal[:300])
    assert shown_refusal == saved_refusal, (door, shown_refusal[:300])


@pytest.mark.parametrize("door", ["site new", "api new"])
def test_r1_1_a_world_file_at_a_taken_address_is_refused_at_its_preview_as_at_its_save(user, draft, key, door):
    """The doors type the address "fresh", taken here by another draft; the file names no other
    player (its officers dropped)."""
    campaign_import(actor=user, text=site_example(), fmt="yaml", slug="fresh")
    text = EXAMPLE.split("\nofficers:", 1)[0] + "\n"
    for save in (False, True):
        before = snapshot()
        status, refusal = _send(door, user, key, text, "yaml", save)
        assert snapshot() == before
        assert status == 400 and "網址為「fresh」的戰役已經存在" in refusal, (door, save, status, refusal[:300])
