"""Every reader reads the war's own words in their language: a system post (R4.1's
march), an army's end reason (R8.2) and a move's cause (R6.2) are kept as an event and its values
(campaign/said.py) and said again in the reader's language on the page, through the API and in
the terminal, the names as their owners wrote them; a post written before events reads as written."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.services import token_create
from battles.models import Army, Pursuit
from battles.services.retreat import army_retreat
from campaign.timers import timers_sweep
from forum.models import Post, Thread
from tests.worlds import besiege, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def march_post(world) -> Post:
    return Post.objects.select_related("thread").get(event_key__startswith="army:", event_key__endswith=":march")


def page(client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_r4_1_the_march_post_reads_in_each_readers_language_on_the_page(world, clock, client):
    besiege(world, clock, "漢中", ARMY)
    post = march_post(world)
    client.force_login(world["魏延"].user)
    url = reverse("thread", args=[world.campaign.slug, post.thread_id])
    english = page(client, url, "en")
    assert "魏 marches on 漢中 with 2" in english and "marshal: <strong>徐晃</strong>" in english
    assert "出兵" not in english and "元帥" not in english
    chinese = page(client, url, "zh-hant")
    assert "魏 出兵 2 人攻打漢中" in chinese and "元帥: <strong>徐晃</strong>" in chinese
    assert "marches on" not in chinese and "marshal" not in chinese
    board = page(client, reverse("board", args=[world.campaign.slug, post.thread.board_id]), "en")
    assert "魏 marches on 漢中 with 2" in board  # the thread's title in the board's list


@pytest.mark.django_db
def test_r4_1_the_march_post_reads_in_each_readers_language_through_the_api(world, clock, client):
    besiege(world, clock, "漢中", ARMY)
    post = march_post(world)
    _t, token = token_create(user=world["魏延"].user, name="bot", scope="read")
    url = f"/api/v1/c/{world.campaign.slug}/threads/{post.thread_id}/posts"
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **headers).json()["results"][0]
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hant", **headers).json()["results"][0]
    assert "marshal: **徐晃**" in english["body"] and "marshal: <strong>徐晃</strong>" in english["html"]
    assert "元帥: **徐晃**" in chinese["body"] and "元帥: <strong>徐晃</strong>" in chinese["html"]
    assert "general: **許褚**" in english["body"] and "將軍: **許褚**" in chinese["body"]  # a label with a context


def _home(world, clock) -> Army:
    """R8.2: 魏's army retreats from 漢中 and, unpursued, is home."""
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    clock.move_to(Pursuit.objects.get(army=army).deadline + timedelta(seconds=1))
    timers_sweep()
    return army


@pytest.mark.django_db
def test_r8_2_an_armys_end_reason_reads_in_each_readers_language(world, clock, client):
    army = _home(world, clock)
    client.force_login(world["魏延"].user)
    url = reverse("army", args=[world.campaign.slug, army.pk])
    english = page(client, url, "en")
    assert "No pursuit from 漢中: 魏&#x27;s retreat has succeeded (R8.2)." in english and "未追擊" not in english
    assert "漢中 未追擊：魏軍撤退成功（R8.2）。" in page(client, url, "zh-hant")
    with translation.override("en"):
        assert Army.objects.get(pk=army.pk).end_reason == "No pursuit from 漢中: 魏's retreat has succeeded (R8.2)."


@pytest.mark.django_db(transaction=True)
def test_r8_2_an_armys_end_reason_reads_in_the_terminal_sessions_language(world, clock):
    """Through the screens' context: the army screen loads in the session's language."""
    import asyncio

    from bbs.context import Context
    from screens.war.army import ArmyScreen

    army = _home(world, clock)

    def drawn(language: str) -> str:
        ctx = Context(user=world["劉備"].user, language=language)
        ctx.campaign, ctx.officer = world.campaign, world["劉備"]
        screen = ArmyScreen(ctx, army_id=army.pk)
        asyncio.run(screen.load())
        screen.loaded = True
        with translation.override(language):
            return "".join(fragment[1] for fragment in screen._fragments())

    assert "retreat has succeeded" in drawn("en")
    assert "撤退成功" in drawn("zh-hant")


@pytest.mark.django_db
def test_r6_2_a_drawn_attackers_way_home_reads_in_each_language(world, clock, client):
    """The move's departure post carries its cause (withdrew after a draw), said again too."""
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "draw")
    post = Post.objects.get(event_key__startswith="move:", event_key__endswith=":depart", body__contains="和局後撤離")
    with translation.override("en"):
        english = Post.objects.get(pk=post.pk)
    assert english.body.startswith("許褚 withdrew after a draw (R6.2)")
    assert "和局後撤離" not in english.body and "R3.3" in english.body


@pytest.mark.django_db
def test_a_system_post_written_before_events_reads_as_written(world, clock, client):
    besiege(world, clock, "漢中", ARMY)
    post = march_post(world)
    Post.objects.filter(pk=post.pk).update(said=None)
    Thread.objects.filter(pk=post.thread_id).update(title_said=None)
    client.force_login(world["魏延"].user)
    english = page(client, reverse("thread", args=[world.campaign.slug, post.thread_id]), "en")
    assert "魏 出兵 2 人攻打漢中" in english  # as written, in the site's language
