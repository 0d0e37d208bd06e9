"""Skills that heal, give, set or leave something pending (docs/tactics.md T14.3, T14.4): 天變,
八陣, 急救, 回生, 療傷, 仁德, 清心, 火箭, 奮發, 襲擾, 連戰."""

from games.tactics.damage import heal
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills.common import Use, in_area, plus

HEALS = {"急救": 2, "回生": 6}
WEATHERS = ("sunny", "overcast", "rain")


def check_heal(use: Use) -> None:
    target = use.target("own")
    if target.hp >= target.hp_max:
        raise TacticsViolation(
            "T9.5", gettext_noop("%(hero)s is at full HP: healing never goes above the maximum"), hero=target.name
        )


def run_heal(use: Use) -> None:
    heal(use.target("own"), HEALS[use.skill.name])


def run_treat(use: Use) -> None:
    """療傷: every own hero in the cell and its 4 neighbours +3 HP; enemies are not healed."""
    for unit in in_area(use.game, plus(use.game, use.cell()), lambda u: use.game.side_of(u) == use.side):
        heal(unit, 3)


def check_weather_shift(use: Use) -> None:
    if use.action.get("weather") not in WEATHERS:
        raise TacticsViolation("T18.2", gettext_noop("天變 names the weather: sunny, overcast or rain"))


def run_weather_shift(use: Use) -> None:
    """天變 sets the weather for the rest of this round (T11.3, D8)."""
    use.game.weather = use.action["weather"]


def check_array(use: Use) -> None:
    """八陣: an empty cell, not water, not a base, without an array (T8.8)."""
    cell = use.cell()
    game = use.game
    if game.board.terrain(cell) in ("water", "base") or game.at(cell) is not None or cell in game.arrays:
        raise TacticsViolation("T8.8", gettext_noop("a stone array cannot be placed on %(cell)s"), cell=cell)


def run_array(use: Use) -> None:
    use.game.arrays[use.cell()] = use.side


def check_benevolence(use: Use) -> None:
    """仁德: another own hero on the board, an amount from 0 to 劉備's EN (T14.4 11.3)."""
    target = use.target("own")
    amount = use.action.get("amount")
    if target is use.user:
        raise TacticsViolation("T14.4", gettext_noop("仁德 gives EN to another hero of the side"))
    if type(amount) is not int or not 0 <= amount <= use.user.en:
        raise TacticsViolation("T14.4", gettext_noop("仁德's amount is from 0 to the giver's current EN"))


def run_benevolence(use: Use) -> None:
    """The receiver takes as much as its max allows; only that leaves 劉備 (D46)."""
    target = use.target("own")
    given = min(use.action["amount"], target.en_max - target.en)
    target.en += given
    use.user.en -= given


def run_clear_mind(use: Use) -> None:
    """清心: every status off every own hero within 2, herself included (T14.4 17.3)."""
    for unit in use.game.allies(use.side):
        if use.in_reach(unit.cell or ""):
            unit.statuses = []


def run_pending(use: Use) -> None:
    """火箭, 奮發, 襲擾: pending for the next normal attack (T7.7, D28)."""
    use.user.pending.add(use.skill.name)


def run_back_to_back(use: Use) -> None:
    """連戰: one more normal attack this turn (T14.4 27.2)."""
    use.user.attacks += 1


def nothing(use: Use) -> None:
    return None


HANDLERS = {
    "急救": (check_heal, run_heal),
    "回生": (check_heal, run_heal),
    "療傷": (lambda use: use.cell(), run_treat),
    "天變": (check_weather_shift, run_weather_shift),
    "八陣": (check_array, run_array),
    "仁德": (check_benevolence, run_benevolence),
    "清心": (nothing, run_clear_mind),
    "火箭": (nothing, run_pending),
    "奮發": (nothing, run_pending),
    "襲擾": (nothing, run_pending),
    "連戰": (nothing, run_back_to_back),
}
