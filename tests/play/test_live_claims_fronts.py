"""A repetition claimed (R11.3) through the game's socket, the API and the page: the state tells
the watchers who may claim what; a claim too early, too late, by the wrong player, by a
spectator, or twice is refused in the reader's language and changes nothing; the right claim
ends the game at once for everyone."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from accounts.services import token_create
from play.models import Game
from play.services.live import live_move
from tests.live.test_live_socket import live_game, opened, send, sessions, socket
from tests.play.claims_corpus import PERPETUAL_CHECK_BY_RED, SHUFFLE
from tests.play.test_live import ready
from tests.play.test_records import pending_game

PLAYERS = ("許褚", "魏延")  # the attacker moves first: red


def played(world, game, moves):
    for move in moves:
        game = live_move(actor=world[PLAYERS[len(game.moves) % 2]], game=game, move=move, ply=len(game.moves))
    return game


@pytest.mark.django_db(transaction=True)
def test_r11_3_a_repetition_claimed_over_the_socket_ends_the_game_for_everyone(clock):
    world, game = live_game(clock)
    game = played(world, game, SHUFFLE * 2)
    session = sessions("xuchu", "weiyan", "zhangfei")

    async def scenario():
        red, black = socket(world, game, session["xuchu"]), socket(world, game, session["weiyan"])
        watcher, stranger = socket(world, game), socket(world, game, session["zhangfei"])
        for communicator in (red, black, watcher, stranger):
            state = await opened(communicator)
        draw = {"kind": "repetition", "result": "draw"}
        assert state["claimable"] == {"attacker": draw, "defender": draw}
        for communicator, words in ((watcher, "觀戰"), (stranger, "只有對局雙方")):
            reply = await send(communicator, {"action": "claim"})
            assert reply["type"] == "refused" and words in reply["message"], reply
        await black.send_to(text_data=json.dumps({"action": "claim"}))
        for communicator in (red, black, watcher):
            state = json.loads(await communicator.receive_from(timeout=5))
            assert (state["status"], state["claimable"]) == ("decided", None)
        assert "和" in state["status_text"]
        reply = await send(red, {"action": "claim"})  # twice: the game is over
        assert reply["type"] == "refused" and "結束" in reply["message"], reply
        for communicator in (red, black, watcher, stranger):
            await communicator.disconnect()

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).termination == "repetition_claimed"


@pytest.mark.django_db(transaction=True)
def test_r11_3_a_claim_too_early_or_by_the_perpetual_offender_is_refused_over_the_socket(clock):
    world, game = live_game(clock)
    session = sessions("xuchu", "weiyan")
    moves, third = PERPETUAL_CHECK_BY_RED

    async def scenario(expect_claimable):
        red, black = socket(world, game, session["xuchu"]), socket(world, game, session["weiyan"])
        state = await opened(red)
        await opened(black)
        assert state["claimable"] == expect_claimable
        for communicator in (red, black) if expect_claimable is None else (red,):
            reply = await send(communicator, {"action": "claim"})
            assert reply["type"] == "refused" and "(R11.3)" in reply["message"], reply
        await red.disconnect()
        await black.disconnect()

    game = played(world, game, moves[: third - 1])  # the position has stood only twice
    async_to_sync(scenario)(None)
    game = played(world, game, moves[third - 1 : third])  # red's check makes it a third time
    async_to_sync(scenario)({"defender": {"kind": "perpetual", "result": "defender"}})  # red, the offender, may not
    again = Game.objects.get(pk=game.pk)
    assert again.status == Game.Status.PENDING and len(again.moves) == third


@pytest.mark.django_db(transaction=True)
def test_r11_3_over_the_socket_a_claim_lapses_with_the_claimants_next_move(clock):
    world, game = live_game(clock)
    game = played(world, game, [*SHUFFLE * 2, "h2e2"])  # red moved on after the third occurrence
    session = sessions("xuchu", "weiyan")

    async def scenario():
        red, black = socket(world, game, session["xuchu"]), socket(world, game, session["weiyan"])
        state = await opened(red)
        await opened(black)
        assert state["claimable"] == {"defender": {"kind": "repetition", "result": "draw"}}
        reply = await send(red, {"action": "claim"})  # too late for red
        assert reply["type"] == "refused" and "(R11.3)" in reply["message"], reply
        await black.send_to(text_data=json.dumps({"action": "claim"}))  # black has not moved since
        state = json.loads(await red.receive_from(timeout=5))
        assert state["status"] == "decided"
        await red.disconnect()
        await black.disconnect()

    async_to_sync(scenario)()
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination) == ("draw", "repetition_claimed")


def act(slug: str, game_id: int, token: str, **body):
    return Client().post(
        f"/api/v1/c/{slug}/games/{game_id}/live",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )


@pytest.mark.django_db
def test_r11_3_claims_through_the_api_each_case(world, clock):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE + SHUFFLE[:3])
    slug = world.campaign.slug
    red, black, stranger = (
        token_create(user=world[name].user, name="t", scope="act")[1] for name in (*PLAYERS, "張飛")
    )
    early = act(slug, game.pk, red, action="claim")
    assert early.status_code == 400 and early.json()["clause"] == "R11.3", "too early: the position stood twice"
    answer = act(slug, game.pk, black, action="move", move=SHUFFLE[3], ply=7)
    assert answer.json()["claimable"] == {s: {"kind": "repetition", "result": "draw"} for s in ("attacker", "defender")}
    assert act(slug, game.pk, stranger, action="claim").status_code == 403, "not a player of this game"
    answer = act(slug, game.pk, red, action="move", move="h2e2", ply=8)
    assert answer.json()["claimable"] == {"defender": {"kind": "repetition", "result": "draw"}}
    late = act(slug, game.pk, red, action="claim")
    assert late.status_code == 400, "too late: red moved since"
    claimed = act(slug, game.pk, black, action="claim")
    assert claimed.status_code == 200, claimed.json()
    final = claimed.json()
    assert (final["status"], final["result"], final["termination"], final["claimable"]) == (
        "decided",
        "draw",
        "repetition_claimed",
        None,
    )
    assert act(slug, game.pk, black, action="claim").status_code == 400, "twice"


@pytest.mark.django_db
def test_r11_3_the_page_holds_the_claim_button_for_players_only(client, world, clock):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE * 2)
    url = f"/c/{world.campaign.slug}/games/{game.pk}/"
    client.force_login(world["魏延"].user)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert 'data-live="claim"' in page and "data-live-claim hidden" in page  # shown by the script, by the state
    spectator = Client()
    spectator.force_login(world["張飛"].user)
    assert 'data-live="claim"' not in spectator.get(url).content.decode()
