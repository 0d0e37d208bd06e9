"""A flood of hero tactics challenges from one account to another (T2.6), limited as the board
games' are (tests/friendly/test_flooding.py): one unanswered hero tactics challenge from an
account to the same account at a time, asked the same at every door (the room's challenge form
and the hero tactics list's, the room's and hero tactics' API; the terminal's in
tests/bbs/test_tactics_flooding.py), refused naming T2.6 in the reader's language, nothing made.
Answered or withdrawn, the next may be sent; a seek taken up is never refused; two sent at once
make one."""

import json

import pytest
from django.test import Client

from accounts.services import token_create
from campaign.errors import RuleViolation
from room.services.seeks import seek_accept, seek_open
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_cancel, tactics_challenge, tactics_decline
from tests.friendly.helpers import account, signed_in
from tests.races import at_once

WAITING = TacticsGame.Status.CHALLENGED


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/room/challenge/", "/tactics/challenge/"])
def test_t2_6_a_flood_of_challenges_from_a_page_leaves_one_waiting(path):
    liubei, caocao, sunquan = account("liubei"), account("caocao"), account("sunquan")
    client = signed_in(liubei)
    for _ in range(5):
        answer = client.post(path, {"kind": "tactics", "opponent": "CaoCao", "side": "first"}, follow=True)
        assert answer.status_code == 200
    page = answer.content.decode()
    assert "T2.6" in page and "你對「caocao」的挑戰尚未回應" in page
    assert TacticsGame.objects.filter(challenger=liubei).count() == 1
    tactics_challenge(user=sunquan, opponent_name="caocao", settings={})  # another account's still arrives
    tactics_challenge(user=caocao, opponent_name="liubei", settings={})  # and the challenged may challenge back
    assert TacticsGame.objects.filter(status=WAITING).count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/room/challenge", "/api/v1/tactics/challenge"])
def test_t2_6_a_flood_of_challenges_over_the_api_leaves_one_waiting(path):
    liubei, _caocao = account("liubei"), account("caocao")
    token = token_create(user=liubei, name="bot", scope="act")[1]
    answers = [
        Client().post(
            path,
            json.dumps({"opponent": "caocao", "settings": {}}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
            HTTP_ACCEPT_LANGUAGE="en",
        )
        for _ in range(3)
    ]
    assert [answer.status_code for answer in answers] == [200, 400, 400]
    refused = answers[-1].json()
    assert refused["clause"] == "T2.6" and "Your challenge to “caocao” is not answered yet" in refused["message"]
    assert TacticsGame.objects.filter(challenger=liubei).count() == 1


@pytest.mark.django_db
def test_t2_6_once_answered_or_withdrawn_the_next_hero_tactics_challenge_may_be_sent():
    liubei, caocao = account("liubei"), account("caocao")
    first = tactics_challenge(user=liubei, opponent_name="caocao", settings={})
    tactics_decline(user=caocao, game_id=first.pk)
    second = tactics_challenge(user=liubei, opponent_name="caocao", settings={})
    tactics_cancel(user=liubei, game_id=second.pk)
    tactics_challenge(user=liubei, opponent_name="caocao", settings={}, side="second", seats=2)
    with pytest.raises(RuleViolation) as refused:
        tactics_challenge(user=liubei, opponent_name="caocao", settings={})
    assert refused.value.clause == "T2.6"
    seek = seek_open(user=liubei)  # a seek taken up is answered at once: never refused
    taken = seek_accept(user=caocao, seek_id=seek.pk)
    assert TacticsGame.objects.get(pk=taken.tactics_game_id).status == TacticsGame.Status.PICKING
    assert TacticsGame.objects.filter(status=WAITING).count() == 1


@pytest.mark.django_db(transaction=True)
def test_t2_6_two_hero_tactics_challenges_to_one_account_sent_at_once_make_one():
    liubei, _caocao = account("liubei"), account("caocao")
    raised = at_once(*[lambda: tactics_challenge(user=liubei, opponent_name="caocao", settings={})] * 2)
    assert [type(exc) for exc in raised] == [RuleViolation]
    assert TacticsGame.objects.filter(status=WAITING).count() == 1
