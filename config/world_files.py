"""The most a world file may hold (docs/world-files.md), from the environment: its size in
bytes, refused before it is parsed, and its cities, roads and officers, counted as it is read
(seasons/world/rules/limits.py). They bound a preview's time and memory. Django's limit on a
request's body follows the file's, so that a file within its limit is never refused before it is read.
Beside them, the most games against the computer a player has unfinished at once."""

import os

WORLD_FILE_MAX_BYTES = int(os.environ.get("WORLD_FILE_MAX_BYTES", str(2 * 1024 * 1024)))
WORLD_FILE_MAX_CITIES = int(os.environ.get("WORLD_FILE_MAX_CITIES", "10000"))
WORLD_FILE_MAX_ROADS = int(os.environ.get("WORLD_FILE_MAX_ROADS", "30000"))
WORLD_FILE_MAX_OFFICERS = int(os.environ.get("WORLD_FILE_MAX_OFFICERS", "10000"))
# The largest body the site takes is a world file at its limit: sent again by the preview's save form
# (URL-encoded, a CJK character's three bytes become nine) or in the API's JSON (\uXXXX: six).
DATA_UPLOAD_MAX_MEMORY_SIZE = max(3 * WORLD_FILE_MAX_BYTES + 64 * 1024, 2_621_440)  # (Django's default: 2.5 MB)
# Not a world file's: the most games against the computer (bots/services/practice.py) a player has
# unfinished at once, since each of the computer's turns takes a worker's time.
COMPUTER_GAMES_PER_PLAYER = int(os.environ.get("COMPUTER_GAMES_PER_PLAYER", "3"))
