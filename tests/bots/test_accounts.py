"""The computer's accounts (bots/services/accounts.py, `manage.py bot_create`): an account nobody
logs in as, flagged as the computer's at its levels, which players challenge like any other
(T2.6); an unknown level is refused, naming the rule, and changes nothing."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import translation

from bots.models import Bot
from bots.services.accounts import bot_create
from campaign.errors import RuleViolation


@pytest.mark.django_db
def test_t2_6_bot_create_makes_the_computers_account_or_flags_an_existing_one():
    out = StringIO()
    call_command("bot_create", "computer", "--tactics-level", "greedy", "--engine-level", "3", stdout=out)
    bot = Bot.objects.get(user__username="computer")
    assert (bot.tactics_level, bot.engine_level) == ("greedy", 3) and not bot.user.has_usable_password()
    human = get_user_model().objects.create_user("liubei", "liubei@example.com", "a-long-password-2026")
    call_command("bot_create", "LiuBei", stdout=out)  # an existing account, in any case: flagged
    assert Bot.objects.get(user=human).tactics_level == "mcts"
    assert get_user_model().objects.filter(username__iexact="liubei").count() == 1


@pytest.mark.django_db
def test_t2_6_an_unknown_level_is_refused_in_the_users_language_and_nothing_is_made():
    with pytest.raises(RuleViolation) as refused:
        bot_create(username="computer", tactics_level="grandmaster")
    assert refused.value.clause == "T2.6" and "random, greedy, mcts, mcts-strong" in str(refused.value)
    with translation.override("zh-hant"), pytest.raises(RuleViolation) as refused:
        bot_create(username="computer", engine_level=9)
    assert "電腦的象棋與西洋棋等級為 1 至 4" in str(refused.value)
    with pytest.raises(CommandError):
        call_command("bot_create", "computer", "--engine-level", "9", stdout=StringIO(), stderr=StringIO())
    assert not get_user_model().objects.filter(username="computer").exists()
