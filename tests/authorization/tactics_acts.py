"""Rows of the authorization matrix for the hero tactics games' pages (tactics/views/games.py):
any signed-in account challenges another; only the challenged account accepts or declines, only
the challenger withdraws (T2.6). The acts of a game in play go over its socket
(tests/tactics/test_socket.py) and the API (tests/api/test_authorization.py)."""

from tactics.services.challenges import tactics_challenge
from tests.authorization.cases import Case, allow, refuse


def _challenge(world):
    """郭嘉 challenges 荀彧 (accounts, not officers: the game is no campaign's)."""
    return tactics_challenge(user=world["郭嘉"].user, opponent_name=world["荀彧"].user.username, settings={})


def tactics_challenge_new(world, clock):
    opponent = world["荀彧"].user.username
    return Case([], {"opponent": opponent}, {"right": allow("郭嘉")}, campaign_url=False)


def tactics_answer(world, clock):
    """Accept or decline: the challenged account only."""
    game = _challenge(world)
    return Case(
        [game.pk], {}, {"other": refuse("孫權"), "party": refuse("郭嘉"), "right": allow("荀彧")}, campaign_url=False
    )


def tactics_withdraw(world, clock):
    game = _challenge(world)
    return Case(
        [game.pk], {}, {"other": refuse("孫權"), "party": refuse("荀彧"), "right": allow("郭嘉")}, campaign_url=False
    )


TACTICS_ROWS = {
    "tactics:challenge": tactics_challenge_new,
    "tactics:accept": tactics_answer,
    "tactics:decline": tactics_answer,
    "tactics:withdraw": tactics_withdraw,
}
