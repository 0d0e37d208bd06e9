"""A flood of board challenges from one account to another (T2.6): one unanswered challenge
from an account to the same account at a time, so the challenged account's other challenges
are not buried; refused in the reader's language, naming T2.6, nothing made. Answered or
withdrawn, the next may be sent; two sent at once make one."""

import pytest

from campaign.errors import RuleViolation
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_cancel, friendly_challenge, friendly_decline
from room.services.seeks import seek_accept, seek_open
from tests.friendly.helpers import account, signed_in
from tests.races import at_once


@pytest.mark.django_db
def test_t2_6_a_flood_of_challenges_to_one_account_leaves_one_waiting():
    liubei, caocao, sunquan = account("liubei"), account("caocao"), account("sunquan")
    client = signed_in(liubei)
    for kind in ["xiangqi", "chess", "banqi"] * 7:
        answer = client.post("/room/challenge/", {"kind": kind, "opponent": "CaoCao", "side": "first"}, follow=True)
        assert answer.status_code == 200
    page = answer.content.decode()
    assert "T2.6" in page and "尚未回應" in page
    assert FriendlyGame.objects.filter(challenger=liubei).count() == 1
    friendly_challenge(user=sunquan, opponent_name="caocao", kind="chess")  # another account's still arrives
    friendly_challenge(user=caocao, opponent_name="liubei", kind="chess")  # and the challenged may challenge back
    room = signed_in(caocao).get("/room/").content.decode()
    assert "sunquan" in room and "liubei" in room


@pytest.mark.django_db
def test_t2_6_once_answered_or_withdrawn_the_next_challenge_may_be_sent():
    liubei, caocao = account("liubei"), account("caocao")
    first = friendly_challenge(user=liubei, opponent_name="caocao", kind="xiangqi")
    friendly_decline(user=caocao, game_id=first.pk)
    second = friendly_challenge(user=liubei, opponent_name="caocao", kind="xiangqi")
    friendly_cancel(user=liubei, game_id=second.pk)
    friendly_challenge(user=liubei, opponent_name="caocao", kind="chess", side="second")
    with pytest.raises(RuleViolation) as refused:
        friendly_challenge(user=liubei, opponent_name="caocao", kind="banqi")
    assert refused.value.clause == "T2.6"
    seek = seek_open(user=liubei, kind="banqi")  # a seek taken up is answered at once: never refused
    assert seek_accept(user=caocao, seek_id=seek.pk).friendly_game.status == FriendlyGame.Status.PLAYING


@pytest.mark.django_db(transaction=True)
def test_t2_6_two_challenges_to_one_account_sent_at_once_make_one():
    liubei, _caocao = account("liubei"), account("caocao")
    raised = at_once(
        *[
            lambda kind=kind: friendly_challenge(user=liubei, opponent_name="caocao", kind=kind)
            for kind in ("xiangqi", "chess")
        ]
    )
    assert [type(exc) for exc in raised] == [RuleViolation]
    assert FriendlyGame.objects.filter(status=FriendlyGame.Status.CHALLENGED).count() == 1
