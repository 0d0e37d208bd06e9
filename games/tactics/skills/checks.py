"""The checks every active skill shares, in T18.3 step 7's order up to the cost (T4.4, T14.4's
迷魂 turn, T8.5 weather, T8.6 terrain, T7.7 pending, T8.2 cost)."""

from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills.common import WATER_ONLY, Use
from games.tactics.state import Game

CHARM_SKILLS = {"劫營", "衝刺", "錨鉤", "熊抱", "投石", "飛刀"}
PENDING = {"火箭", "遁形", "奮發", "襲擾"}


def check_weather(game: Game, side: str, name: str, conditions: tuple[str, ...]) -> None:
    """雨天限定, 陰天限定, 雨天禁止 (cancelled by 火神), 晴天禁止 (T8.5)."""
    weather = game.weather
    if "雨天限定" in conditions and weather != "rain":
        raise TacticsViolation("T8.5", gettext_noop("%(skill)s is used only in rain"), skill=name)
    if "陰天限定" in conditions and weather != "overcast":
        raise TacticsViolation("T8.5", gettext_noop("%(skill)s is used only when overcast"), skill=name)
    if "雨天禁止" in conditions and weather == "rain" and not game.side_has(side, "火神"):
        raise TacticsViolation("T8.5", gettext_noop("%(skill)s cannot be used in rain"), skill=name)
    if "晴天禁止" in conditions and weather == "sunny":
        raise TacticsViolation("T8.5", gettext_noop("%(skill)s cannot be used in sun"), skill=name)


def check_shared(use: Use) -> None:
    """T18.3 step 7's checks up to the cost."""
    game, user, skill = use.game, use.user, use.skill
    if user.has_status("confusion") or user.has_status("seal"):
        raise TacticsViolation("T4.4", gettext_noop("a confused or sealed hero uses no skill"))
    if game.turn is not None and game.turn[2] and skill.name not in CHARM_SKILLS:
        raise TacticsViolation(
            "T14.4", gettext_noop("in a 迷魂 extra turn only skills that deal strike damage may be used")
        )
    check_weather(game, use.side, skill.name, skill.conditions)
    if skill.name in WATER_ONLY and not use.converted() and game.board.terrain(use.here) != "water":
        raise TacticsViolation("T8.6", gettext_noop("%(skill)s is used standing in water"), skill=skill.name)
    if skill.name in PENDING and skill.name in user.pending:
        raise TacticsViolation("T7.7", gettext_noop("%(skill)s is already pending"), skill=skill.name)
    cost = skill.cost_en or 0
    if user.en < cost or (skill.cost_hp and skill.cost_hp >= user.hp):
        raise TacticsViolation("T8.2", gettext_noop("%(skill)s costs more than the hero can pay"), skill=skill.name)
