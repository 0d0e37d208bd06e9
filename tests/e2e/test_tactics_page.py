"""A hero tactics game's page in a real browser (tactics/views/games.py, tactics/static/tactics-page.js),
served over websockets by daphne on the real Redis channel layer: two players, each in their own
browser, challenge and accept, pick and deploy in secret, and play a whole 3-v-3 game by clicking
on the page until a base is at 0; the seed is then shown and the dice rechecked in the browser, and
the record downloaded replays with the engine to the site's final state. A spectator sees the board
but no secret picks; the page fits a 390 px phone and a 1280×800 window."""

import json
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import override

from games.tactics.board import distance
from games.tactics.replay import replay
from ops.demo import DEMO_PASSWORD
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal, tactics_view
from tests.e2e.conftest import log_in

pytestmark = pytest.mark.e2e

PICKS = {  # quick to reach the enemy base (MOV 4), and a second side that stays home
    "first": [("呂布", "d1"), ("夏侯淵", "f1"), ("張飛", "c1")],
    "second": [("華佗", "a9"), ("馬鈞", "b9"), ("張角", "i9")],
}
ENEMY_BASE = {"first": "e9", "second": "e1"}


def accounts() -> None:
    for name in ("liubei", "caocao", "sunquan"):
        get_user_model().objects.create_user(name, password=DEMO_PASSWORD)


def in_words(action: dict, language: str) -> str:
    """What the page says of an action (the replay's step line, the dice list): its side, the hero,
    the act and its target (a base named by its side, a hero's cell as it is)."""
    from tactics.board_reads import hero_catalogue

    with override(language):
        side = {"first": _("first (先手)"), "second": _("second (後手)")}
        words = {
            "turn": _("%(hero)s begins its turn"),
            "end": _("%(hero)s ends its turn"),
            "move": _("%(hero)s moves to %(cell)s"),
            "respawn": _("%(hero)s respawns at %(cell)s"),
            "attack": _("%(hero)s attacks %(target)s"),
        }
        target = action.get("target", "")
        if target == ENEMY_BASE[action["side"]]:
            enemy = side["second" if action["side"] == "first" else "first"]
            target = _("the base of %(side)s") % {"side": enemy} + f" ({target})"
        line = words[action["act"]] % {
            "hero": f"{action['hero']} {hero_catalogue()[action['hero']]['en']}",
            "cell": action["path"][-1] if action["act"] == "move" else action.get("cell", ""),
            "target": target,
        }
        return f"{side[action['side']]} · {line}"


def game_row() -> TacticsGame:
    return TacticsGame.objects.select_related("challenger", "opponent").get()


def wait_for(check, seconds: float = 15, why=lambda: ""):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited in vain: {why()}")


def choose(actions: list[dict], side: str, moved: bool) -> dict:
    """The first side walks to the enemy base and strikes it (or a hero in reach); the second
    side begins and ends its heroes' turns."""
    if actions[0]["act"] in ("turn", "respawn", "drop", "no-cover", "react"):
        return actions[0]
    if side == "second":
        return next(a for a in actions if a["act"] == "end")
    attacks = [a for a in actions if a["act"] == "attack"]
    if attacks:
        return next((a for a in attacks if a["target"] == ENEMY_BASE[side]), attacks[0])
    moves = [a for a in actions if a["act"] == "move"]
    if moves and not moved:
        return min(moves, key=lambda a: (distance(a["path"][-1], ENEMY_BASE[side]), len(a["path"])))
    return next(a for a in actions if a["act"] == "end")


def paced(sent: list[float], frames: int) -> None:
    """A player's page sends at most TACTICS_FLOOD_FRAMES frames in FLOOD_SECONDS (more closes the
    socket: campaign/sockets.py); a test clicks faster than anyone, so it waits its turn."""
    from campaign.sockets import FLOOD_SECONDS
    from tactics.consumers import TACTICS_FLOOD_FRAMES as FLOOD_FRAMES

    for _frame in range(frames):
        if len(sent) >= FLOOD_FRAMES - 2:
            time.sleep(max(0.0, sent[-(FLOOD_FRAMES - 2)] + FLOOD_SECONDS + 0.2 - time.monotonic()))
        sent.append(time.monotonic())


def click(page, action: dict) -> None:
    """The action done by clicking on the page as a player would."""
    if action["act"] in ("move", "respawn"):
        page.click(f"#t-board [data-cell='{action['path'][-1] if action['act'] == 'move' else action['cell']}']")
    elif action["act"] == "attack":
        board = page.locator("#t-board").bounding_box()
        page.click(f"#t-board [data-cell='{action['target']}']")
        page.wait_for_selector("#t-preview:not([hidden]) [data-confirm]")
        assert page.locator("#t-board .t-covered").count() >= 1  # the cells it covers, shown first
        assert page.locator("#t-board").bounding_box()["y"] == board["y"], "the preview moves no board"
        page.click("#t-preview [data-confirm]")
    elif action["act"] == "turn":
        page.click(f"#t-actions button[data-act='turn'][data-hero='{action['hero']}']")
    else:
        page.click(f"#t-actions button[data-act='{action['act']}']")


def played_out(pages: dict, errors: list[str]) -> TacticsGame:
    """The game played by clicking on each side's page (the first side attacking, the second
    ending its turns) until it decides itself; the game as it ended."""
    moved, sent = False, {"first": [], "second": []}
    for _n in range(400):
        game = game_row()
        if game.status != "playing":
            break
        side, user = game.to_act, game.challenger if game.to_act == "first" else game.opponent
        page = pages[side]
        page.wait_for_selector(f"#tactics[data-version='{game.version}'][data-to-act='{side}']")
        action = choose(tactics_legal(game, user)["actions"], side, moved)
        moved = action["act"] == "move" or (moved and action["act"] not in ("end", "turn"))
        paced(sent[side], 2 if action["act"] == "attack" else 1)  # an attack's preview, then the attack
        click(page, action)
        wait_for(
            lambda version=game.version: TacticsGame.objects.filter(version__gt=version).exists(),
            why=lambda action=action, page=page: f"{action}: {page.inner_text('#t-refusal')} {errors}",
        )
    return game_row()


def pick_and_deploy(pages: dict, at_deployment=lambda pages: None) -> None:
    for side, page in pages.items():  # the first in waits for the other; the second's starts the deployment
        page.wait_for_selector("#tactics[data-status='picking'] #t-picks")
        for slot, (hero, _cell) in enumerate(PICKS[side]):
            page.select_option(f"#t-picks select[name='hero-{slot}']", hero)
        page.click("#t-picks [data-send='picks']")
        page.wait_for_selector("#t-setup .t-waiting, #t-deploy, #t-refusal:not([hidden])")
        assert page.locator("#t-setup .t-waiting, #t-deploy").count(), page.inner_text("#t-refusal")
    for page in pages.values():
        page.wait_for_selector("#tactics[data-status='deploying'] #t-deploy")
    at_deployment(pages)
    for side, page in pages.items():
        for hero, cell in PICKS[side]:
            page.select_option(f"#t-deploy select[name='cell-{hero}']", cell)
        page.click("#t-deploy [data-send='deploy']")
        if side == "first":
            page.wait_for_selector("#t-setup .t-waiting")  # in secret: waiting for the opponent
    for page in pages.values():
        page.wait_for_selector("#tactics[data-status='playing']")


def challenge_and_accept(browser, server) -> tuple[dict, TacticsGame]:
    liubei, caocao = log_in(browser, server, "liubei"), log_in(browser, server, "caocao")
    liubei.goto(f"{server.url}/tactics/")
    liubei.fill("#tactics-challenge input[name=opponent]", "caocao")
    liubei.click("#tactics-challenge button")
    liubei.wait_for_url("**/tactics/*/")
    game = game_row()
    caocao.goto(f"{server.url}/tactics/")
    caocao.click(f"#tactics-to-me [data-game='{game.pk}'] a")
    caocao.click("#tactics-accept")
    caocao.wait_for_selector("#tactics[data-status='picking']")
    return {"first": liubei, "second": caocao}, game


def test_t13_1_t18_1_w7_two_players_play_a_whole_3v3_game_on_the_page_to_a_base_at_0(browser, asgi_server):
    accounts()
    pages, game = challenge_and_accept(browser, asgi_server)
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
    pick_and_deploy(pages)
    running = pages["second"].locator(".t-clock.t-running[data-side='first'] time")  # W7: the side to act's
    shown = running.inner_text()
    wait_for(lambda: running.inner_text() != shown, seconds=3)  # it ticks on the opponent's page too
    game = played_out(pages, errors)
    assert (game.status, game.outcome, game.reason) == ("decided", "first", "base")
    final = tactics_view(game)
    assert final["state"]["bases"]["second"] == 0
    for page in pages.values():
        page.wait_for_selector("#tactics[data-status='decided'] #t-after:not([hidden])")
        assert page.inner_text("#t-seed") == game.seed  # revealed at the end (T18.1)
        assert page.locator("#t-dice li").count() == len(final["rolls"]) > 0  # each roll with its k
    liubei = pages["first"]
    liubei.click("#t-recheck")
    liubei.wait_for_selector("#t-recheck-result[data-ok='1']")
    with liubei.expect_download() as download:
        liubei.click("#t-record")
    record = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert record["seed"] == game.seed and replay(record) == final["state"]  # T18.3, T18.4
    liubei.click("#t-replay [data-step='first']")
    liubei.wait_for_selector("#t-replay[data-step='0']")
    assert liubei.locator("#t-board .t-token").count() == 6  # the heroes where they were deployed
    board, bar = liubei.locator("#t-board").bounding_box(), liubei.locator("#t-replay").bounding_box()
    assert 0 <= board["y"] - (bar["y"] + bar["height"]) < 40, "the replay's buttons right above the board"
    liubei.click("#t-replay [data-step='next']")
    liubei.wait_for_selector("#t-replay[data-step='1']")
    assert liubei.inner_text("#t-step-action") == in_words(record["actions"][0], "zh-hant")
    rolls = liubei.eval_on_selector_all(
        "#t-dice li", "items => items.map(li => [li.dataset.step, li.dataset.weather, li.textContent])"
    )
    with override("zh-hant"):
        weather = _("the weather of round %(round)s")
    for step, round_, text in rolls:  # each roll names what it served: a round's weather or an act
        said = weather % {"round": round_} if round_ else in_words(record["actions"][int(step)], "zh-hant")
        assert said in text, (step, round_, text)
    assert any(r for _s, r, _t in rolls)  # (this game's attacks make no checks: its rolls are the weather's)
    watcher = log_in(browser, asgi_server, "sunquan")
    watcher.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": asgi_server.url}])
    watcher.goto(f"{asgi_server.url}/tactics/{game.pk}/")
    watcher.wait_for_selector("#t-replay:not([hidden])[data-step]")  # its positions read (they come after the page)
    watcher.click("#t-replay [data-step='last']")
    last = record["actions"][-1]
    assert last["act"] == "attack" and last["target"] == ENEMY_BASE["first"]
    assert watcher.inner_text("#t-step-action") == in_words(last, "en")  # the base's blow, in English


def test_t2_3_a_spectator_sees_the_board_but_not_a_side_s_secret_picks(browser, asgi_server):
    accounts()
    pages, game = challenge_and_accept(browser, asgi_server)
    watcher = log_in(browser, asgi_server, "sunquan")
    watcher.goto(f"{asgi_server.url}/tactics/{game.pk}/")
    watcher.wait_for_selector("#tactics[data-status='picking']")
    first = pages["first"]
    first.wait_for_selector("#t-picks")
    first.select_option("#t-picks select[name='hero-0']", "呂布")
    first.click("#t-picks [data-send='picks']")
    watcher.wait_for_selector(f"#tactics[data-version='{game_row().version}']")
    assert "呂布" not in watcher.inner_text("#tactics") and watcher.locator("#t-picks").count() == 0
    assert watcher.locator("#t-board .t-cell").count() == 81  # the board, heroes not yet on it


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_t3_12_the_game_page_fits_a_phone_and_a_window(browser, asgi_server, width, height):
    """No sideways scroll; the whole board fits in the window's height; the HP on the tokens is
    12 px at least."""
    accounts()
    pages, game = challenge_and_accept(browser, asgi_server)
    pick_and_deploy(pages)
    page = pages["first"]
    assert page.locator("#tactics-answer:visible").count() == 0  # the challenge answered, its form gone
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_selector("#t-board .t-token")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    box = page.locator("#t-board").bounding_box()
    assert box["width"] <= width and box["height"] <= height
    hp = page.eval_on_selector(
        "#t-board .t-token small", "n => [parseFloat(getComputedStyle(n).fontSize), getComputedStyle(n).color]"
    )
    assert hp[0] >= 12 and hp[1] == "rgb(255, 255, 255)", "each hero's HP readable, a phone's too"
    shots = Path(settings.VAR_DIR) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"tactics-{width}.png"), full_page=True)


def test_t14_4_an_attack_that_yuanhu_may_answer_asks_its_player_on_the_page(browser, asgi_server):
    """Played over the API until the first side attacks a hero next to 趙雲 (tests/tactics/
    test_cover_and_races.py's walk); 趙雲's player answers on the page with the reaction offered."""
    from tests.tactics.bots import Player, set_up
    from tests.tactics.test_cover_and_races import _step

    first, second = Player("liubei"), Player("caocao")
    for player in (first, second):
        player.user.set_password(DEMO_PASSWORD)
        player.user.save(update_fields=["password"])
    view = set_up(first, second)
    for _n in range(200):
        if view["pending"] is not None or view["status"] != "playing":
            break
        if view["to_act"] == "first":
            view = _step(first, view)
        else:
            legal = second.get(f"games/{view['id']}/legal").json()
            action = next((a for a in legal["actions"] if a["act"] in ("turn", "end")), legal["actions"][0])
            view = second.ok(f"games/{view['id']}/act", {"action": action, "version": legal["version"]})
    assert view["pending"] is not None
    attack = view["pending"]["attack"]
    pages = {name: log_in(browser, asgi_server, name) for name in ("liubei", "caocao")}
    for page in pages.values():
        page.goto(f"{asgi_server.url}/tactics/{view['id']}/")
        page.wait_for_selector(f"#tactics[data-version='{view['version']}']")
    assert pages["liubei"].locator("#t-prompt:visible, #t-actions button").count() == 0  # not theirs to answer
    zhao = pages["caocao"]
    zhao.wait_for_selector("#t-prompt:visible")
    assert zhao.locator("#t-actions button[data-act='no-cover']").count() == 1
    zhao.click("#t-actions button[data-act='react']")
    game = wait_for(lambda: TacticsGame.objects.filter(pk=view["id"], pending__isnull=True).first())
    assert game.record["actions"][-2] == attack and game.record["actions"][-1]["act"] == "react"


def test_t13_4_w7_before_the_play_no_resign_is_offered_and_no_clock_shows_run_out(browser, asgi_server):
    """While heroes are picked and deployed the game cannot be resigned (T13.4: only a game being
    played) and the clocks have not started (W7): the page offers no resign and shows no 0:00."""
    accounts()
    pages, _game = challenge_and_accept(browser, asgi_server)
    first = pages["first"]
    first.wait_for_selector("#tactics[data-status='picking'] #t-picks")
    assert not first.is_visible("#t-resign-box")
    assert first.locator(".t-clock time").all_inner_texts() == ["—", "—"]
    pick_and_deploy(pages)
    first.wait_for_selector("#t-resign-box", state="visible")  # offered once the play begins
    assert ":" in first.inner_text(".t-clock[data-side='first'] time")


def test_t3_10_t5_1_the_board_marks_spawn_points_and_says_whose_turn_and_why_a_click_does_nothing(browser, asgi_server):
    """Deploying, each player's board marks their side's spawn points (T3.10), each with the hero the
    form places there. In play the status line says "your turn", "your opponent's turn" or "you are
    watching", and a click where nothing is legal says why (T5.1): not your turn, nothing to do on
    that cell, or only the players act."""
    from tactics.board_reads import map_drawing

    accounts()
    pages, game = challenge_and_accept(browser, asgi_server)
    watcher = log_in(browser, asgi_server, "sunquan")
    watcher.goto(f"{asgi_server.url}/tactics/{game.pk}/")
    spawns = map_drawing(game)["spawns"]
    shots = Path(settings.VAR_DIR) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)

    def at_deployment(pages: dict) -> None:
        for side, page in pages.items():
            marked = page.eval_on_selector_all("#t-board .t-spawn", "cells => cells.map(c => c.dataset.cell)")
            assert sorted(marked) == sorted(spawns[side]), side
        first, (hero, cell) = pages["first"], PICKS["first"][0]
        first.select_option(f"#t-deploy select[name='cell-{hero}']", cell)
        assert first.inner_text(f"#t-board [data-cell='{cell}'] .t-mark") == hero[:2]
        first.screenshot(path=str(shots / "tactics-deploying.png"), full_page=True)

    pick_and_deploy(pages, at_deployment)
    with override("zh-hant"):
        words = {
            key: _(text)
            for key, text in {
                "yours": "your turn",
                "theirs": "your opponent's turn",
                "watching": "you are watching",
                "not_yours": "Not your turn: your opponent is acting.",
                "nothing": "Nothing to do on this cell: click a highlighted cell or a button above the board.",
                "watcher": "You are watching: only the game's players act.",
            }.items()
        }
    first, second = pages["first"], pages["second"]
    watcher.wait_for_selector("#tactics[data-status='playing']")
    assert words["yours"] in first.inner_text("#t-status") and words["theirs"] not in first.inner_text("#t-status")
    assert words["theirs"] in second.inner_text("#t-status")
    assert words["watching"] in watcher.inner_text("#t-status")
    for page, said in ((second, "not_yours"), (first, "nothing"), (watcher, "watcher")):
        page.click("#t-board [data-cell='e5']")  # no act there at the start: heroes begin their turns first
        assert page.inner_text("#t-hint") == words[said], said
    first.screenshot(path=str(shots / "tactics-hint.png"), full_page=True)
