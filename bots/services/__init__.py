"""Every change the computer players make: their accounts (accounts.py), their turns in hero
tactics (tactics.py) and Fairy-Stockfish's moves in xiangqi and chess (engine.py)."""
