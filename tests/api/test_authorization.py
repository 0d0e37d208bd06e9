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
from tests.authorization.cases import Case, allow, refuse
from tests.authorization.matrix import MATRIX, ROLES, acting, snapshot


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


# Acts the API has and the forms do not (the live game's moves go over the page's socket).
API_ONLY = {"live-act": live_act}
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
