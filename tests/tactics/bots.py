"""Two accounts playing hero tactics games over the API as bots would: their tokens, the requests,
and a bot that chooses among the legal actions (attacks first, then a skill now and then, then
the move that comes nearest the enemy base), from a seeded random source."""

import json
import random

from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import token_create
from games.tactics.board import distance

SIDES_PICKS = {
    "first": [
        {"hero": "呂布", "skills": [1, 2]},
        {"hero": "張飛", "skills": [1, 3]},
        {"hero": "甘寧", "skills": [2, 3]},
    ],
    "second": [
        {"hero": "趙雲", "skills": [1, 3]},
        {"hero": "關羽", "skills": [1, 3]},
        {"hero": "張遼", "skills": [2, 3]},
    ],
}
CELLS = {"first": ["c1", "d1", "f1"], "second": ["c9", "d9", "f9"]}
ENEMY_BASE = {"first": "e9", "second": "e1"}


class Player:
    def __init__(self, name: str, language: str = "en"):
        self.user = get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-password-2026")
        self.token = token_create(user=self.user, name="bot", scope="act")[1]
        self.language = language

    def _headers(self, language: str | None) -> dict:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}", "HTTP_ACCEPT_LANGUAGE": language or self.language}

    def get(self, path: str, language: str | None = None):
        return Client().get(f"/api/v1/tactics/{path}", **self._headers(language))

    def post(self, path: str, body: dict | None = None, language: str | None = None):
        return Client().post(
            f"/api/v1/tactics/{path}",
            json.dumps(body or {}),
            content_type="application/json",
            **self._headers(language),
        )

    def ok(self, path: str, body: dict | None = None) -> dict:
        answer = self.post(path, body)
        assert answer.status_code == 200, (path, body, answer.json())
        return answer.json()


def set_up(challenger: Player, opponent: Player, settings: dict | None = None) -> dict:
    """A game challenged, accepted, picked and deployed: the view at its start."""
    game = challenger.ok("challenge", {"opponent": opponent.user.username, "settings": settings or {}})
    path = f"games/{game['id']}"
    opponent.ok(f"{path}/accept")
    players = {"first": challenger, "second": opponent}
    for side, player in players.items():
        player.ok(f"{path}/picks", {"heroes": SIDES_PICKS[side]})
    for side, player in players.items():
        names = [pick["hero"] for pick in SIDES_PICKS[side]]
        view = player.ok(f"{path}/deploy", {"cells": dict(zip(names, CELLS[side], strict=True))})
    return view


def choose(rng: random.Random, actions: list[dict], side: str) -> dict:
    attacks = [a for a in actions if a["act"] == "attack"]
    if attacks:
        on_base = [a for a in attacks if a["target"] == ENEMY_BASE[side]]
        return (on_base or attacks)[0]
    skills = [a for a in actions if a["act"] == "skill"]
    if skills and rng.random() < 0.3:
        return rng.choice(skills)
    moves = [a for a in actions if a["act"] == "move"]
    if moves:
        return min(moves, key=lambda a: (distance(a["path"][-1], ENEMY_BASE[side]), len(a["path"])))
    return actions[0] if actions[0]["act"] != "end" or len(actions) == 1 else actions[-1]


def play_out(players: dict, game_id: int, seed: int = 1, limit: int = 3000) -> dict:
    """Both bots play from the legal-actions read until the game is decided: the last view."""
    rng = random.Random(seed)
    for _ in range(limit):
        view = players["first"].get(f"games/{game_id}").json()
        if view["status"] != "playing":
            return view
        player = players[view["to_act"]]
        legal = player.get(f"games/{game_id}/legal").json()
        action = choose(rng, legal["actions"], view["to_act"])
        player.ok(f"games/{game_id}/act", {"action": action, "version": legal["version"]})
    raise AssertionError("the game did not end")
