"""A game's setup from a record (docs/tactics.md T18.3 step 1): settings (§T15), the map (T3.11),
the dice (T18.1), the picks (T2.2, T2.3), activations and designations (T2.4), deployment
(T2.5), and the start of round 1 (T18.3 step 2)."""

from games.tactics.board import Board, classic_9
from games.tactics.dice import check_seed
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.free_phases import check_phases
from games.tactics.heroes import HEROES, Hero
from games.tactics.state import Game, Settings, Unit
from games.tactics.turns import start_round

WEATHERS = {"sunny", "overcast", "rain"}
INTEGER_KEYS = {
    "heroes_per_side": 1,
    "mountain_cost": 0,
    "en_regain": 0,
    "respawn_en": 0,
    "base_first": 1,
    "base_second": 1,
    "base_loss_attack": 0,
    "base_loss_death": 0,
    "round_limit": 1,
}


def read_settings(raw: object) -> Settings:
    """The `settings` member (T18.2): known keys, values of the right kind (→ T18.2)."""
    if not isinstance(raw, dict) or set(raw) - set(Settings.__dataclass_fields__):
        raise TacticsViolation("T18.2", gettext_noop("`settings` holds only the keys of the settings table"))
    for key, least in INTEGER_KEYS.items():
        value = raw.get(key, least)
        if type(value) is not int or value < least:
            raise TacticsViolation("T18.2", gettext_noop("`%(key)s` is an integer ≥ %(least)s"), key=key, least=least)
    table = raw.get("weather_table", ["sunny"] * 6)
    if not isinstance(table, list) or len(table) != 6 or not set(table) <= WEATHERS:
        raise TacticsViolation("T18.2", gettext_noop("`weather_table` lists six weathers, for faces 1 to 6"))
    if raw.get("picks", "secret") not in ("secret", "open-first", "open-second"):
        raise TacticsViolation("T18.2", gettext_noop("`picks` is secret, open-first or open-second"))
    check_phases(raw.get("free_phases"))
    return Settings(**raw)


def read_map(raw: object, heroes_per_side: int) -> Board:
    """`classic-9` or an inline map `{"name", "rows"}`, checked against T3.11."""
    if raw == "classic-9":
        return classic_9()
    if not isinstance(raw, dict) or set(raw) != {"name", "rows"} or raw["name"] == "classic-9":
        raise TacticsViolation("T18.2", gettext_noop("`map` is classic-9 or an object with a name and rows"))
    if not isinstance(raw["rows"], list) or not all(isinstance(r, str) for r in raw["rows"]):
        raise TacticsViolation("T18.2", gettext_noop("a map's rows are strings"))
    board = Board(str(raw["name"]), tuple(raw["rows"]))
    board.validate(heroes_per_side)
    return board


def check_activation(hero: Hero, skills: object, designate: object, units: list[Unit], side: str) -> None:
    """Two different skills from 1 to 3, and the designations 激勵 and 慧眼 call for (T2.4)."""
    if (
        not isinstance(skills, list)
        or any(type(n) is not int for n in skills)
        or len(set(skills)) != 2
        or not set(skills) <= {1, 2, 3}
    ):
        raise TacticsViolation(
            "T2.4", gettext_noop("%(hero)s activates two different skills from 1 to 3"), hero=hero.name
        )
    names = {hero.skill(n).name for n in skills}
    needs = names & {"激勵", "慧眼"}
    if not needs:
        if designate is not None:
            raise TacticsViolation("T2.4", gettext_noop("only 激勵 and 慧眼 designate a hero"))
        return
    mates = {u.name: u for u in units if u.side == side}
    if not isinstance(designate, dict) or not isinstance(designate.get("hero"), str) or designate["hero"] not in mates:
        raise TacticsViolation(
            "T2.4",
            gettext_noop("%(hero)s's %(skills)s designates a hero of its side"),
            hero=hero.name,
            skills="/".join(sorted(needs)),
        )
    chosen = mates[designate["hero"]]
    if "激勵" in needs and (set(designate) != {"hero"} or not chosen.hero.male):
        raise TacticsViolation("T2.4", gettext_noop("激勵 designates a male hero of its side"))
    if "慧眼" in needs and (
        set(designate) != {"hero", "extra"}
        or type(designate["extra"]) is not int
        or designate["extra"] not in {1, 2, 3}
    ):
        raise TacticsViolation(
            "T2.4", gettext_noop("慧眼 designates a hero of its side and one of its skills not activated")
        )


def _side_units(raw: object, side: str, settings: Settings) -> list[Unit]:
    if not isinstance(raw, dict) or not isinstance(raw.get("heroes"), list) or set(raw) - {"player", "heroes"}:
        raise TacticsViolation("T18.2", gettext_noop("a side is an object with its heroes"))
    if len(raw["heroes"]) != settings.heroes_per_side:
        raise TacticsViolation("T2.2", gettext_noop("each side fields %(n)s heroes"), n=settings.heroes_per_side)
    units: list[Unit] = []
    for entry in raw["heroes"]:
        if not isinstance(entry, dict) or set(entry) - {"hero", "skills", "cell", "designate"}:
            raise TacticsViolation("T18.2", gettext_noop("a hero is an object: hero, skills, cell, designate"))
        name = entry.get("hero")
        hero = HEROES.get(name) if isinstance(name, str) else None
        if hero is None or any(u.name == hero.name for u in units):
            raise TacticsViolation("T2.3", gettext_noop("a side picks different heroes among the 27"))
        units.append(Unit(side, hero, entry.get("skills", []), entry.get("cell"), hero.hp, hero.hp, 0, hero.en_max))
        units[-1].designate = entry.get("designate")
    return units


def _check_activations(units: list[Unit]) -> None:
    for unit in units:
        check_activation(unit.hero, unit.skills, unit.designate, units, unit.side)
    for unit in units:
        extra = (unit.designate or {}).get("extra")
        target = next((u for u in units if u.side == unit.side and u.name == (unit.designate or {}).get("hero")), None)
        if extra is not None and target is not None and extra in target.skills:
            raise TacticsViolation("T2.4", gettext_noop("慧眼's extra skill is one the hero has not activated"))


def check_picks(raw: object, side: str, settings: Settings) -> None:
    """One side's picks on their own, before the other side's are known (T2.2, T2.3, T2.4): N
    different heroes among the 27, their activations and designations; no cell yet (T2.5)."""
    if isinstance(raw, dict) and isinstance(raw.get("heroes"), list):
        if any(isinstance(entry, dict) and "cell" in entry for entry in raw["heroes"]):
            raise TacticsViolation("T2.5", gettext_noop("heroes are deployed after both sides' picks are shown"))
    _check_activations(_side_units(raw, side, settings))


def _check_sides(board: Board, settings: Settings, units: list[Unit]) -> None:
    names = {side: {u.name for u in units if u.side == side} for side in ("first", "second")}
    if not settings.duplicates_across_sides and names["first"] & names["second"]:
        raise TacticsViolation("T2.3", gettext_noop("this game allows no hero on both sides"))
    _check_activations(units)
    cells = [u.cell for u in units]
    for unit in units:
        if unit.cell not in board.spawn_points(unit.side) or cells.count(unit.cell) > 1:
            raise TacticsViolation("T2.5", gettext_noop("each hero deploys on its own spawn point, one hero a cell"))


def _start_bonuses(units: list[Unit]) -> None:
    """Round 1's heroes (T18.3 step 2): 青州, 激發, 改裝 raise their own max and current HP;
    激勵 gives its hero +1 max HP, HP, max EN, EN; 慧眼 activates its hero's extra skill."""
    for unit in units:
        gain = sum(unit.hero.skill(n).name in ("青州", "激發", "改裝") for n in unit.skills)
        unit.hp_max, unit.hp = unit.hp_max + gain, unit.hp + gain
    for unit in units:
        names = {unit.hero.skill(n).name for n in unit.skills}
        chosen = next((u for u in units if u.side == unit.side and u.name == (unit.designate or {}).get("hero")), None)
        if chosen is None:
            continue
        if "激勵" in names:
            chosen.hp_max, chosen.hp, chosen.en_max, chosen.en = (
                chosen.hp_max + 1,
                chosen.hp + 1,
                chosen.en_max + 1,
                chosen.en + 1,
            )
        extra = (unit.designate or {}).get("extra")
        if "慧眼" in names and isinstance(extra, int):
            chosen.skills = sorted([*chosen.skills, extra])


def start(record: dict, seed: str | None = None) -> Game:
    """The game at the start of round 1, from a record's setup (T18.3 steps 1–2), or
    TacticsViolation naming the first fault."""
    if not isinstance(record, dict) or record.get("format") != "sanguo-tactics/1":
        raise TacticsViolation("T18.2", gettext_noop("a record is an object of format sanguo-tactics/1"))
    known = {"format", "settings", "map", "seed", "commitment", "sides", "actions", "result", "meta"}
    if set(record) - known or not {"map", "sides", "actions"} <= set(record) or not isinstance(record["actions"], list):
        raise TacticsViolation(
            "T18.2",
            gettext_noop("a record's members are %(members)s; map, sides and actions are required"),
            members=sorted(known),
        )
    settings = read_settings(record.get("settings", {}))
    board = read_map(record["map"], settings.heroes_per_side)
    seed = record.get("seed", seed)
    check_seed(seed, record.get("commitment"))
    if seed is None:
        raise TacticsViolation("T18.1", gettext_noop("replay needs the seed: the record has none"))
    sides = record["sides"]
    if not isinstance(sides, dict) or set(sides) != {"first", "second"}:
        raise TacticsViolation("T18.2", gettext_noop("`sides` has first and second"))
    units = _side_units(sides["first"], "first", settings) + _side_units(sides["second"], "second", settings)
    _check_sides(board, settings, units)
    _start_bonuses(units)
    bases = {side: settings.base_max(side) for side in ("first", "second")}
    game = Game(board=board, settings=settings, seed=seed, units=units, bases=bases)
    game.free_left = (settings.free_phases or {}).get("count", 0)
    if game.free_left:
        game.weather = None
    else:
        start_round(game)
    return game
