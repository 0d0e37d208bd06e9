"""Rounds and action turns (docs/tactics.md §T5, T11.1, T12.4, T13.3): the weather roll, the
start and end of a turn with their effects, respawn, and the passing of phases and rounds."""

from games.tactics.board import neighbours
from games.tactics.damage import Outcome, heal, lose_hp
from games.tactics.deaths import settle
from games.tactics.dice import weather_of
from games.tactics.movement import arrive
from games.tactics.state import Game, Unit
from games.tactics.statuses import check, expire


def start_round(game: Game) -> None:
    """The weather roll that opens a round (T11.1, T18.1)."""
    game.weather = weather_of(check(game), game.settings.weather_table)


def _near(game: Game, unit: Unit, skill: str) -> bool:
    """蔡琰's auras: her own turn, or another hero of her side next to her (T14.4 17.1, 17.2)."""
    if unit.has(skill):
        return True
    assert unit.cell is not None
    return any(u.has(skill) and u.cell in neighbours(game.board, unit.cell) for u in game.allies(unit.side))


def start_effects(game: Game, unit: Unit) -> None:
    """Start-of-turn effects, together (T5.2 step 2): 提振 +1 EN, 狩獵 +3 HP off a plain."""
    unit.moved, unit.attacked, unit.attacks = False, False, 1
    if _near(game, unit, "提振"):
        unit.en = min(unit.en_max, unit.en + 1)
    assert unit.cell is not None
    if unit.has("狩獵") and game.board.terrain(unit.cell) != "plain":
        heal(unit, 3)


def free_spawns(game: Game, side: str) -> list[str]:
    return [c for c in game.board.spawn_points(side) if game.at(c) is None]


def begin_turn(game: Game, unit: Unit) -> None:
    """A regular action turn begins (T5.2 step 1): a dead hero's respawn is due, or, with no free
    spawn point, its turn ends here."""
    unit.acted, unit.turns = True, unit.turns + 1
    game.turn = (unit.side, unit.name, False)
    if unit.alive:
        start_effects(game, unit)
    elif free_spawns(game, unit.side):
        game.due = "respawn"
    else:
        finish_turn(game)


def respawn(game: Game, unit: Unit, cell: str) -> None:
    """Back on a spawn point with HP at max, EN 1 (capped) and no statuses (T12.4); an enemy
    array on the spawn point triggers (T8.8); then the start-of-turn effects."""
    game.due = None
    unit.hp, unit.en, unit.statuses = unit.hp_max, min(game.settings.respawn_en, unit.en_max), []
    outcome = Outcome()
    arrive(game, unit, cell, outcome)
    settle(game, outcome)
    if unit.alive and game.result is None:
        start_effects(game, unit)
    elif game.result is None:
        finish_turn(game)


def end_turn(game: Game, unit: Unit) -> None:
    """The end of a regular turn (T5.2 steps 5–6): EN +2, 怠惰, 撫慰, then 狩獵's −1 (gains
    before losses, D39); then the statuses of this round go."""
    assert unit.cell is not None
    regain = game.settings.en_regain + (unit.has("怠惰") and not unit.moved) + (unit.has("怠惰") and not unit.attacked)
    unit.en = min(unit.en_max, unit.en + regain)
    if _near(game, unit, "撫慰"):
        heal(unit, 1)
    if unit.has("狩獵") and game.board.terrain(unit.cell) != "plain":
        outcome = Outcome()
        lose_hp(game, unit, 1, outcome)
        settle(game, outcome)
    expire(unit)
    unit.pending.discard("襲擾")
    if game.result is None:
        finish_turn(game)


def finish_turn(game: Game) -> None:
    """No action turn is in progress any more: the phase passes when each hero of its side has
    had its turn, and the round ends (and the next begins, T18.1) after the 後手 phase."""
    game.turn = None
    unit_side = game.phase
    if any(not u.acted for u in game.units if u.side == unit_side):
        return
    if game.phase == "first":
        game.phase = "second"
        return
    if game.round >= game.settings.round_limit:
        game.due = "round-limit"
        return
    game.round += 1
    game.phase = "first"
    for unit in game.units:
        unit.acted = False
    start_round(game)


def round_limit(game: Game) -> None:
    """Round R has ended: the side whose base lost less wins; equal losses draw (T13.3)."""
    lost = {side: game.settings.base_max(side) - game.bases[side] for side in ("first", "second")}
    outcome = "draw" if lost["first"] == lost["second"] else min(lost, key=lambda s: lost[s])
    game.result, game.due = {"outcome": outcome, "reason": "round-limit"}, None


def side_to_act(game: Game) -> str | None:
    """The side whose player acts now: a free phase's side (T5.6), a side whose heroes must drop
    a skill (T14.4), the phase's side between turns, 貂蟬's side in a 迷魂 extra turn, else the
    side of the hero whose turn it is. None once the game has ended."""
    if game.result is not None:
        return None
    if game.free_left:
        return str((game.settings.free_phases or {}).get("side", "first"))
    if game.drops:
        return game.drops[0][0]
    if game.turn is None:
        return game.phase
    if game.charmed is not None and game.turn[2]:
        return game.charmed[2]
    return game.turn[0]
