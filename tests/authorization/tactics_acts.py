"""Rows of the authorization matrix for the hero tactics games' pages (tactics/views/games.py):
any signed-in account challenges another; only the challenged account accepts or declines, only
the challenger withdraws (T2.6). The acts of a game in play go over its socket
(tests/tactics/test_socket.py) and the API (tests/api/test_authorization.py)."""

from tactics.services.challenges import tactics_challenge
from tactics.services.seats import tactics_join
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


def _team(world):
    """郭嘉 challenges 荀彧 to the team form, two players a side (T2.6)."""
    return tactics_challenge(user=world["郭嘉"].user, opponent_name=world["荀彧"].user.username, settings={}, seats=2)


def tactics_join_seat(world, clock):
    """An open seat: anyone not yet in the game takes it; a captain already plays (T2.6)."""
    game = _team(world)
    return Case([game.pk], {"side": "first"}, {"party": refuse("荀彧"), "right": allow("孫權")}, campaign_url=False)


def tactics_leave_seat(world, clock):
    """孫權's seat: he leaves it, or his captain 郭嘉 unseats him; not the other side's captain."""
    game = _team(world)
    tactics_join(user=world["孫權"].user, game_id=game.pk, side="first")
    data = {"player": world["孫權"].user.username}
    return Case([game.pk], data, {"party": refuse("荀彧"), "right": allow("郭嘉")}, campaign_url=False)


TACTICS_ROWS = {
    "tactics:join": tactics_join_seat,
    "tactics:leave": tactics_leave_seat,
    "tactics:challenge": tactics_challenge_new,
    "tactics:accept": tactics_answer,
    "tactics:decline": tactics_answer,
    "tactics:withdraw": tactics_withdraw,
}
