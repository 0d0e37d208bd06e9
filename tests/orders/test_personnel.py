"""§2 Authority: the king, governors, moderators, promotions."""

import pytest

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, Promotion
from forum.models import BoardModerator, Post
from orders.services.personnel import (
    governor_appoint,
    moderator_appoint,
    moderator_remove,
    promotion_decide,
    promotion_recommend,
)


def palace_titles(world, kingdom_officer):
    return list(
        Post.objects.filter(thread__board__kingdom_id=kingdom_officer.kingdom_id).values_list(
            "thread__title", flat=True
        )
    )


def test_r2_1_king_promotes_any_officer_directly(world):
    promotion_recommend(actor=world["曹操"], officer=world["許褚"], stars=13, title="武衛將軍")
    officer = world["許褚"]
    assert (officer.stars, officer.title) == (13, "武衛將軍")


def test_r2_2_promotions_are_decided_on_the_palace_board(world):
    promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=14, title="軍師")
    assert any("郭嘉" in t for t in palace_titles(world, world["曹操"]))


def test_r2_3_governor_recommends_and_king_decides(world):
    promotion = promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=14, title="軍師")
    assert promotion.status == Promotion.Status.PENDING
    assert world["郭嘉"].stars == 12, "a recommendation alone changes nothing"
    promotion_decide(actor=world["曹操"], promotion=promotion, approve=True)
    assert world["郭嘉"].stars == 14


def test_r2_3_king_may_reject_a_recommendation(world):
    promotion = promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=14, title="")
    promotion_decide(actor=world["曹操"], promotion=promotion, approve=False)
    assert world["郭嘉"].stars == 12
    with pytest.raises(RuleViolation) as err:
        promotion_decide(actor=world["曹操"], promotion=promotion, approve=True)
    assert err.value.clause == "R2.3"


def test_r2_3_only_the_officers_governor_recommends(world):
    with pytest.raises(NotAllowed) as err:  # 張遼 governs 合肥, 郭嘉 is in 洛陽
        promotion_recommend(actor=world["張遼"], officer=world["郭嘉"], stars=14, title="")
    assert err.value.clause == "R2.3"
    assert not Promotion.objects.exists()


def test_r2_3_only_the_king_decides(world):
    promotion = promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=14, title="")
    with pytest.raises(NotAllowed):
        promotion_decide(actor=world["曹仁"], promotion=promotion, approve=True)
    assert world["郭嘉"].stars == 12


def test_r2_4_king_appoints_governor_without_changing_stars(world):
    city = governor_appoint(actor=world["曹操"], city=world.city("洛陽"), officer=world["郭嘉"])
    assert city.governor.name == "郭嘉"
    assert world["郭嘉"].stars == 12
    assert Post.objects.filter(thread__board__city=city, thread__title__contains="郭嘉").exists()


def test_r2_4_only_the_king_appoints_governors(world):
    with pytest.raises(NotAllowed) as err:
        governor_appoint(actor=world["曹仁"], city=world.city("洛陽"), officer=world["郭嘉"])
    assert err.value.clause == "R2.4"
    assert world.city("洛陽").governor.name == "曹仁"


def test_r2_4_a_king_appoints_only_in_his_kingdom(world):
    with pytest.raises(NotAllowed):
        governor_appoint(actor=world["劉備"], city=world.city("洛陽"), officer=world["魏延"])
    with pytest.raises(RuleViolation):  # an officer of another kingdom cannot govern
        governor_appoint(actor=world["曹操"], city=world.city("洛陽"), officer=world["魏延"])
    assert world.city("洛陽").governor.name == "曹仁"


def test_r2_5_governor_appoints_administrator_moderators_up_to_two(world):
    board = world.city("洛陽").board
    moderator_appoint(actor=world["曹仁"], board=board, officer=world["荀彧"])
    moderator_appoint(actor=world["曹操"], board=board, officer=world["陳群"])
    assert BoardModerator.objects.filter(board=board).count() == 2
    extra = Officer.objects.get(pk=world["郭嘉"].pk)
    extra.kind = "administrator"
    extra.save(update_fields=["kind"])
    with pytest.raises(RuleViolation) as err:
        moderator_appoint(actor=world["曹仁"], board=board, officer=extra)
    assert err.value.clause == "R2.5"
    assert BoardModerator.objects.filter(board=board).count() == 2


def test_r2_5_moderators_are_administrators(world):
    with pytest.raises(RuleViolation) as err:
        moderator_appoint(actor=world["曹仁"], board=world.city("洛陽").board, officer=world["郭嘉"])
    assert err.value.clause == "R2.5"


def test_r2_5_others_cannot_appoint_or_remove_moderators(world):
    board = world.city("洛陽").board
    with pytest.raises(NotAllowed):
        moderator_appoint(actor=world["張遼"], board=board, officer=world["荀彧"])
    moderator = BoardModerator.objects.get(board=world.city("許昌").board)
    with pytest.raises(NotAllowed):
        moderator_remove(actor=world["張遼"], moderator=moderator)
    moderator_remove(actor=world["曹操"], moderator=moderator)
    assert not BoardModerator.objects.filter(pk=moderator.pk).exists()


def test_r3_1_r3_2_r2_5_the_personnel_page_offers_only_what_may_be_done(world, client):
    """夏侯惇 governs 許昌 (21★): he may order the moves of 荀彧 and 王粲 there, not his own nor those
    of 21★ and above (the king's, R3.1), to any city of 魏; a board with two moderators, or with no
    administrator left to appoint, offers no Add."""
    import re

    from django.urls import reverse

    from orders.services.personnel import moderator_appoint

    client.force_login(world["夏侯惇"].user)
    page = client.get(reverse("personnel", args=[world.campaign.slug])).content.decode()
    order = page[page.index('name="officer"', page.index("move-order" if "move-order" in page else "/moves/order/")) :]
    order_officers = re.findall(r">([^<(]+) \(\d+★", order[: order.index("</select>")])
    assert sorted(n.strip() for n in order_officers) == sorted(["荀彧", "王粲"])
    destinations = order[order.index('name="destination"') :]
    destinations = re.findall(r">([^<]+)</option>", destinations[: destinations.index("</select>")])
    assert set(destinations) == {"許昌", "洛陽", "長安", "合肥"}
    moderator_appoint(actor=world["曹操"], board=world.city("許昌").board, officer=world["陳群"])
    client.force_login(world["曹操"].user)
    page = client.get(reverse("personnel", args=[world.campaign.slug])).content.decode()
    row = page[page.index("<td>許昌</td>") :]
    assert "data-add-moderator" not in row[: row.index("</tr>")], "two moderators: nobody more to add (R2.5)"
    row = page[page.index("<td>合肥</td>") :]
    assert re.findall(r"data-add-moderator.*?</form>", row[: row.index("</tr>")], re.S)[0].count("<option") == 1
