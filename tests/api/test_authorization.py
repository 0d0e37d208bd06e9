"""The authorization matrix of the forms (tests/test_authorization.py) run over the API's
actions. Every API operation that changes something shares its name with the form it
stands for and is tried with the same cases: the anonymous caller gets a 401, a token of each
role the same answer as the form (403 and nothing changed, or the war changed), a read-only
token a 403. An API action without a row in MATRIX fails `test_every_api_action_has_a_row`."""

import json

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from accounts.services import token_create
from api.main import api
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.seats import tactics_join
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.authorization.cases import Case, allow, refuse
from tests.authorization.matrix import MATRIX, ROLES, acting, snapshot
from tests.tactics.bots import CELLS, SIDES_PICKS


def live_act(world, clock):
    """A live game's move (the game page plays it over its socket; the API over this act): only
    its players play, and each in turn (R11.3)."""
    from play.services.live import live_ready
    from tests.play.test_records import pending_game

    game = pending_game(world, clock)
    live_ready(actor=world["許褚"], game=game)
    live_ready(actor=world["魏延"], game=game)
    return Case(
        [game.pk],
        {"action": "move", "move": "炮二平五", "ply": 0},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("許褚")},
    )


def _tactics(world, status: str):
    """A hero tactics game 許褚 (first) challenged 魏延 (second) to, brought to `status`."""
    first, second = world["許褚"].user, world["魏延"].user
    game = tactics_challenge(user=first, opponent_name=second.username, settings={})
    if status == "challenged":
        return game
    tactics_accept(user=second, game_id=game.pk)
    if status == "picking":
        return game
    for side, user in (("first", first), ("second", second)):
        tactics_pick(user=user, game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    if status == "deploying":
        return game
    for side, user in (("first", first), ("second", second)):
        names = [pick["hero"] for pick in SIDES_PICKS[side]]
        game = tactics_deploy(user=user, game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    return game


def _tactics_case(status: str, data: dict, roles: dict):
    """An act of a hero tactics game (T2.6: only its players, each their own part); a stranger
    (孫權) is refused, and `roles` says who else tries."""

    def case(world, clock):
        game = _tactics(world, status)
        body = data(game) if callable(data) else data
        return Case([game.pk], body, {"other": refuse("孫權"), **roles}, campaign_url=False)

    return case


def tactics_challenge_case(world, clock):
    """Any account challenges another (T2.6)."""
    return Case([], {"opponent": world["魏延"].user.username}, {"right": allow("許褚")}, campaign_url=False)


def _team(world):
    """許褚 challenges 魏延 to the team form, two players a side (T2.6)."""
    return tactics_challenge(user=world["許褚"].user, opponent_name=world["魏延"].user.username, settings={}, seats=2)


def tactics_join_case(world, clock):
    """An open seat: anyone not in the game takes it; a captain already plays (T2.6)."""
    game = _team(world)
    return Case([game.pk], {"side": "first"}, {"same": refuse("魏延"), "right": allow("孫權")}, campaign_url=False)


def tactics_leave_case(world, clock):
    """孫權's seat: his captain 許褚 unseats him; not the other side's captain (T2.6)."""
    game = _team(world)
    tactics_join(user=world["孫權"].user, game_id=game.pk, side="first")
    data = {"player": world["孫權"].user.username}
    return Case([game.pk], data, {"same": refuse("魏延"), "right": allow("許褚")}, campaign_url=False)


TURN = {"act": "turn", "side": "first", "hero": "呂布"}
TACTICS = {
    "tactics-challenge": tactics_challenge_case,
    "tactics-accept": _tactics_case("challenged", {}, {"same": refuse("許褚"), "right": allow("魏延")}),
    "tactics-decline": _tactics_case("challenged", {}, {"same": refuse("許褚"), "right": allow("魏延")}),
    "tactics-cancel": _tactics_case("challenged", {}, {"same": refuse("魏延"), "right": allow("許褚")}),
    "tactics-picks": _tactics_case("picking", {"heroes": SIDES_PICKS["first"]}, {"right": allow("許褚")}),
    "tactics-deploy": _tactics_case(
        "deploying", {"cells": {"呂布": "c1", "張飛": "d1", "甘寧": "f1"}}, {"right": allow("許褚")}
    ),
    "tactics-act": _tactics_case(
        "playing", lambda game: {"action": TURN, "version": game.version}, {"right": allow("許褚")}
    ),
    "tactics-resign": _tactics_case("playing", {}, {"right": allow("魏延")}),
    "tactics-join": tactics_join_case,
    "tactics-leave": tactics_leave_case,
}


def board_challenge_case(world, clock):
    """Any account challenges another to a friendly board game (the room's form is room-challenge
    with its kind)."""
    body = {"opponent": world["魏延"].user.username, "kind": "chess"}
    return Case([], body, {"right": allow("許褚")}, campaign_url=False)


# Acts the API has and the forms do not (the live game's moves go over the page's socket; hero
# tactics games have no page yet).
API_ONLY = {"live-act": live_act, "room-board-challenge": board_challenge_case, **TACTICS}
ROWS = MATRIX | API_ONLY


def api_actions() -> set[str]:
    """The URL names of every API operation that is not a read."""
    names = set()
    for _prefix, router in api._routers:
        for path_view in router.path_operations.values():
            for operation in path_view.operations:
                if set(operation.methods) - {"GET", "HEAD", "OPTIONS"}:
                    names.add(operation.url_name)
    return names


# A request mailed to the site's admins, which changes nothing on the server (the form's is left
# out of the matrix too): who may ask, in tests/seasons/test_organisers_welcome.py.
ASKS = {"organise-ask"}
ACTIONS = sorted(api_actions() - ASKS)


def test_every_api_action_has_a_row():
    assert ACTIONS, "the API has actions"
    assert set(ACTIONS) <= set(ROWS), "every API action has the row of the form it stands for, or its own"


def api_body(form: dict) -> dict:
    """A form's data as the API's body: the forms' `rank_<id>` fields are its `ranks` (api/forms.py)."""
    body = {key: value for key, value in form.items() if not key.startswith("rank_")}
    ranks = {key.removeprefix("rank_"): value for key, value in form.items() if key.startswith("rank_")}
    return body | ({"ranks": ranks} if ranks else {})


def call(world, clock, name: str, role: str, scope: str = "act") -> None:
    case = ROWS[name](world, clock)
    if role != "anonymous" and role not in case.roles:
        return
    url = reverse(f"api:{name}", args=([world.campaign.slug] if case.campaign_url else []) + case.args)
    headers = {}
    user, allowed, data = acting(world, case, role)
    if user is not None:
        _token, text = token_create(user=user, name="matrix", scope=scope)
        headers["HTTP_AUTHORIZATION"] = f"Bearer {text}"
    before = snapshot()
    response = Client().post(url, json.dumps(api_body(data)), content_type="application/json", **headers)
    assert response.status_code != 500, f"{name} as {role}"
    after = snapshot()
    body = response.json()
    if role == "anonymous":
        assert response.status_code == 401 and body["code"] == "unauthenticated", (name, body)
    elif scope == "read":
        assert response.status_code == 403 and body["code"] == "not_allowed", (name, role, body)
    elif allowed:
        assert response.status_code == 200, (name, role, body)
        assert after != before, f"{name} as {role}: allowed, yet nothing changed"
        return
    elif case.refused_status == 404:  # another's letter: not told apart from none (as on the pages)
        assert response.status_code == 404 and body["code"] == "not_found", (name, role, body)
    else:
        assert response.status_code == 403, (name, role, case.roles[role][0], body)
        assert body["code"] == "not_allowed" and body["message"]
    assert after == before, f"{name} as {role}: refused, yet something changed"


@pytest.mark.parametrize("name", ACTIONS)
def test_r2_who_may_act_through_the_api(name, world, clock):
    """Each role tries from the same state, as with the forms (rolled back after each)."""
    start = clock.time() if hasattr(clock, "time") else None
    for role in ROLES:
        with transaction.atomic():
            call(world, clock, name, role)
            transaction.set_rollback(True)
        if start is not None:
            clock.move_to(start)
    with transaction.atomic():  # the right post's read-only token acts on nothing
        call(world, clock, name, "right", scope="read")
        transaction.set_rollback(True)
