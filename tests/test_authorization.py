"""Who may do what (R2, R3.2, R4.4, R6.1, R8, R9, R10, R11.3): every URL that accepts POST, tried
as the anonymous visitor, an officer of another kingdom, an officer of the same kingdom without
the post, the party involved (who may not decide their own case) and the right post.

A refused try answers 403 (or, for the anonymous visitor, sends them to log in) and changes
nothing; the right post's try changes the war. A new view that accepts POST without a row in
MATRIX fails `test_every_post_url_has_a_row`.
"""

from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from battles.models import (
    BanqiGame,
    Ransom,
    Stratagem,
)
from battles.services.field import sortie
from battles.services.march import march_start
from battles.services.records import game_report
from battles.services.results import game_result
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import stratagem_accept, stratagem_challenge
from campaign.models import BoardModerator, Timer
from campaign.services.boards import post_reply, thread_create
from campaign.services.moves import move_request
from campaign.services.personnel import promotion_recommend
from campaign.timers import timer_schedule
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
# Django's own views that take POST: log-in (throttled, tests/test_security.py), log-out,
# the language menu, and the admin (kings are read-only staff there, tests/campaign/test_admin*).
DJANGO_OWN = {"login", "logout", "set_language"}
# The reader's own preferences, kept in a cookie like the language: anyone may set them, and
# they change nothing on the server (tests/campaign/test_time_zone.py).
READERS_OWN = {"time-zone"}
# Authorised by the secret in the address alone, as RFC 8058's one-click unsubscribe must be (a
# mail client posts without a session): tests/battles/test_mail.py tries a known, a used and an
# unknown secret.
SECRET_OWN = {"mail-unsubscribe"}


@dataclass
class Case:
    args: list
    data: dict
    roles: dict  # role → (officer name or "superuser", allowed, data override or None)
    campaign_url: bool = True
    extra: dict = field(default_factory=dict)


def refuse(name, data=None):
    return (name, False, data)


def allow(name, data=None):
    return (name, True, data)


def march(world):
    return march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])


def pending_siege_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    world.online("張飛")
    return siege_call_answer(actor=world["張飛"], game=game, defender=world["張飛"])


def palace_thread(world, clock):
    board = world["曹操"].kingdom.palace
    thread = thread_create(actor=world["荀彧"], board=board, title="軍議", body="出兵漢中")
    return Case(
        [board.pk],
        {"title": "再議", "body": "糧草"},
        {"other": refuse("孫權"), "same": allow("王粲"), "right": allow("荀彧")},
        extra={"thread": thread},
    )


def thread_new(world, clock):
    return palace_thread(world, clock)


def reply_new(world, clock):
    case = palace_thread(world, clock)
    case.args = [case.extra["thread"].pk]
    case.data = {"body": "附議"}
    return case


def post_moderate(world, clock):
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = post_reply(actor=world["郭嘉"], thread=thread, body="再獻一策")
    return Case(
        [post.pk],
        {"hidden": "1"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def post_edit_case(world, clock):
    """Only the author edits a post: not the board's governor, not another of the kingdom."""
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = post_reply(actor=world["郭嘉"], thread=thread, body="再獻一策")
    return Case(
        [post.pk],
        {"body": "改獻一策"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("曹仁"), "right": allow("郭嘉")},
    )


def move_request_case(world, clock):
    destination = world.city("許昌")
    return Case([], {"destination": destination.pk}, {"right": allow("郭嘉")})


def move_order(world, clock):
    data = {"officer": world["郭嘉"].pk, "destination": world.city("許昌").pk}
    return Case(
        [],
        data,
        {
            "other": refuse("孫權"),
            "same": refuse("荀彧"),
            "party": refuse("曹仁", {"officer": world["曹仁"].pk, "destination": world.city("許昌").pk}),
            "right": allow("曹仁"),
        },
    )


def requested_move(world, clock):
    move = move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    world.online("曹仁", "夏侯惇")
    return move


def move_approve(world, clock):
    move = requested_move(world, clock)
    return Case(
        [move.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def move_reject(world, clock):
    return move_approve(world, clock)


def move_cancel(world, clock):
    move = requested_move(world, clock)
    return Case(
        [move.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("曹仁"), "right": allow("郭嘉")},
    )


def governor_appoint(world, clock):
    return Case(
        [world.city("洛陽").pk],
        {"officer": world["郭嘉"].pk},
        {"other": refuse("孫權"), "same": refuse("曹仁"), "party": refuse("郭嘉"), "right": allow("曹操")},
    )


def moderator_appoint(world, clock):
    return Case(
        [world.city("洛陽").board.pk],
        {"officer": world["荀彧"].pk},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("荀彧"), "right": allow("曹仁")},
    )


def moderator_remove(world, clock):
    moderator = BoardModerator.objects.get(officer=world["荀彧"])
    return Case([moderator.pk], {}, {"other": refuse("孫權"), "same": refuse("王粲"), "right": allow("夏侯惇")})


def promotion_recommend_case(world, clock):
    return Case(
        [],
        {"officer": world["郭嘉"].pk, "stars": "13", "title": "軍師"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def promotion_decide(world, clock):
    promotion = promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=13, title="軍師")
    return Case(
        [promotion.pk],
        {"approve": "1"},
        {"other": refuse("孫權"), "same": refuse("曹仁"), "party": refuse("郭嘉"), "right": allow("曹操")},
    )


def march_new(world, clock):
    data = {
        "origin": world.city("長安").pk,
        "target": world.city("漢中").pk,
        "member": [world["徐晃"].pk, world["許褚"].pk],
        f"rank_{world['徐晃'].pk}": "marshal",
        f"rank_{world['許褚'].pk}": "general",
    }
    return Case([], data, {"other": refuse("孫權"), "same": refuse("許褚"), "right": allow("曹操")})


def ransom_decide(world, clock):
    army = march(world)
    battle = sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    game_result(user=world["孫權"].user, game=battle.games.get(), result="defender")
    ransom = Ransom.objects.get()
    return Case(
        [ransom.pk],
        {"paid": "1"},
        {"other": refuse("孫權"), "same": refuse("張飛"), "party": refuse("曹操"), "right": allow("劉備")},
    )


def call_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {"army": army.pk, "attacker": world["許褚"].pk},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("徐晃")},
    )


def call_answer(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    world.online("張飛")
    return Case(
        [army.siege_id, game.pk],
        {"defender": world["張飛"].pk},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("許褚"), "right": allow("張飛")},
    )


def roster_edit(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    data = {
        "member": [world["張飛"].pk, world["魏延"].pk],
        f"rank_{world['張飛'].pk}": "governor",
        f"rank_{world['魏延'].pk}": "soldier",
    }
    return Case(
        [army.siege_id],
        data,
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def retreat(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {"army": army.pk},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("徐晃")},
    )


def retreat_money(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("魏延")},
    )


def stratagem_new(world, clock):
    world.online("張飛")
    return Case(
        [],
        {"target": world["張飛"].pk, "kind": Stratagem.Kind.SIEGE},
        {"other": refuse("孫權"), "same": refuse("許褚"), "party": refuse("張飛"), "right": allow("郭嘉")},
    )


def challenged(world):
    world.online("張飛")
    return stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind=Stratagem.Kind.SIEGE)


def stratagem_answer(world, clock):
    stratagem = challenged(world)
    return Case(
        [stratagem.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("郭嘉"), "right": allow("張飛")},
    )


def banqi_act(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenged(world))
    game = BanqiGame.objects.get(stratagem=stratagem)
    # Both players act, each in turn (a turn out of order is a rule, R11.7, not an authority).
    return Case([game.pk], {"action": "a1"}, {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("郭嘉")})


def game_report_case(world, clock):
    game = pending_siege_game(world, clock)
    return Case(
        [game.pk],
        {"record": "炮二平五 馬８進７", "claimed": "attacker"},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("許褚")},
    )


def game_claim(world, clock):
    game = game_report(
        actor=world["許褚"], game=pending_siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker"
    )
    return Case(
        [game.pk],
        {"confirm": "1", "claim": game.claim_token()},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("許褚"), "right": allow("張飛")},
    )


def game_agree(world, clock):
    game = pending_siege_game(world, clock)
    return Case([game.pk], {}, {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("許褚")})


def result_enter(world, clock):
    game = pending_siege_game(world, clock)  # 張飛, governor of 漢中, plays it himself
    return Case(
        [game.pk],
        {"result": "attacker"},
        {"other": refuse("劉備"), "same": refuse("諸葛亮"), "party": refuse("張飛"), "right": allow("孫權")},
    )


def sortie_new(world, clock):
    army = march(world)
    world.online("張飛")
    return Case(
        [army.pk],
        {"officer": [world["張飛"].pk, world["魏延"].pk]},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def battle_choose(world, clock):
    army = march(world)
    sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    return Case(
        [army.pk],
        {"officer": [world["許褚"].pk]},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("劉備"), "right": allow("徐晃")},
    )


def battle_advance(world, clock):
    army = march(world)
    battle = sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    for game, outcome in zip(battle.games.order_by("board"), ["attacker", "draw"]):
        game_result(user=world["孫權"].user, game=game, result=outcome)
    clock.move_to(army.arrives_at + timedelta(minutes=1))
    return Case(
        [army.pk],
        {"advance": "1"},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("劉備"), "right": allow("徐晃")},
    )


def pursuit_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    world.online("徐晃", "許褚", "張飛")
    data = {"pursuer": [world["張飛"].pk, world["魏延"].pk], "opponent": [world["徐晃"].pk, world["許褚"].pk]}
    return Case(
        [army.pk],
        data,
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def reinforce_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.pk],
        {"origin": world.city("洛陽").pk, "member": [world["曹仁"].pk]},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("曹操")},
    )


def due_timer(world, key: str) -> Timer:
    """A timer of a kind no handler knows: applying it fails and is recorded (R7.5)."""
    from campaign import clock as site_clock

    return timer_schedule(
        campaign=world.campaign,
        key=key,
        kind="no.such.kind",
        object_id=1,
        due_at=site_clock.now() - timedelta(seconds=1),
    )


def ops_apply_due(world, clock):
    due_timer(world, "test:due")
    return Case(
        [], {}, {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("superuser")}, campaign_url=False
    )


def ops_retry(world, clock):
    timer = due_timer(world, "test:aside")
    Timer.objects.filter(pk=timer.pk).update(status=Timer.Status.FAILED, attempts=5, last_error="boom")
    return Case(
        [timer.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("superuser")},
        campaign_url=False,
    )


def token_new(world, clock):
    """Anyone logged in makes their own API tokens (issue 12)."""
    return Case([], {"name": "bot", "scope": "act"}, {"right": allow("郭嘉")}, campaign_url=False)


def token_revoke(world, clock):
    """Only its owner revokes a token."""
    from campaign.services.tokens import token_create

    token, _text = token_create(user=world["郭嘉"].user, name="bot", scope="read")
    return Case(
        [token.pk], {}, {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("郭嘉")}, campaign_url=False
    )


def feed_renew(world, clock):
    """Anyone with an officer makes their own feed address; there is nobody else's to make."""
    return Case([], {}, {"right": allow("郭嘉"), "other": refuse("superuser")})


def mail_settings(world, clock):
    """Anyone with an officer sets their own mail; there is nobody else's to set."""
    return Case(
        [], {"address": "guo@example.org", "kinds": ["call"]}, {"right": allow("郭嘉"), "other": refuse("superuser")}
    )


def mail_confirm(world, clock):
    """The confirmation link is the officer's own: another officer following it is refused."""
    from campaign.services.mail import mail_settings_save

    officer = world["郭嘉"]
    saved = mail_settings_save(actor=officer, officer=officer, address="guo@example.org", kinds=["call"])
    return Case([], {"token": saved.confirm_token}, {"right": allow("郭嘉"), "other": refuse("孫權")})


MATRIX = {
    "token-new": token_new,
    "token-revoke": token_revoke,
    "feed-renew": feed_renew,
    "mail-settings": mail_settings,
    "mail-confirm": mail_confirm,
    "thread-new": thread_new,
    "reply-new": reply_new,
    "post-moderate": post_moderate,
    "post-edit": post_edit_case,
    "move-request": move_request_case,
    "move-order": move_order,
    "move-approve": move_approve,
    "move-reject": move_reject,
    "move-cancel": move_cancel,
    "governor-appoint": governor_appoint,
    "moderator-appoint": moderator_appoint,
    "moderator-remove": moderator_remove,
    "promotion-recommend": promotion_recommend_case,
    "promotion-decide": promotion_decide,
    "march-new": march_new,
    "ransom-decide": ransom_decide,
    "call-new": call_new,
    "call-answer": call_answer,
    "roster-edit": roster_edit,
    "retreat": retreat,
    "retreat-money": retreat_money,
    "stratagem-new": stratagem_new,
    "stratagem-answer": stratagem_answer,
    "banqi-act": banqi_act,
    "game-report": game_report_case,
    "game-claim": game_claim,
    "game-agree": game_agree,
    "result-enter": result_enter,
    "sortie-new": sortie_new,
    "battle-choose": battle_choose,
    "battle-advance": battle_advance,
    "pursuit-new": pursuit_new,
    "reinforce-new": reinforce_new,
    "ops-apply-due": ops_apply_due,
    "ops-retry": ops_retry,
}
ROLES = ("anonymous", "other", "same", "party", "right")


def url_patterns(resolver=None, outer: tuple = ()):
    """(name, its parameters' names) of every named URL but the admin's."""
    for entry in (resolver or get_resolver()).url_patterns:
        names = outer + tuple(entry.pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            if not str(entry.pattern).startswith(("admin/", "api/")):  # the API's: tests/api/test_authorization.py
                yield from url_patterns(entry, names)
        elif isinstance(entry, URLPattern) and entry.name:
            yield entry.name, names


def snapshot() -> dict:
    """Every row of the war's tables (presence, sessions and log-in records change on any visit)."""
    skip = {"presence", "session", "accessattempt", "accesslog", "accessfailurelog", "logentry"}
    state = {}
    for model in apps.get_models():
        if model._meta.app_label in {"campaign", "cities", "battles"} and model._meta.model_name not in skip:
            rows = list(model.objects.order_by("pk").values())
            for row in rows:
                row.pop("last_used_at", None)  # an access token's, written by any API call
            state[model._meta.label] = rows
    return state


def test_every_post_url_has_a_row(world):
    """R2: a view that takes POST without a row here would be an action nobody checked. Pages
    answer 405 to POST (campaign_page); a site admin walks them, so no log-in check hides it."""
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("walker", password="a-long-walker-password"))
    accepting = set()
    for name, parameters in url_patterns():
        if name in DJANGO_OWN | READERS_OWN | SECRET_OWN:  # (posting to log-out would end the walker's session)
            continue
        kwargs = {p: world.campaign.slug if p == "slug" else 1 for p in parameters}
        if client.post(reverse(name, kwargs=kwargs)).status_code != 405:
            accepting.add(name)
    assert accepting == set(MATRIX), "every view that accepts POST has a row in MATRIX"


def acting(world, case: Case, role: str):
    """Who tries as `role` (None: the anonymous visitor, or a role this action does not have),
    whether the rules allow it, and the data they send; they are online (R2.6)."""
    if role == "anonymous" or role not in case.roles:
        return None, False, case.data
    who, allowed, override = case.roles[role]
    if who == "superuser":
        user = get_user_model().objects.create_superuser("root", password="a-long-root-password")
    else:
        user = world[who].user
        world.online(who)
    return user, allowed, override or case.data


def try_post(world, clock, name: str, role: str) -> None:
    case = MATRIX[name](world, clock)
    if role != "anonymous" and role not in case.roles:
        return  # this action has no such party in the rules (e.g. nobody else's move to withdraw)
    url = reverse(name, args=([world.campaign.slug] if case.campaign_url else []) + case.args)
    client = Client()
    user, allowed, data = acting(world, case, role)
    if user is not None:
        client.force_login(user)
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code != 500, f"{name} as {role}"
    after = snapshot()
    if allowed:
        assert response.status_code in (200, 302), (name, role, response.content[:300])
        assert after != before, f"{name} as {role}: allowed, yet nothing changed"
    else:
        if role == "anonymous":
            assert response.status_code == 302 and "login" in response["Location"], f"{name} as {role}"
        else:
            assert response.status_code == 403, f"{name} as {role} ({case.roles[role][0]}): not 403"
        assert after == before, f"{name} as {role}: refused, yet something changed"


@pytest.mark.timer_failures_expected  # the operators' rows apply a timer no handler knows
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_r2_who_may_post(name, world, clock):
    """Each role tries from the same state: the setup and the try are rolled back after each."""
    start = clock.time() if hasattr(clock, "time") else None
    for role in ROLES:
        with transaction.atomic():
            try_post(world, clock, name, role)
            transaction.set_rollback(True)
        if start is not None:
            clock.move_to(start)
