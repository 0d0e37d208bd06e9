"""The war's timer kinds: the names stored in `Timer.kind`, each applied by one handler
(campaign/timers.py). Stored in the database: never rename one. A game's own kinds are
play/timer_kinds.py."""

ARMY_ARRIVAL = "army.arrive"  # R4.5: an army reaches its target (services/arrivals.py)
DAY = "campaign.day"  # R7.1: local midnight (services/clock.py)
PERIOD = "siege.period"  # R7.2, R7.3: the end of a 30-minute penalty period (services/clock.py)
PURSUIT_DEADLINE = "pursuit.deadline"  # R8.2: the pursuit window closes (services/pursuit.py)
STRATAGEM_DEADLINE = "stratagem.deadline"  # R9.3: the challenge lapses (services/stratagems.py)
BANQI_FLAG = "banqi.flag"  # R11.7: a dark-chess player runs out of time (services/stratagems.py)
