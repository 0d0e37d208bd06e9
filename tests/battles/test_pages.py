"""The war's pages: forms reach the services, refusals are messages or 403, never a 500."""

from django.urls import reverse

from battles.models import Army, Ransom
from campaign.models import Whereabouts
from play.models import Game
from tests.worlds import besiege, play


def url(world, name, *args):
    return reverse(name, args=[world.campaign.slug, *args])


def test_r4_1_king_marches_from_the_war_page(world, client, clock):
    client.force_login(world["曹操"].user)
    page = client.get(url(world, "war") + f"?origin={world.city('長安').pk}").content.decode()
    assert "徐晃" in page and 'value="marshal" selected' in page
    response = client.post(
        url(world, "march-new"),
        {
            "target": world.city("漢中").pk,
            "member": [world["徐晃"].pk, world["許褚"].pk],
            f"rank_{world['徐晃'].pk}": "marshal",
            f"rank_{world['許褚'].pk}": "general",
        },
    )
    assert response.status_code == 302
    assert Army.objects.get().members.count() == 2


def test_r4_3_a_broken_organisation_is_a_message_naming_the_rule(world, client, clock):
    client.force_login(world["曹操"].user)
    page = client.post(
        url(world, "march-new"),
        {
            "target": world.city("漢中").pk,
            "member": [world["徐晃"].pk, world["許褚"].pk],
            f"rank_{world['徐晃'].pk}": "general",
            f"rank_{world['許褚'].pk}": "marshal",
        },
        follow=True,
    )
    assert page.status_code == 200 and "R4.3" in page.content.decode()
    assert not Army.objects.exists()
    for bad in ({"target": "x"}, {"target": world.city("漢中").pk, "member": ["abc"]}, {}):
        assert client.post(url(world, "march-new"), bad, follow=True).status_code == 200
    assert not Army.objects.exists()


def test_r4_4_a_march_by_an_officer_without_authority_is_403(world, client, clock):
    client.force_login(world["許褚"].user)
    response = client.post(
        url(world, "march-new"),
        {"target": world.city("漢中").pk, "member": [world["許褚"].pk], f"rank_{world['許褚'].pk}": "marshal"},
    )
    assert response.status_code == 403 and not Army.objects.exists()


def test_r6_1_r6_2_call_answer_and_result_through_the_siege_page(world, client, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    siege = army.siege
    assert client.get(url(world, "siege", siege.pk)).status_code == 200  # public
    client.force_login(world["徐晃"].user)
    client.post(url(world, "call-new", siege.pk), {"army": army.pk, "attacker": world["許褚"].pk})
    game = Game.objects.get()
    client.force_login(world["魏延"].user)
    page = client.get(url(world, "siege", siege.pk)).content.decode()
    assert url(world, "call-answer", siege.pk, game.pk) in page, "a defender sees the form to take up the call"
    client.post(url(world, "call-answer", siege.pk, game.pk), {"defender": world["魏延"].pk})
    client.force_login(world["許褚"].user)
    assert client.post(url(world, "result-enter", game.pk), {"result": "attacker"}).status_code == 403
    client.force_login(world["孫權"].user)
    client.post(url(world, "result-enter", game.pk), {"result": "attacker", "note": "<b>ok</b>"})
    assert Game.objects.get().result == "attacker"
    page = client.get(url(world, "siege", siege.pk)).content.decode()
    assert "490 / 500" in page and "<polyline" in page
    again = client.post(url(world, "result-enter", game.pk), {"result": "draw"}, follow=True)
    assert again.status_code == 200 and "R6.2" in again.content.decode()


def test_r10_2_captor_king_frees_a_prisoner_from_the_prisoners_page(world, client, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    play(world, army, "許褚", "魏延", "defender")
    ransom = Ransom.objects.get()
    client.force_login(world["曹操"].user)
    assert client.post(url(world, "ransom-decide", ransom.pk), {"paid": "1"}).status_code == 403
    client.force_login(world["劉備"].user)
    assert "許褚" in client.get(url(world, "prisoners")).content.decode()
    client.post(url(world, "ransom-decide", ransom.pk), {"paid": "1"})
    assert world["許褚"].whereabouts == Whereabouts.ROAD


def test_r4_6_r5_sortie_results_and_advance_through_the_army_page(world, client, clock):
    from battles.models import FieldBattle
    from battles.services.march import march_start

    army = march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    assert client.get(url(world, "army", army.pk)).status_code == 200
    client.force_login(world["張飛"].user)  # the governor of 漢中
    world.online("張飛")
    assert url(world, "sortie-new", army.pk) in client.get(url(world, "army", army.pk)).content.decode()
    client.post(url(world, "sortie-new", army.pk), {"officer": [world["張飛"].pk, world["魏延"].pk]})
    battle = FieldBattle.objects.get()
    own = battle.games.get(defender=world["張飛"])
    assert client.post(url(world, "result-enter", own.pk), {"result": "defender"}).status_code == 403, (
        "R11.3: the governor who played the game does not judge it"
    )
    client.post(url(world, "result-enter", battle.games.exclude(pk=own.pk).get().pk), {"result": "attacker"})
    client.force_login(world["孫權"].user)  # the king of a neutral kingdom
    entered = client.post(url(world, "result-enter", own.pk), {"result": "attacker"})
    assert FieldBattle.objects.get().winner == "attacker"
    assert entered.url == url(world, "army", army.pk), "a field battle's result leads back to its army's page"
    client.force_login(world["徐晃"].user)
    client.post(url(world, "battle-advance", army.pk), {"advance": "0"})
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED
    assert client.post(url(world, "sortie-new", army.pk), {"officer": ["x"]}, follow=True).status_code == 200


def test_r7_4_a_siege_at_night_is_played_when_both_sides_agree_on_the_page(world, client, clock):
    """At 02:00 the marshal calls and agrees to play outside the hours of war; the defender takes
    the call up and agrees too: the game starts. Without the defender's agreement it does not."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from play.models import Game

    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    clock.move_to(datetime(2026, 5, 2, 2, 0, tzinfo=ZoneInfo("Asia/Taipei")))
    world.online("魏延")
    client.force_login(world["徐晃"].user)
    siege_url = url(world, "siege", army.siege_id)
    assert "off_hours" in client.get(siege_url).content.decode()
    client.post(
        url(world, "call-new", army.siege_id), {"army": army.pk, "attacker": world["許褚"].pk, "off_hours": "1"}
    )
    game = Game.objects.get(attacker=world["許褚"])
    assert game.attacker_agrees_off_hours
    client.force_login(world["魏延"].user)
    page = client.get(siege_url).content.decode()
    assert "data-off-hours" in page
    answer = url(world, "call-answer", army.siege_id, game.pk)
    client.post(answer, {"defender": world["魏延"].pk})
    assert Game.objects.get(pk=game.pk).status == Game.Status.CALLED, "R7.4: the defender had not agreed"
    client.post(answer, {"defender": world["魏延"].pk, "off_hours": "1"})
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


def test_retreat_stands_apart_on_the_siege_page_and_asks_first(world, client, clock):
    """撤退 is not a button beside 叫陣: it opens first, then asks to be confirmed."""
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    client.force_login(world["徐晃"].user)
    page = client.get(url(world, "siege", army.siege_id)).content.decode()
    retreat = page[page.index("data-retreat") :]
    assert retreat.index("<summary>") < retreat.index('action="') and "R8.1" in retreat[: retreat.index("</details>")]


def test_r7_4_the_off_hours_boxes_are_never_ticked_for_the_players(world, client, clock):
    """An agreement to play outside the hours of war is given, never presumed: at 02:00 the siege
    call's box and the answer's box (even after the attacker agreed) are rendered unticked, and
    the forms sent as rendered start no game, with R7.4's message."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from tests.form_defaults import form_as_rendered

    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    clock.move_to(datetime(2026, 5, 2, 2, 0, tzinfo=ZoneInfo("Asia/Taipei")))
    world.online("魏延")
    siege_url = url(world, "siege", army.siege_id)
    client.force_login(world["徐晃"].user)
    call = url(world, "call-new", army.siege_id)
    data, boxes = form_as_rendered(client.get(siege_url).content.decode(), call)
    assert [b["name"] for b in boxes] == ["off_hours"] and "checked" not in boxes[0]
    data["attacker"] = [str(world["許褚"].pk)]
    client.post(call, data)
    game = Game.objects.get(attacker=world["許褚"])
    assert not game.attacker_agrees_off_hours, "the call sent as rendered gives no agreement"
    game.delete()
    client.post(call, {**data, "off_hours": "1"})  # the marshal ticks it
    game = Game.objects.get(attacker=world["許褚"])
    assert game.attacker_agrees_off_hours
    client.force_login(world["魏延"].user)
    answer = url(world, "call-answer", army.siege_id, game.pk)
    data, boxes = form_as_rendered(client.get(siege_url).content.decode(), answer)
    assert [b["name"] for b in boxes] == ["off_hours"] and "checked" not in boxes[0]
    page = client.post(answer, data, follow=True).content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.CALLED
    assert "R7.4" in page and "時間外開局須雙方事先同意" in page, "refused with R7.4's message"
    # The game page (where "ready" is pressed) asks for the agreement by its own button, no box.
    client.force_login(world["許褚"].user)
    page = client.get(url(world, "game", game.pk)).content.decode()
    assert form_as_rendered(page, url(world, "game-agree", game.pk))[1] == []
