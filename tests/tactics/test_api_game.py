"""A whole hero tactics game played by two bots over the API (docs/tactics.md, "On the site"):
challenge, acceptance, secret picks, deployment, then actions chosen from the legal-actions read
until the game decides itself (W4); the seed revealed matches the commitment published at the
start (T18.1), and the downloaded record replays to exactly the final state the site holds
(T18.3, T18.4), by the engine and by `manage.py tactics_replay --json`."""

import hashlib
import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.tactics.replay import replay
from tests.tactics.bots import Player, play_out, set_up


@pytest.mark.django_db
def test_t18_1_w4_bots_play_a_whole_3v3_game_over_the_api(tmp_path):
    players = {"first": Player("liubei"), "second": Player("caocao")}
    start = set_up(players["first"], players["second"], {"round_limit": 8})
    assert start["status"] == "playing" and start["seed"] is None
    commitment = start["commitment"]
    final = play_out(players, start["id"])
    assert final["status"] == "decided"
    assert final["result"]["reason"] in ("base", "bases", "round-limit")
    assert final["result"] == final["state"]["result"]
    assert hashlib.sha256(final["seed"].encode("ascii")).hexdigest() == commitment  # T18.1
    assert [roll["k"] for roll in final["rolls"]] == list(range(final["state"]["rolls"]))
    download = players["second"].get(f"games/{start['id']}/record")
    assert download["Content-Disposition"] == f'attachment; filename="tactics-{start["id"]}.json"'
    record = json.loads(download.content)
    assert record["seed"] == final["seed"] and record["commitment"] == commitment
    assert replay(record) == final["state"]  # T18.3, T18.4: exactly the state the site holds
    path = tmp_path / "game.json"
    path.write_text(download.content.decode())
    out = StringIO()
    call_command("tactics_replay", str(path), "--json", stdout=out)
    assert json.loads(out.getvalue()) == final["state"]
