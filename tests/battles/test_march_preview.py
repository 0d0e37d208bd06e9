"""R4.5 / R1.4: the march form says, before anything is sent, the route the army will
take (the route function the march uses) and when it arrives if it leaves now; changing the
origin, the members or the target updates that part alone (htmx), and without JavaScript the
form's preview button or a GET with the chosen fields shows the same."""

from django.urls import reverse

from battles.models import Army
from tests.worlds import besiege

FAR = "長安 → 漢中 → 成都 → 江州 → 永安 → 江陵"  # five roads west of 長安 (the other way round is seven)


def url(world, name):
    return reverse(name, args=[world.campaign.slug])


def chosen(world, origin="長安", target="江陵", members=("徐晃", "許褚")) -> dict:
    fields = {
        "origin": world.city(origin).pk,
        "target": world.city(target).pk,
        "member": [world[m].pk for m in members],
    }
    fields.update({f"rank_{world[m].pk}": r for m, r in zip(members, ("marshal", "general"))})
    return fields


def test_r4_5_the_war_page_shows_the_route_and_the_arrival_before_the_march_is_sent(world, client, clock):
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    page = client.get(url(world, "war"), chosen(world)).content.decode()
    assert f"Route: {FAR}" in page and "5 roads of 20 min each" in page
    assert "The march takes 1 h 40 min: leaving now, it arrives at 05-01 11:40." in page  # 10:00 + 5 × 20 min
    assert "2 officers chosen." in page
    assert not Army.objects.exists()
    client.post(url(world, "march-new"), chosen(world))  # sent as previewed: the route and the instant hold
    army = Army.objects.get()
    assert [world.city(n).pk for n in FAR.split(" → ")] == army.route
    assert (army.arrives_at - army.departs_at).total_seconds() == 100 * 60


def test_r4_5_the_preview_in_chinese(world, client, clock):
    client.force_login(world["曹操"].user)
    page = client.get(url(world, "war"), chosen(world)).content.decode()
    assert FAR in page and "1 小時 40 分" in page and "05-01 11:40" in page


def test_without_javascript_the_march_preview_button_shows_it_and_sends_nothing(world, client, clock):
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    response = client.post(url(world, "march-new"), {**chosen(world), "preview": "1"})
    page = response.content.decode()
    assert response.status_code == 200 and FAR in page and "arrives at 05-01 11:40" in page
    assert f'value="{world["徐晃"].pk}" checked' in page, "the choices are kept"
    assert not Army.objects.exists(), "a preview sends nothing"


def test_changing_the_origin_updates_the_march_form_part_without_a_reload(world, client, clock):
    """What htmx asks for when the origin changes: the form's fields for the new origin (its
    fighters) and the preview from there, as a fragment of the page, not the page."""
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    fields = {**chosen(world), "origin": world.city("許昌").pk}  # the members of 長安 stay ticked in the request
    response = client.get(url(world, "march-preview"), fields, headers={"HX-Request": "true"})
    part = response.content.decode()
    assert response.status_code == 200 and "<html" not in part and part.lstrip().startswith('<div id="march-fields"')
    assert "Route: 許昌 → 洛陽 → 長安 → 漢中 → 成都 → 江州 → 永安 → 江陵" not in part  # not the longest way
    assert "Route: 許昌 → 合肥 → 濡須 → 建業 → 柴桑 → 江陵" in part and "1 h 40 min" in part
    assert "許褚" not in part and "曹操" in part, "the fighters of 許昌, not of 長安"
    assert "No officer chosen yet." in part, "the members of another city are not kept"
    target = {**chosen(world), "target": world.city("漢中").pk}  # the target changes
    part = client.get(url(world, "march-preview"), target, headers={"HX-Request": "true"}).content.decode()
    assert "Route: 長安 → 漢中 " in part and "takes 20 min" in part and "arrives at 05-01 10:20" in part


def test_the_march_form_asks_for_its_part_on_every_change(world, client, clock):
    """The page's form carries the htmx request (origin, members, ranks and target all inside the
    part that asks), and no select reloads the page any more."""
    client.force_login(world["曹操"].user)
    page = client.get(url(world, "war")).content.decode()
    part = page[page.index('<div id="march-fields"') :]
    assert f'hx-get="{url(world, "march-preview")}"' in part and 'hx-trigger="change"' in part
    assert 'hx-params="not csrfmiddlewaretoken,preview"' in part
    assert "data-autosubmit" not in page[page.index("<h2>") : page.index("</form>", page.index('id="march-fields"'))]
    for name in ('name="origin"', 'name="member"', 'name="target"'):
        assert part.index(name) < part.index('id="march-preview"')


def test_r1_4_a_target_no_road_reaches_is_said_before_sending(world, client, clock):
    from cities.models import Road

    Road.objects.filter(campaign=world.campaign).filter(a__name="永安", b__name="江陵").delete()
    Road.objects.filter(campaign=world.campaign).filter(a__name="江陵", b__name="永安").delete()
    Road.objects.filter(campaign=world.campaign).filter(a__name="柴桑", b__name="江陵").delete()
    Road.objects.filter(campaign=world.campaign).filter(a__name="江陵", b__name="柴桑").delete()
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    page = client.get(url(world, "war"), chosen(world)).content.decode()
    assert "No road leads from 長安 to 江陵." in page and "(R1.4)" in page


def test_r8_3_the_reinforcement_form_shows_the_columns_route_and_arrival(world, client, clock):
    """Reinforcements march too (R8.3): their form on the army's page says the same, and its
    origin changes its part (htmx) instead of reloading the page."""
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    client.force_login(world["曹操"].user)
    client.cookies["django_language"] = "en"
    page_url = reverse("army", args=[world.campaign.slug, army.pk])
    page = client.get(page_url, {"origin": world.city("許昌").pk}).content.decode()
    assert "Route: 許昌 → 洛陽 → 長安 → 漢中" in page and "takes 1 h 0 min" in page
    assert "data-autosubmit" not in page[page.index('id="march-fields"') :]
    part_url = reverse("reinforce-preview", args=[world.campaign.slug, army.pk])
    part = client.get(part_url, {"origin": world.city("洛陽").pk, "member": world["郭嘉"].pk}).content.decode()
    assert part.lstrip().startswith('<div id="march-fields"') and "Route: 洛陽 → 長安 → 漢中" in part
    columns = Army.objects.count()
    response = client.post(
        reverse("reinforce-new", args=[world.campaign.slug, army.pk]),
        {"origin": world.city("許昌").pk, "member": [world["曹操"].pk], "preview": "1"},
    )
    assert response.status_code == 200 and "Route: 許昌 → 洛陽 → 長安 → 漢中" in response.content.decode()
    assert Army.objects.count() == columns, "a preview sends nothing"
