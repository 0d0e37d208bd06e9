"""A game's timer kinds: the names stored in `Timer.kind`, each applied by one handler
(campaign/timers.py). Stored in the database: never rename one (they were the war's)."""

GAME_FLAG = "game.flag"  # a game played live on the site: its flag falls (services/live.py)
CLAIM_WINDOW = "game.claim"  # R11.3: a reported record's claim stands unanswered (services/records.py)
