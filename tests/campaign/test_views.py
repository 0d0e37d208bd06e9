"""The pages: 403 for what a user may not do, messages for broken rules, CSRF, languages."""

from django.test import Client
from django.urls import reverse

from campaign.models import Move
from forum.models import Thread


def url(world, name, *args):
    return reverse(name, args=[world.campaign.slug, *args])


def test_r3_2_move_request_by_form_and_double_post_makes_one_move(world, client):
    client.force_login(world["郭嘉"].user)
    destination = world.city("許昌").pk
    first = client.post(url(world, "move-request"), {"destination": destination})
    second = client.post(url(world, "move-request"), {"destination": destination}, follow=True)
    assert first.status_code == 302
    assert Move.objects.filter(officer=world["郭嘉"]).count() == 1
    assert "R3.5" in second.content.decode()


def test_r3_decision_refused_move_names_the_clause_in_chinese(world, client):
    client.force_login(world["郭嘉"].user)
    page = client.post(url(world, "move-request"), {"destination": world.city("漢中").pk}, follow=True)
    text = page.content.decode()
    assert page.status_code == 200
    assert "§3" in text and "攻擊" in text
    assert not Move.objects.exists()


def test_r3_decision_refused_move_in_english_when_chosen(world, client):
    client.force_login(world["郭嘉"].user)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    page = client.post(url(world, "move-request"), {"destination": world.city("漢中").pk}, follow=True)
    assert "entering it is an attack" in page.content.decode()


def test_bad_input_is_a_message_not_a_500(world, client):
    client.force_login(world["郭嘉"].user)
    for value in ["", "abc", "999999", "-1"]:
        page = client.post(url(world, "move-request"), {"destination": value}, follow=True)
        assert page.status_code == 200, value
        assert "R1.4" in page.content.decode()
    assert not Move.objects.exists()


def test_r3_2_approval_by_a_stranger_is_403(world, client):
    move_page = Client()
    move_page.force_login(world["郭嘉"].user)
    move_page.post(url(world, "move-request"), {"destination": world.city("許昌").pk})
    move = Move.objects.get()
    client.force_login(world["張飛"].user)
    response = client.post(url(world, "move-approve", move.pk))
    assert response.status_code == 403
    assert "R3.2" in response.content.decode()
    assert Move.objects.get().status == Move.Status.REQUESTED


def test_r2_4_personnel_actions_by_non_king_are_403(world, client):
    client.force_login(world["郭嘉"].user)
    assert client.get(url(world, "personnel")).status_code == 403
    response = client.post(url(world, "governor-appoint", world.city("洛陽").pk), {"officer": world["郭嘉"].pk})
    assert response.status_code == 403
    assert world.city("洛陽").governor.name == "曹仁"


def test_anonymous_users_are_sent_to_log_in(world, client):
    response = client.post(url(world, "move-request"), {"destination": world.city("許昌").pk})
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.get(url(world, "dashboard")).status_code == 200  # the dashboard is public


def test_csrf_is_enforced_on_forms(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world["郭嘉"].user)
    response = client.post(url(world, "thread-new", world.city("洛陽").board.pk), {"title": "t", "body": "b"})
    assert response.status_code == 403
    assert not Thread.objects.exists()


def test_r2_4_king_appoints_a_governor_from_the_personnel_page(world, client):
    client.force_login(world["曹操"].user)
    assert client.get(url(world, "personnel")).status_code == 200
    client.post(url(world, "governor-appoint", world.city("洛陽").pk), {"officer": world["郭嘉"].pk})
    assert world.city("洛陽").governor.name == "郭嘉"


def test_interface_is_traditional_chinese_by_default(world, client):
    page = client.get(url(world, "dashboard"), HTTP_ACCEPT_LANGUAGE="en-US")
    assert '<html lang="zh-hant">' in page.content.decode()
    assert "城防" in page.content.decode()


def test_refusals_name_the_field_in_the_readers_language_and_the_clause_once(world, client):
    """A bad id names the field as the reader knows it; a message that cites its clauses does not
    get the clause again; a board's own length limit cites no rule of the war."""
    from django.urls import reverse

    client.force_login(world["郭嘉"].user)
    slug = world.campaign.slug
    page = client.post(reverse("move-request", args=[slug]), {"destination": "x"}, follow=True).content.decode()
    assert "目的地" in page and "destination" not in page
    page = client.post(
        reverse("thread-new", args=[slug, world.city("洛陽").board.pk]),
        {"title": "x", "body": "長" * 20_001},
        follow=True,
    ).content.decode()
    assert "20000" in page and "(R1.3)" not in page


def test_a_clause_already_in_the_message_is_not_repeated():
    from campaign.errors import RuleViolation

    assert RuleViolation("R3.6", "漢中 被圍：城內人物不得離城（R3.6、R10.3）。").refusal.count("R3.6") == 1
    assert RuleViolation("R3.2", "不可").refusal == "不可 (R3.2)"
    assert RuleViolation("", "標題最多 120 字。").refusal == "標題最多 120 字。"


def test_r2_the_menu_offers_personnel_only_to_those_who_manage_it(world, client):
    """郭嘉 (no post) is not led to a 403; 曹仁 (governor of 洛陽) and 曹操 (king) see 人事."""
    from django.urls import reverse

    url = reverse("dashboard", args=[world.campaign.slug])
    personnel = reverse("personnel", args=[world.campaign.slug])
    for username, shown in (("guojia", False), ("caoren", True), ("caocao", True)):
        client.force_login(world.campaign.officers.get(user__username=username).user)
        assert (personnel in client.get(url).content.decode()) is shown, username
