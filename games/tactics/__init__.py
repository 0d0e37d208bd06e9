"""The hero tactics game (三國角色戰棋, docs/tactics.md): a pure engine, no Django. `setup.start`
makes a game from a record's setup, `actions.apply` plays one action, `legal.legal_actions` lists
what may be played, `record.Match` plays and writes a record, `replay.replay` replays one."""
