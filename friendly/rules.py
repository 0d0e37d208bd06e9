"""What a friendly game's services and pages share that reads no database: the time control a
challenge may set (bounded), who is to move, and the judge's result in the game's own words.
Pure: no Django.

>>> time_control(None), time_control({"base_minutes": 3, "increment_s": 2})
((600, 5), (180, 2))
>>> try:
...     time_control({"base_minutes": "²"})  # a digit to Python, not a number: refused
... except TimeControlError as fault:
...     fault.field
'base_minutes'
>>> to_move("banqi", ["a1"]), to_move("xiangqi", [])
('second', 'first')
>>> side_result("1-0"), side_result("1/2-1/2"), banqi_result("1")
('first', 'draw', 'second')
"""

from games import live

KINDS = ("xiangqi", "chess", "banqi")
DEFAULT_BASE_MINUTES, DEFAULT_INCREMENT_S = 10, 5
BASE_MINUTES = (1, 180)  # the bounds of the time a player has (minutes)
INCREMENT_S = (0, 60)  # the bounds of the time added a move (seconds)
REPETITION_LIMIT = 15  # a xiangqi position standing this often ends the game, as the war's default (R11.3)


class TimeControlError(ValueError):
    """A time control out of bounds: `field` is base_minutes or increment_s."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def _whole(value: object, default: int, bounds: tuple[int, int], field: str) -> int:
    if value is None or value == "":
        return default
    text = str(value).strip() if isinstance(value, int | str) and not isinstance(value, bool) else ""
    if not (text.isascii() and text.isdigit()) or len(text) > 7:  # ASCII digits: "²" and "٣" are refused
        raise TimeControlError(field)
    number = int(text)
    if not bounds[0] <= number <= bounds[1]:
        raise TimeControlError(field)
    return number


def time_control(settings: object) -> tuple[int, int]:
    """(base seconds, increment seconds) from a challenge's settings (`base_minutes`,
    `increment_s`; absent: 10 + 5); TimeControlError when one is not a whole number in bounds."""
    given = settings if isinstance(settings, dict) else {}
    base = _whole(given.get("base_minutes"), DEFAULT_BASE_MINUTES, BASE_MINUTES, "base_minutes")
    increment = _whole(given.get("increment_s"), DEFAULT_INCREMENT_S, INCREMENT_S, "increment_s")
    return base * 60, increment


def to_move(kind: str, moves: list[str]) -> str:
    """first or second: who moves after `moves` (no handicap outside the war; dark chess alternates)."""
    if kind == "banqi":
        return "first" if len(moves) % 2 == 0 else "second"
    return live.to_move(kind, moves)


def other(side: str) -> str:
    return "second" if side == "first" else "first"


def side_result(board_result: str) -> str:
    """The judge's "1-0" / "0-1" / "1/2-1/2" as first, second or draw."""
    return {"1-0": "first", "0-1": "second"}.get(board_result, "draw")


def banqi_result(result: str) -> str:
    """Dark chess's "0" / "1" (the winning player) / "draw" as first, second or draw."""
    return {"0": "first", "1": "second"}.get(result, "draw")
