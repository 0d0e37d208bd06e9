"""Hero tactics (戰棋) in the terminal (docs/terminal.md, "Hero tactics"), over real SSH read
through pyte: a whole 3-v-3 game played between two terminals from the challenge to its end
(picks, deployment, actions from the menu of legal actions), a spectator following it, the replay
with the seed; a refusal on the status line in the service's words; the board at 80×24 in UTF-8
and in Big5."""

import pytest
from django.utils import translation
from wcwidth import wcswidth

from campaign.errors import NotAllowed, RuleViolation
from games.tactics.replay import replay
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal, tactics_record, tactics_view
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.play import tactics_resign
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.bbs.tactics_steps import FIRST_PICKS, SECOND_PICKS, account, choose, deploy, open_list, pick, wait_status
from tests.tactics.bots import CELLS, SIDES_PICKS

pytestmark = pytest.mark.django_db(transaction=True)


def acted(game_id: int, version: int, timeout: float = 10) -> TacticsGame:
    """The game once its version moved past `version`."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        game = TacticsGame.objects.select_related("challenger", "opponent").get(pk=game_id)
        if game.version > version or time.monotonic() > deadline:
            return game
        time.sleep(0.05)


def play_to_the_end(game: TacticsGame, users: dict, terminals: dict, watcher) -> tuple[TacticsGame, int]:
    """Each side's terminal begins each hero's turn and ends it, from the menu, until the game is
    decided (the legal actions read to know whose and which, as the players see them); the
    spectator sees each turn begin. The decided game, and how many turns were begun."""
    turns = 0
    while game.status == "playing":
        side = game.to_act
        terminal, legal = terminals[side], tactics_legal(game, users[side])["actions"]
        terminal.wait_for(f"actions {len(game.record['actions'])} ")  # the screen has read this version
        if legal[0]["act"] == "turn":
            terminal.wait_for("Your side acts")
            choose(terminal, f"Begin {legal[0]['hero']}'s turn")
            turns += 1
        else:
            hero = legal[0]["hero"]
            number = 1 + [h["hero"] for h in tactics_view(game)["state"]["heroes"]].index(hero)
            terminal.wait_for(f">{number}{hero}")  # its card marked: its turn begun on this screen
            watcher.wait_for(f">{number}{hero}")  # and on the spectator's
            choose(terminal, f"End {hero}'s turn")
        game = acted(game.pk, game.version)
    return game, turns


def test_t2_t13_3_w4_two_terminals_play_a_whole_3v3_game_and_a_spectator_follows_it(bbs):
    users = {"first": account("liubei"), "second": account("caocao")}
    watcher_user = account("guojia")
    first = open_list(bbs, "liubei")
    first.type("c", "nobody", "enter")  # a refusal: the service's words, word for word
    with translation.override("en"), pytest.raises(RuleViolation) as refused:
        tactics_challenge(user=users["first"], opponent_name="nobody", settings={})
    wait_status(first, refused.value.refusal)
    first.type("c", "caocao rounds=1", "enter")  # T15: a one-round game
    wait_status(first, "Done.")
    second = open_list(bbs, "caocao")
    second.wait_for("challenges you")
    second.type("a")
    second.wait_for("picking heroes")
    game = TacticsGame.objects.get()
    watcher = open_list(bbs, "guojia")
    watcher.type("o", str(game.pk), "enter")
    watcher.wait_for(f"Hero tactics game {game.pk}")
    terminals = {"first": first, "second": second}
    first.type("r")
    first.wait_for("picking heroes")
    for terminal in terminals.values():
        terminal.type("enter")
    pick(first, FIRST_PICKS)
    first.wait_for("Your picks are in")  # T2.3: secret until both are in
    pick(second, SECOND_PICKS)
    deploy(first, "first")
    first.wait_for("Your deployment is in")
    deploy(second, "second")
    game = acted(game.pk, game.version + 5)
    assert game.status == "playing" and game.record["sides"]["first"]["heroes"][0]["cell"] == "d1"
    watcher.wait_for("張1")  # the spectator's board: the heroes on their cells
    watcher.type("x", "y")  # a spectator resigning: the service's refusal, word for word (T2.6)
    with translation.override("en"), pytest.raises(NotAllowed) as not_theirs:
        tactics_resign(user=watcher_user, game_id=game.pk)
    wait_status(watcher, not_theirs.value.refusal)
    game, turns = play_to_the_end(game, users, terminals, watcher)
    assert turns == 6 and (game.status, game.reason) == ("decided", "round-limit")  # T13.3, W4
    for terminal in (first, second, watcher):
        terminal.wait_for(f"Seed: {game.seed}")  # T18.1: the seed shown once it has ended
    assert replay(tactics_record(game)) == tactics_view(game)["state"]  # the record replays (T18.3)
    total = len(game.record["actions"])
    first.type("left")  # the replay: one action back
    first.wait_for(f"Action {total - 1}/{total}")
    first.type("home")
    shown = first.wait_for(f"Action 0/{total}")
    assert "Rolls: k0=" in shown


def test_t3_w7_the_board_at_80x24_in_utf8_and_in_big5(bbs):
    users = {"first": account("liubei", encoding="big5", language="zh-hant"), "second": account("caocao")}
    with translation.override("en"):
        game = tactics_challenge(user=users["first"], opponent_name="caocao", settings={})
        tactics_accept(user=users["second"], game_id=game.pk)
        for side, user in users.items():
            tactics_pick(user=user, game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
        for side, user in users.items():
            names = [entry["hero"] for entry in SIDES_PICKS[side]]
            tactics_deploy(user=user, game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    terminals = {
        "big5": open_list(bbs, "liubei", encoding="big5", english=False),
        "utf-8": open_list(bbs, "caocao"),
    }
    for terminal in terminals.values():
        terminal.type("enter")
        shown = terminal.wait_for("營")
        for hero in [entry["hero"] for side in SIDES_PICKS.values() for entry in side]:
            assert hero in shown  # the heroes' names readable: no mojibake
        assert "\ufffd" not in shown and "??" not in shown
        assert all(wcswidth(line) <= 80 for line in shown.splitlines())
        assert shown.count("30:00") + shown.count("29:5") == 2  # W7: both clocks
        assert "山" in shown and "水" in shown and "林" in shown  # the terrains
    shown = terminals["big5"].screen_text()
    assert "先手 本陣 10" in shown and "天氣：" in shown  # in the user's language, through Big5
