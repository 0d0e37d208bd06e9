"""A season's siege keeps thousands of ledger rows; its page shows the wall's chart
(sampled, at most one point per unit of width) and the last changes of the wall and of each
army's morale, saying how many came before — in the same queries however long the history."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from battles.models import LedgerEntry
from battles.selectors.siege import LEDGER_ROWS
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def history(army, rows: int) -> None:
    """`rows` past changes of the besieged city's wall and as many of the army's morale."""
    siege = army.siege
    start = siege.started_at
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(
                campaign=army.campaign,
                **({"city": siege.city, "field": "wall"} if k % 2 else {"army": army, "field": "morale"}),
                delta=-1,
                value_after=100,
                clause="R7.3",
                cause="day",
                key=f"test:history:{k}",
                due_at=start + timedelta(seconds=k),
                applied_at=start + timedelta(seconds=k),
            )
            for k in range(2 * rows)
        ]
    )


def read(client, army) -> tuple[str, int]:
    url = reverse("siege", args=[army.campaign.slug, army.siege_id])
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    return page, len(queries)


@pytest.mark.django_db
@pytest.mark.parametrize("rows", [400])
def test_the_siege_page_shows_the_last_changes_and_a_sampled_chart(world, clock, client, rows):
    army = besiege(world, clock, "漢中", ARMY)
    _page, short = read(client, army)
    history(army, rows)
    page, long = read(client, army)
    assert long == short, "the same queries with a long history"
    wall = page[page.index('<table class="ledger">') : page.index("</table>")]
    assert wall.count("<tr><td>") == LEDGER_ROWS
    earlier = LedgerEntry.objects.filter(city=army.siege.city, due_at__gte=army.siege.started_at).count() - LEDGER_ROWS
    assert f"{earlier} came before" in page or f"更早還有 {earlier} 筆" in page
    points = page[page.index('points="') + 8 :].split('"', 1)[0].split()
    assert 2 <= len(points) <= 301
    army_section = page[page.index(f'data-army="{army.pk}"') :]
    assert army_section.count("<tr><td>") - army.members.count() == LEDGER_ROWS  # members' rows, then morale rows


@pytest.mark.django_db
def test_the_siege_page_tells_why_the_wall_is_below_its_maximum(world, clock, client):
    """A siege ploy (R9.2) took 3 from 漢中's wall before the siege began: the page reads 497 / 500
    and may not say "no change yet"; it says the wall stood at 497 when the siege began and shows
    the change that made it so, with its clause and cause."""
    from battles.models import Stratagem
    from battles.services.stratagems import banqi_act, stratagem_accept, stratagem_challenge

    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    game = stratagem_accept(actor=world["張飛"], stratagem=stratagem).banqi
    banqi_act(actor=world["郭嘉"], game=game, action="a1")
    banqi_act(actor=world["張飛"], game=game, action="resign")
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    army = besiege(world, clock, "漢中", ARMY)
    client.cookies["django_language"] = "en"
    page, _queries = read(client, army)
    assert "497 / 500" in page
    wall = page[page.index('<table class="ledger">') : page.index("</table>")]
    assert "No change yet" not in wall
    assert "No change since the siege began" in wall and "the wall stood at 497 / 500" in wall
    assert "R9.2" in wall and "siege ploy of 郭嘉 on 張飛" in wall and "-3" in wall
    client.cookies["django_language"] = "zh-hant"
    page, _queries = read(client, army)
    wall = page[page.index('<table class="ledger">') : page.index("</table>")]
    assert ">尚無變化。" not in wall and "圍城開始後尚無變化" in wall and "圍城開始，城防值為 497 / 500" in wall


@pytest.mark.django_db
def test_a_wall_never_changed_is_no_change_yet(world, clock, client):
    army = besiege(world, clock, "漢中", ARMY)
    client.cookies["django_language"] = "en"
    page, _queries = read(client, army)
    wall = page[page.index('<table class="ledger">') : page.index("</table>")]
    assert "500 / 500" in page and "No change yet" in wall and "R9.2" not in wall
