"""The most a world file may hold (README "The world file"), from the environment: its size in
bytes, refused before it is parsed, and its cities, roads and officers, counted as it is read
(campaign/rules/world_limits.py). They bound a preview's time and memory; 2 MB is also what Django
takes of a form or a JSON body by default, which the preview's save and the API send a file in."""

import os

WORLD_FILE_MAX_BYTES = int(os.environ.get("WORLD_FILE_MAX_BYTES", str(2 * 1024 * 1024)))
WORLD_FILE_MAX_CITIES = int(os.environ.get("WORLD_FILE_MAX_CITIES", "10000"))
WORLD_FILE_MAX_ROADS = int(os.environ.get("WORLD_FILE_MAX_ROADS", "30000"))
WORLD_FILE_MAX_OFFICERS = int(os.environ.get("WORLD_FILE_MAX_OFFICERS", "10000"))
