"""The writes of a friendly game: common (the row locked, the followers told after commit, the
game decided), clock (the flag), challenges (offered, answered: the game starts), play (moves,
resignation, draws, claims)."""
