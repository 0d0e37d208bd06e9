"""Skills with checks or statuses on many heroes, and 迷魂 (docs/tactics.md T14.3, T14.4): 幻術,
鳴動, 連環, 劫營, 投石, 迷魂."""

from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills.common import Use, in_area, plus
from games.tactics.state import Unit
from games.tactics.statuses import check, immune, inflict


def run_illusion(use: Use) -> None:
    """幻術: each enemy hero on the board rolls; ≥ its current max EN → confused (D44). A hero
    immune to confusion does not roll (T18.1)."""
    for unit in use.game.units:
        if unit.alive and use.game.side_of(unit) != use.side and not immune(unit, "confusion"):
            if check(use.game) >= unit.en_max:
                inflict(unit, "confusion")


def run_rumble(use: Use) -> None:
    """鳴動: each enemy hero rolls; < its current max EN → sealed (D44)."""
    for unit in use.game.units:
        if unit.alive and use.game.side_of(unit) != use.side and not immune(unit, "seal"):
            if check(use.game) < unit.en_max:
                inflict(unit, "seal")


def run_chains(use: Use) -> None:
    """連環's active part: every enemy hero on the board rooted for one round (T14.4 06.1)."""
    for unit in use.game.units:
        if unit.alive and use.game.side_of(unit) != use.side and use.affected(unit):
            inflict(unit, "root")


def run_camp_raid(use: Use) -> None:
    """劫營: 2 strike; if alive, a check: 1–3 rooted, 4–6 slowed 2 stacks (T14.4 08.3)."""
    target = use.target()
    use.hit(target, {"strike": 2})
    use.settle(lambda: _camp_check(use, target))


def _camp_check(use: Use, target: Unit) -> None:
    if target.alive and not (immune(target, "root") and immune(target, "slow")):
        if check(use.game) <= 3:
            inflict(target, "root")
        else:
            inflict(target, "slow", 2)


def run_catapult(use: Use) -> None:
    """投石: the check first (unless 熟手), then every hero in the area but 馬鈞 takes 2 strike,
    3 with 改裝, unavoidable with 熟手; none in forest (T14.4 19.1–19.3, D38)."""
    own = not use.copied
    skilled, refit = own and use.user.has("熟手"), own and use.user.has("改裝")
    if not skilled and check(use.game) < 3:
        return
    for unit in in_area(use.game, plus(use.game, use.cell()), lambda u: u is not use.user):
        use.hit(unit, {"unavoidable" if skilled else "strike": 3 if refit else 2})
    use.settle()


def check_bewitch(use: Use) -> None:
    """迷魂: a male hero at distance 1, own or enemy (T14.4 04.1)."""
    target = use.game.at(use.action.get("target", ""))
    if target is None or target is use.user:
        raise TacticsViolation("T8.4", gettext_noop("迷魂 targets a hero"))
    if not use.in_reach(use.action["target"]):
        raise TacticsViolation("T8.3", gettext_noop("迷魂's target is next to 貂蟬"))
    if not target.hero.male:
        raise TacticsViolation("T14.4", gettext_noop("迷魂 targets a male hero"))


def run_bewitch(use: Use) -> None:
    """The extra turn of T5.4 at once, for 貂蟬's side, with a fresh move and attack."""
    game, target = use.game, use.game.at(use.action["target"])
    assert target is not None
    game.resume, game.turn = game.turn, (target.side, target.name, True)
    game.charmed = (target.side, target.name, use.side)
    target.moved, target.attacks = False, 1


HANDLERS = {
    "幻術": (lambda use: None, run_illusion),
    "鳴動": (lambda use: None, run_rumble),
    "連環": (lambda use: None, run_chains),
    "劫營": (lambda use: use.target(), run_camp_raid),
    "投石": (lambda use: use.cell(), run_catapult),
    "迷魂": (check_bewitch, run_bewitch),
}
