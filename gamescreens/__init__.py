"""The terminal's game screens: the war's games played live and replayed (games/), hero tactics
(tactics/). Found by name through bbs/registry.py, as the screens app's are."""
