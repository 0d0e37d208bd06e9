"""World files (docs/world-files.md), one way: the pages, the API and the commands call the import
(importing.py) or the preview (preview.py); they read and check the file with pure rules
(rules/: the reader over the YAML events, the check, the limits), word its refusals (refusals.py)
and ask the site what the file names (parse.py, accounts.py); the import builds the world in
parts (staging.py) with what builds any world (creation.py). The export (export.py) writes a
world out as a file again. The `world-files-one-way` contract of .importlinter holds the order."""
