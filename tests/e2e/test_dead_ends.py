"""The dead ends players met, each walked in a real browser as the players would: every flow that
stopped a player can now be finished (R7.4 night games, R9.2 stratagems, R3.2 orders, R11.3
judges' notes, the games list, the first siege call R7.3, the dark chess page R11.7, drafts,
menus, and refusals that name the rule once in the reader's words)."""

import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from battles.models import LedgerEntry, Siege, Stratagem
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from campaign.timers import timers_sweep
from forum.models import Post, Thread
from play.models import Game
from play.services.records import game_claim_answer, game_report
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
ALL_DAY = {"travel_time": timedelta(seconds=1), "war_start_minute": 0}  # war at any CI hour


def besieged(world, members=(("徐晃", "marshal"), ("許褚", "general"))) -> Siege:
    march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in members])
    time.sleep(1.2)
    timers_sweep()
    return Siege.objects.get()


def hours_without_now() -> dict:
    """Hours of war that leave out the present minute in Taipei (the demo's zone)."""
    now = datetime.now(ZoneInfo("Asia/Taipei"))
    minute = now.hour * 60 + now.minute
    if minute >= 120:
        return {"war_start_minute": 0, "war_end_minute": minute - 60}
    return {"war_start_minute": minute + 60, "war_end_minute": minute + 120}


@pytest.mark.django_db(transaction=True)
def test_r7_4_a_siege_at_night_is_played_when_both_sides_agree(browser, live_server):
    world = make_world(travel_time=timedelta(seconds=1), **hours_without_now())
    siege = besieged(world)
    url = f"{live_server.url}/c/{world.campaign.slug}/sieges/{siege.pk}/"
    marshal = log_in(browser, live_server, "xuhuang")
    marshal.goto(url)
    box = "form[action$='/calls/'] input[name=off_hours]"
    assert not marshal.is_checked(box)  # an agreement is given, never presumed
    marshal.check(box)
    marshal.select_option("select[name=attacker]", label="許褚")
    marshal.click("form[action$='/calls/'] button")
    assert "已叫陣" in marshal.inner_text(".messages")

    defender = log_in(browser, live_server, "weiyan")
    defender.goto(url)
    agreement = defender.locator("label[data-off-hours]")
    assert "攻方已同意" in agreement.inner_text() and not defender.is_checked("label[data-off-hours] input")
    defender.check("label[data-off-hours] input")
    defender.click("form[action$='/answer/'] button")
    assert "已應戰" in defender.inner_text(".messages")
    game = Game.objects.get()
    assert game.status == Game.Status.PENDING and game.attacker_agrees_off_hours and game.defender_agrees_off_hours


@pytest.mark.django_db(transaction=True)
def test_r9_2_a_general_who_resigns_while_marching_still_costs_the_wall(browser, live_server):
    world = make_world(**ALL_DAY)
    target = log_in(browser, live_server, "zhangfei")  # online (R9.1)
    schemer = log_in(browser, live_server, "guojia")
    schemer.goto(f"{live_server.url}/c/{world.campaign.slug}/stratagems/")
    schemer.select_option("select[name=target]", value=str(world["張飛"].pk))
    schemer.select_option("select[name=kind]", value="siege")
    schemer.click("form[action$='/stratagems/new/'] button")
    target.goto(f"{live_server.url}/c/{world.campaign.slug}/stratagems/")
    target.click("tr[data-stratagem] form[action$='/answer/'] button >> nth=0")
    stratagem = Stratagem.objects.get()
    assert stratagem.banqi_id is not None
    march_start(actor=world["劉備"], target=world.city("長安"), organisation=[(world["張飛"], "marshal")])

    banqi = f"{live_server.url}/c/{world.campaign.slug}/banqi/{stratagem.banqi_id}/"
    schemer.goto(banqi)
    schemer.fill("#banqi-actions input[name=action]", "a1")
    schemer.click("#banqi-actions form button")
    target.goto(banqi)
    assert not target.is_visible("text=確定認輸此局")  # resigning asks first
    target.click("#banqi-actions details summary")
    target.click("text=確定認輸此局")
    assert Stratagem.objects.get().status == Stratagem.Status.EFFECT
    target.goto(f"{live_server.url}/c/{world.campaign.slug}/")
    assert "497 / 500" in target.inner_text("tr[data-city=漢中] .wall-value")
    assert LedgerEntry.objects.get(clause="R9.2").city == world.city("漢中")
    target.goto(f"{live_server.url}/c/{world.campaign.slug}/boards/{world.city('漢中').board.pk}/")
    target.click("table.threads a:has-text('攻城計')")  # the stratagem's one thread: its effect a reply
    assert "生效" in target.inner_text("body")


@pytest.mark.django_db(transaction=True)
def test_r3_2_the_order_form_offers_only_what_the_governor_may_order(browser, live_server):
    world = make_world(**ALL_DAY)
    governor = log_in(browser, live_server, "caoren")  # 曹仁 governs 洛陽
    governor.goto(f"{live_server.url}/c/{world.campaign.slug}/personnel/")
    officers = governor.locator("form[action$='/moves/order/'] select[name=officer] option").all_inner_texts()
    assert officers and all(int(text.split("(")[1].split("★")[0]) < 21 for text in officers)
    places = governor.locator("form[action$='/moves/order/'] select[name=destination] option").all_inner_texts()
    assert "許昌" in places and "長安" in places
    for form in governor.locator("form[data-add-moderator]").all():  # "Add" only with someone to add
        assert form.locator("select option").count() > 0
    governor.select_option("form[action$='/moves/order/'] select[name=officer]", label=officers[0])
    governor.select_option("form[action$='/moves/order/'] select[name=destination]", label="許昌")
    governor.click("form[action$='/moves/order/'] button")
    assert governor.locator(".messages li").count() == 1


@pytest.mark.django_db(transaction=True)
def test_r11_3_r11_6_the_judges_note_shows_and_waiting_games_are_listed(browser, live_server):
    world = make_world(**ALL_DAY)
    siege = besieged(world)
    waiting = siege_call(actor=world["曹操"], army=siege.armies.get(), attacker=world["徐晃"])
    visitor = browser.new_context(locale="zh-TW").new_page()
    visitor.goto(f"{live_server.url}/c/{world.campaign.slug}/games/")
    assert visitor.locator(f"tr[data-game='{waiting.pk}']").count() == 1  # a called game is listed (5)

    game = siege_call_answer(actor=world["魏延"], game=waiting, defender=world["魏延"])
    game = game_report(actor=world["徐晃"], game=game, text="炮二平五 馬８進７", claimed="attacker")
    game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    judge = log_in(browser, live_server, "sunquan")  # a neutral king (R11.3)
    judge.goto(f"{live_server.url}/c/{world.campaign.slug}/games/{game.pk}/")
    judge.select_option("section.card select[name=result]", value="defender")
    judge.fill("section.card input[name=note]", "紅方超時，判黑勝")
    judge.click("section.card button:has-text('登錄結果')")
    judge.goto(f"{live_server.url}/c/{world.campaign.slug}/games/{game.pk}/")
    assert "紅方超時，判黑勝" in judge.inner_text("blockquote.judge-note")
    assert "宣稱" not in judge.inner_text("main")  # the claim is over once the authority decided
    visitor.goto(f"{live_server.url}/c/{world.campaign.slug}/games/")
    row = visitor.inner_text(f"tr[data-game='{game.pk}']")
    assert "紅方超時" in row and "宣稱" not in row and "claim" not in row


@pytest.mark.django_db(transaction=True)
def test_r7_3_the_first_siege_call_is_on_the_board_when_the_siege_begins(browser, live_server):
    world = make_world(**ALL_DAY)
    siege = besieged(world)
    first = Post.objects.get(thread__board=world.city("漢中").board, event_key=f"siege:{siege.pk}:call:0")
    assert first.created_at <= siege.started_at + timedelta(seconds=1)
    page = browser.new_context(locale="zh-TW").new_page()
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/boards/{world.city('漢中').board.pk}/")
    assert first.thread.title in page.inner_text("table.threads")


@pytest.mark.django_db(transaction=True)
def test_the_dark_chess_move_box_keeps_what_is_typed(browser, live_server):
    world = make_world(**ALL_DAY)
    world.online("張飛")
    from battles.services.stratagems import stratagem_accept, stratagem_challenge

    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    url = f"{live_server.url}/c/{world.campaign.slug}/banqi/{stratagem.banqi_id}/"
    player = log_in(browser, live_server, "guojia")
    player.goto(url)
    player.click("table.banqi td[data-square=b2]")  # clicking a square types its name
    assert player.input_value("#banqi-actions input[name=action]") == "b2"
    with player.expect_response(lambda r: "/banqi/" in r.url and r.request.method == "GET", timeout=8000):
        # the board fetches itself again when told of a change (pushed over the websocket)…
        player.evaluate("document.body.dispatchEvent(new Event('banqi-changed'))")
    player.wait_for_timeout(300)
    assert player.input_value("#banqi-actions input[name=action]") == "b2"  # …and the typed move stays
    assert player.locator("table.banqi th", has_text="h").count() >= 1
    spectator = browser.new_context(locale="zh-TW").new_page()
    spectator.goto(url)
    assert spectator.locator("#banqi-actions").count() == 0  # spectators get no move box or resign


@pytest.mark.django_db(transaction=True)
def test_typed_text_is_kept_after_a_refusal(browser, live_server):
    world = make_world(**ALL_DAY)
    page = log_in(browser, live_server, "zhangfei")
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/boards/{world.city('漢中').board.pk}/")
    page.fill("input[name=title]", "守城之策")
    page.fill("textarea[name=body]", "   ")
    page.click("button:has-text('發表')")
    assert page.locator(".messages li.error").count() == 1
    assert page.input_value("input[name=title]") == "守城之策"
    assert not Thread.objects.filter(title="守城之策").exists()


@pytest.mark.django_db(transaction=True)
def test_r2_menus_show_only_what_the_user_may_do(browser, live_server):
    world = make_world(**ALL_DAY)
    officer = log_in(browser, live_server, "guojia")
    officer.goto(f"{live_server.url}/c/{world.campaign.slug}/")
    assert officer.locator("header nav a", has_text="人事").count() == 0
    governor = log_in(browser, live_server, "caoren")
    governor.goto(f"{live_server.url}/c/{world.campaign.slug}/")
    governor.click("header nav a:has-text('人事')")
    assert governor.url.endswith("/personnel/") and "人事" in governor.inner_text("h1")


@pytest.mark.django_db(transaction=True)
def test_a_refusal_names_the_field_in_chinese_and_the_rule_once(browser, live_server):
    world = make_world(**ALL_DAY)
    page = log_in(browser, live_server, "guojia")
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/moves/")
    page.evaluate("document.querySelector('select[name=destination] option').value = 'x'")  # a forged form
    page.click("button:has-text('申請移動')")
    message = page.inner_text(".messages li.error")
    assert "destination" not in message and "目的地" in message
    assert len([c for c in ("R3.", "R10.", "R1.") if c in message]) <= 1
