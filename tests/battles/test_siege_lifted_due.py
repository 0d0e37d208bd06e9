"""R6.1 A lifted siege has no penalty period left: its page, the API's siege and
the terminal's read (all `due_next`) no longer count down to "the end of the penalty period",
which an active siege shows. The pending timer stays (a period that ended before the lifting is
still applied when late), only it is not the siege's next event any more."""

import pytest
from django.urls import reverse

from battles.models import Siege
from battles.selectors.siege import due_next
from tests.worlds import besiege, play


def _pages(client, army) -> tuple[str, list[str]]:
    client.force_login(army.campaign.officers.get(name="徐晃").user)
    page = client.get(reverse("siege", args=[army.campaign.slug, army.siege_id])).content.decode()
    api = client.get(f"/api/v1/c/{army.campaign.slug}/sieges/{army.siege_id}").json()
    return page, [d["what"] for d in api["due"]]


@pytest.mark.django_db
def test_r6_1_a_lifted_siege_no_longer_counts_down_to_its_next_penalty_period(world, clock, client):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal")])
    page, api = _pages(client, army)
    assert "懲罰時段結束" in page and any("懲罰時段" in what for what in api)  # while active
    play(world, army, "徐晃", "魏延", "draw")  # the only attacker leaves the field: the siege is lifted
    siege = Siege.objects.get(pk=army.siege_id)
    assert siege.status == Siege.Status.LIFTED
    page, api = _pages(client, army)
    assert "懲罰時段結束" not in page, page.split("懲罰時段", 1)[-1][:400]
    assert not any("懲罰時段" in what for what in api), api
    assert not [what for what, _ in due_next(siege) if "R7.2" in str(what)]
