"""Officers' names people can tell apart (R1.5): stored in NFKC, refused with a character nobody
sees (U+200B and the other format or default-ignorable characters) and refused when they look like
another officer's of the campaign (UTS #39 skeletons), at joining and when renamed in the admin.
Each refusal names the look-alike, in the user's language, and changes nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from campaign.errors import RuleViolation
from campaign.models import Campaign, Officer
from campaign.rules.names import look_alike, normal_name
from campaign.selectors.names import officer_name_checked
from seasons.services.joining import application_submit, officer_admit


@pytest.fixture
def enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    world.campaign.refresh_from_db()
    return world


def admitted(world, username: str, name: str) -> Officer:
    user = get_user_model().objects.create_user(username, password="x-long-pass-1")
    application = application_submit(user=user, kingdom=world["曹操"].kingdom, message="")
    return officer_admit(
        user=world["曹操"].user,
        application=application,
        name=name,
        stars=10,
        kind="general",
        title="",
        city=world.city("洛陽"),
    )


def test_r1_5_a_name_with_a_zero_width_space_is_refused_beside_its_twin(enrolling):
    """`北王` + U+200B beside `北王`: refused, naming the character, nobody admitted."""
    admitted(enrolling, "beiwang", "北王")
    with translation.override("zh-hant"), pytest.raises(RuleViolation, match="看不見的字元（U\\+200B）") as refused:
        admitted(enrolling, "beiwang2", "北王\u200b")
    assert refused.value.clause == "R1.5"
    assert not Officer.objects.filter(user__username="beiwang2").exists()


@pytest.mark.parametrize(
    "twin",
    [
        "Ζhang Liao",  # a Greek capital zeta for the Z
        "Zhang Lіao",  # a Cyrillic і
        "zhang liao",  # case alone
        "Zhang Liao\ufe0f",  # a variation selector (default-ignorable)
        "Zhang Liaｏ",  # a full-width o: NFKC makes it the same name
    ],
)
def test_r1_5_a_look_alike_of_an_officers_name_is_refused_naming_it(enrolling, twin):
    admitted(enrolling, "first-liao", "Zhang Liao")
    with translation.override("en"), pytest.raises(RuleViolation) as refused:
        admitted(enrolling, "twin", twin)
    message = str(refused.value)
    assert "Zhang Liao" in message and ("looks like" in message or "nobody sees" in message or "named" in message)
    assert Officer.objects.filter(campaign=enrolling.campaign, name__icontains="liao").count() == 1


def test_r1_5_a_look_alike_refusal_in_the_default_language_names_the_officer(enrolling):
    admitted(enrolling, "first-liao", "Zhang Liao")
    with translation.override("zh-hant"), pytest.raises(RuleViolation, match="看起來和本戰役的角色「Zhang Liao」"):
        admitted(enrolling, "twin", "Ζhang Liao")


def test_r1_5_a_name_is_stored_in_nfkc(enrolling):
    """Full-width letters are stored as the letters they are: `ｃａｏ` is `cao`."""
    assert admitted(enrolling, "cao", "ｃａｏ　ｒｅｎ").name == "cao ren"


def test_r1_5_names_apart_are_admitted_and_the_check_leaves_out_the_officer_renamed(enrolling):
    """曹丕 beside 曹操; an officer keeps their own name when renamed to it."""
    assert admitted(enrolling, "caopi", "曹丕").name == "曹丕"
    caocao = enrolling["曹操"]
    assert officer_name_checked(campaign=enrolling.campaign, name="曹操", officer=caocao) == "曹操"
    with pytest.raises(RuleViolation):
        officer_name_checked(campaign=enrolling.campaign, name="曹操")


def test_r1_5_a_rename_in_the_admin_is_told_apart_too(client, world):
    """The admin's officer form refuses a look-alike of another officer, with the message."""
    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-root-password"))
    url = f"/admin/campaign/officer/{world['荀彧'].pk}/change/"
    with translation.override("en"):
        response = client.post(url, {"name": "曹操\u200b"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "U+200B" in response.content.decode()
    assert Officer.objects.filter(campaign=world.campaign, name="荀彧").exists()
    assert client.post(url, {"name": "荀文若"}).status_code == 302
    assert Officer.objects.get(pk=world["曹操"].pk).name == "曹操"


def test_the_pure_rule_for_world_files(db):
    """What the world-file reader can call: the normal form and the first look-alike."""
    assert normal_name(" ｃａｏ ") == "cao"
    assert look_alike("cаo", ["cao", "曹操"]) == "cao"
    assert look_alike("曹丕", ["曹操"]) is None
