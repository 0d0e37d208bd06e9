"""The game room's rows (room/, T2.6): any signed-in account opens a seek or challenges another;
a seek is accepted by anyone but its owner and withdrawn by its owner alone; a challenge is
answered by the account challenged and withdrawn by the challenger; any signed-in account plays
the computer. A friendly board game's page (friendly/, R11.3): only its players act in it."""

from bots.services.accounts import bot_accounts_ensure
from friendly.services.challenges import friendly_accept, friendly_challenge
from room.services.seeks import seek_open
from tactics.services.challenges import tactics_challenge
from tests.authorization.cases import Case, allow, refuse


def seek_new(world, clock):
    return Case([], {"kind": "tactics", "side": "first"}, {"right": allow("許褚")}, campaign_url=False)


def _seek(world):
    return seek_open(user=world["許褚"].user, settings={})


def seek_accept(world, clock):
    return Case([_seek(world).pk], {}, {"same": refuse("許褚"), "right": allow("魏延")}, campaign_url=False)


def seek_withdraw(world, clock):
    return Case([_seek(world).pk], {}, {"other": refuse("魏延"), "right": allow("許褚")}, campaign_url=False)


def challenge_new(world, clock):
    body = {"opponent": world["魏延"].user.username, "side": "first"}
    return Case([], body, {"right": allow("許褚")}, campaign_url=False)


def _challenge(world):
    return tactics_challenge(user=world["許褚"].user, opponent_name=world["魏延"].user.username, settings={})


def _answer(world, clock):
    roles = {"other": refuse("孫權"), "same": refuse("許褚"), "right": allow("魏延")}
    return Case([_challenge(world).pk], {}, roles, campaign_url=False)


def challenge_withdraw(world, clock):
    roles = {"other": refuse("孫權"), "same": refuse("魏延"), "right": allow("許褚")}
    return Case([_challenge(world).pk], {}, roles, campaign_url=False)


def computer_new(world, clock):
    bot_accounts_ensure()
    return Case([], {"level": "random", "side": "first"}, {"right": allow("許褚")}, campaign_url=False)


def _board_challenge(world):
    return friendly_challenge(user=world["許褚"].user, opponent_name=world["魏延"].user.username, kind="xiangqi")


def _board_answer(world, clock):
    roles = {"other": refuse("孫權"), "same": refuse("許褚"), "right": allow("魏延")}
    return Case([_board_challenge(world).pk], {}, roles, campaign_url=False)


def board_withdraw(world, clock):
    roles = {"other": refuse("孫權"), "same": refuse("魏延"), "right": allow("許褚")}
    return Case([_board_challenge(world).pk], {}, roles, campaign_url=False)


def friendly_act(world, clock):
    """A move in a friendly game: its first player (許褚, red) moves; a stranger is refused."""
    game = friendly_accept(user=world["魏延"].user, game_id=_board_challenge(world).pk)
    body = {"act": "move", "move": "h2e2", "ply": 0}
    return Case([game.pk], body, {"other": refuse("孫權"), "right": allow("許褚")}, campaign_url=False)


ROOM_ROWS = {
    "room-seek-new": seek_new,
    "room-seek-accept": seek_accept,
    "room-seek-withdraw": seek_withdraw,
    "room-challenge": challenge_new,
    "room-challenge-accept": _answer,
    "room-challenge-decline": _answer,
    "room-challenge-withdraw": challenge_withdraw,
    "room-computer": computer_new,
    "room-board-challenge-accept": _board_answer,
    "room-board-challenge-decline": _board_answer,
    "room-board-challenge-withdraw": board_withdraw,
    "friendly-act": friendly_act,
}
