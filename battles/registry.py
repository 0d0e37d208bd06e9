"""Everything the war plugs into the layers below it, in one place: `register_all`, which
`BattlesConfig.ready` calls in every process (web, workers, beat, commands, tests); this module
is imported there, once the models are loaded. The war imports the campaign, never the reverse:
where the campaign lets the war react, it offers a list that this module fills in.

- Timer handlers: a handler registers itself with `@timer_handler(kind)` from
  `campaign/timers.py`, beside the function that applies the kind (`battles/timer_kinds.py`);
  the modules that hold them are imported here and nowhere else for that purpose.
- The campaign's hooks (`campaign/hooks.py`): who may leave a city (R3.6), an arrival into a
  besieged city (R8.4) and which cities such an arrival concerns, a new campaign's first
  midnight (R7.1), the duties the notices deliver (and, read with the officer's row, whether an
  army marches on a city of theirs), and a city's war (its siege and the armies on it) that a
  city's board links to.
- The host of the games (`play/hooks.py`): a game's city fought over locked before it, who
  may enter its result (R11.3), its result applied to its battle (R6.2, §5, R8.2) and its claims
  told on the city's board.
- Freshness: the war's tables whose writes change what the dashboard shows
  (`campaign/freshness.py`).
"""

from battles.authority import may_enter_result
from battles.models import Army, Siege
from battles.selectors.boards import city_war
from battles.selectors.duties import marches_on, officer_duties
from battles.services import (  # each of these registers the handlers of its timer kinds
    arrivals,  # ARMY_ARRIVAL
    clock,  # DAY, PERIOD
    pause,
    pursuit,  # noqa: F401  PURSUIT_DEADLINE
    results,
    stratagems,  # noqa: F401  BANQI_FLAG, STRATAGEM_DEADLINE
)
from campaign import freshness, hooks
from play import hooks as play_hooks
from play.models import Game

WAR = play_hooks.Host(
    lock=results.game_city_lock,
    may_enter_result=may_enter_result,
    result_apply=results.game_result_apply,
    claim_told=results.game_claim_told,
)


def register_all() -> None:
    # The campaign's hooks, in the order they run.
    hooks.register(hooks.departure_checks, arrivals.siege_departure_check)
    hooks.register(hooks.arrival_hooks, arrivals.defender_arrive_by_road)
    hooks.register(hooks.arrival_watch, arrivals.besieged_among)
    hooks.register(hooks.campaign_created_hooks, clock.first_day_schedule)
    hooks.register(hooks.war_start_hooks, clock.first_day_schedule)
    hooks.register(hooks.war_resume_hooks, pause.war_rows_shift)
    hooks.register(hooks.duty_readers, officer_duties)
    hooks.officer_counts["marches_on"] = marches_on
    hooks.register(hooks.city_war_readers, city_war)
    play_hooks.host_register(WAR)  # the war hosts the games: a game decides a battle

    # What the dashboard shows of the war.
    freshness.watch(Siege)
    freshness.watch(Army)
    freshness.watch(Game, columns=["status", "live_since"])  # not each ply of a live game
