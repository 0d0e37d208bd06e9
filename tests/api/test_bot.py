"""The example bot of docs/api.md (examples/bot.py) run as its users run it, against the site
served by a live test server: it prints every city's wall, and takes up the siege call its
officer may answer (R6.1)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from accounts.services import token_create
from battles.services.siege import siege_call
from play.models import Game
from tests.worlds import besiege, make_world

BOT = Path(__file__).resolve().parents[2] / "examples" / "bot.py"


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_prints_the_walls_and_takes_up_a_call(live_server, clock):
    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    world.online("張飛")
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    _token, text = token_create(user=world["張飛"].user, name="board bot", scope="act")
    env = {**os.environ, "API": f"{live_server.url}/api/v1", "CAMPAIGN": world.campaign.slug, "TOKEN": text}
    run = subprocess.run([sys.executable, str(BOT)], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    city = world.city("漢中")
    assert f"漢中\t{city.wall} / {city.wall_max}" in run.stdout
    assert f"took up game {game.pk}" in run.stdout
    game.refresh_from_db()
    assert game.defender_id == world["張飛"].pk and game.status != Game.Status.CALLED
