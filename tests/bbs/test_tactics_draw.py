"""What the hero tactics game's screen draws, at any terminal size, from what its reads return (no
database, no terminal: the screen's context alone): the chosen hero's reach `+` and targets `!`
from its legal actions, the menu of those aimed at the cursor, the 援護 answer opened by itself on
the answering player's screen (T14.4), no line wider than the terminal (wcwidth)."""

import pytest
from django.utils import translation

from bbs.context import Context
from games.tactics.setup import start
from games.tactics.state import final_state
from games.text_board import line_widths, plain
from gamescreens.tactics.drawing import joined
from gamescreens.tactics.game import TacticsScreen
from tests.tactics.bots import CELLS, SIDES_PICKS

SEED = "0" * 64


def view(**more) -> dict:
    """A game just started as its second player reads it (the engine's real first position)."""
    sides = {
        side: {"heroes": [{**pick, "cell": cell} for pick, cell in zip(SIDES_PICKS[side], CELLS[side], strict=True)]}
        for side in SIDES_PICKS
    }
    record = {"format": "sanguo-tactics/1", "map": "classic-9", "seed": SEED, "sides": sides, "actions": []}
    return {
        "id": 7,
        "status": "playing",
        "version": 4,
        "players": {"first": "liubei", "second": "caocao"},
        "challenger": "liubei",
        "opponent": "caocao",
        "you": "second",
        "settings": {"heroes_per_side": 3, "round_limit": 30},
        "map": "classic-9",
        "to_act": "second",
        "clocks": {"first": 1_790_000, "second": 1_800_000},
        "pending": None,
        "result": None,
        "state": final_state(start(record)),
        "rolls": [{"k": 0, "face": 3}],
        "actions": [],
        "picks": {},
        "deployments": {},
        **more,
    }


def screen_with(game: dict, actions: list[dict]) -> TacticsScreen:
    screen = TacticsScreen(Context(user=None, language="en"), game_id=7)
    screen.game.view, screen.game.legal = game, {"version": game["version"], "actions": actions}
    screen._changed()
    return screen


def drawn(screen: TacticsScreen, columns: int, rows: int) -> list:
    with translation.override("en"):
        return joined(screen.draw(columns, rows), columns)


@pytest.mark.parametrize(("columns", "rows"), [(80, 22), (120, 40), (40, 10)])
def test_t14_4_the_cover_answer_opens_by_itself_on_its_players_screen(columns, rows):
    react = {"act": "react", "side": "second", "hero": "趙雲", "skill": 1, "target": "d9"}
    attack = {"act": "attack", "side": "first", "hero": "呂布", "target": "d9"}
    screen = screen_with(view(pending={"attack": attack, "covers": [react]}), [react, {"act": "no-cover"}])
    assert screen.menu == [react, {"act": "no-cover"}]  # opened without a key
    text = drawn(screen, columns, rows)
    assert max(line_widths(text)) <= columns and len(line_widths(text)) <= rows
    if rows >= 22:
        assert "援護: 趙雲 covers d9" in plain(text) and "No 援護: let the attack through" in plain(text)
        assert "援護? second (後手) answers" in plain(text)


def test_t6_t9_the_chosen_heros_reach_and_targets_are_marked_and_its_menu_is_at_the_cursor():
    moves = [{"act": "move", "side": "second", "hero": "關羽", "path": path} for path in (["d8"], ["d8", "d7"])]
    hit = {"act": "attack", "side": "second", "hero": "關羽", "target": "e1"}
    end = {"act": "end", "side": "second", "hero": "關羽"}
    state = view()["state"]
    screen = screen_with(
        view(state={**state, "turn": {"side": "second", "hero": "關羽", "extra": False}}), [*moves, hit, end]
    )
    assert screen.chosen == "關羽" and screen.cursor == "d9"  # the turn's hero chosen, the cursor on it
    lines = plain(drawn(screen, 80, 22)).splitlines()
    row = {line[0]: line for line in lines if line[:1].isdigit()}
    d = slice(2 + 3 * 3, 2 + 3 * 3 + 2)  # file d: a cell is a glyph, a mark and a space
    assert row["8"][d] == "．+" and row["7"][d] == "．+" and row["6"][d] == "山 "
    assert "營!" in row["1"]  # the enemy base, its target
    screen.cursor = "d7"
    screen._enter()
    assert screen.menu == [moves[1], end, {"act": "resign"}]  # aimed at the cursor, aimed nowhere; resigning
    menu = plain(drawn(screen, 80, 22))
    assert " 1. Move 關羽 to d7 (2 steps)" in menu and " 3. Resign the game" in menu


def test_t2_6_a_spectator_and_the_waiting_player_are_told_why_enter_opens_no_menu():
    end = {"act": "end", "side": "second", "hero": "關羽"}
    watching = screen_with(view(you=None), [])
    with translation.override("en"):
        watching._enter()
        assert (
            watching.menu is None and watching.ctx.last_status == "! You are watching this game: only its players act."
        )
        waiting = screen_with(view(you="first"), [end])
        waiting._enter()
    assert waiting.menu is None and waiting.ctx.last_status == "! It is not your side's turn: the opponent acts."
