"""Every change of a hero tactics game: challenges (challenges.py), the secret picks and
deployments (setup.py), the actions and resignation (play.py), the clocks (clock.py)."""
