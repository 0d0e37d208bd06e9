"""Live play for dark chess (R11.7): the campaign's dark-chess clocks (5 min + 5 s), a flag that
falls with nobody on the page (a timer), and the page told of every action over its websocket."""

import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync

from battles.models import BanqiGame, Stratagem
from battles.services.stratagems import banqi_act, stratagem_accept
from campaign.timers import timers_sweep
from tests.battles.test_stratagems import challenge
from tests.worlds import make_world


@pytest.mark.django_db
def test_dark_chess_the_player_to_move_spends_time_and_gains_the_increment(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    game = stratagem.banqi
    assert game.first_left_ms == game.second_left_ms == 5 * 60 * 1000
    clock.shift(timedelta(seconds=30))
    game = banqi_act(actor=world["郭嘉"], game=game, action="a1")
    assert game.first_left_ms == (5 * 60 - 30 + 5) * 1000 and game.second_left_ms == 5 * 60 * 1000


@pytest.mark.django_db
def test_dark_chess_a_flag_falls_with_nobody_there(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    banqi_act(actor=world["郭嘉"], game=stratagem.banqi, action="a1")
    clock.shift(timedelta(minutes=5, seconds=1))  # 張飛 never acts
    timers_sweep()
    game = BanqiGame.objects.get(pk=stratagem.banqi_id)
    assert (game.result, game.termination) == ("0", "time")  # the schemer wins on time
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    assert world.city("漢中").wall == 497  # R9.2, applied by the timer


@pytest.mark.django_db
def test_dark_chess_an_action_in_time_makes_the_flag_timer_stale(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    clock.shift(timedelta(minutes=4))
    banqi_act(actor=world["郭嘉"], game=stratagem.banqi, action="a1")
    clock.shift(timedelta(minutes=2))  # past the first deadline; 郭嘉 acted in time, 張飛 has 5 min
    timers_sweep()
    assert not BanqiGame.objects.get(pk=stratagem.banqi_id).result


@pytest.mark.django_db(transaction=True)
def test_the_dark_chess_page_hears_of_each_action_and_a_frame_closes_its_socket(clock):
    from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)

    from config.asgi import application

    world = make_world()
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    url = f"/ws/c/{world.campaign.slug}/banqi/{stratagem.banqi_id}/"
    game, schemer = stratagem.banqi, world["郭嘉"]
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", b"django_language=zh-hant")]

    async def scenario():
        page = WebsocketCommunicator(application, url, headers=headers)
        assert (await page.connect())[0]
        from channels.db import database_sync_to_async

        await database_sync_to_async(banqi_act)(actor=schemer, game=game, action="a1")
        assert json.loads(await page.receive_from(timeout=5)) == {"type": "changed"}
        await page.send_to(text_data="{}")  # the page only listens: a frame closes it (4400)
        assert (await page.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4400}
        await page.disconnect()

    async_to_sync(scenario)()
