"""The terminal's hero tactics challenges (docs/terminal.md, "Hero tactics") are limited as the
pages' and the API's are (T2.6, tests/tactics/test_flooding.py): one unanswered challenge from an
account to the same account at a time; the second is refused on the status line in the service's
words, over real SSH, and nothing is made."""

import pytest
from django.utils import translation

from campaign.errors import RuleViolation
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_challenge
from tests.bbs.tactics_steps import account, open_list, wait_status

pytestmark = pytest.mark.django_db(transaction=True)


def test_t2_6_a_second_unanswered_challenge_typed_in_the_terminal_is_refused(bbs):
    liubei, _caocao = account("liubei"), account("caocao")
    terminal = open_list(bbs, "liubei")
    terminal.type("c", "caocao", "enter")
    wait_status(terminal, "Done.")
    terminal.type("c", "caocao rounds=1", "enter")
    with translation.override("en"), pytest.raises(RuleViolation) as refused:
        tactics_challenge(user=liubei, opponent_name="caocao", settings={})
    assert refused.value.clause == "T2.6"
    wait_status(terminal, refused.value.refusal)
    assert TacticsGame.objects.filter(challenger=liubei).count() == 1
