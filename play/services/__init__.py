"""Every write of a game (DESIGN.md, layer 2). The timer handlers among them are registered by
importing their modules in `play/registry.py`.

The modules stand in layers and import only downwards (.importlinter: play-services), top first:
  live_claims                         claims in a game played live (R11.3)
  live                                games played live on the site
  records                             games reported with their records, judged; their claims
  results                             a game decided, its result handed to its battle (play/hooks.py)
  common, locks                       watchers told, a battle's games cancelled; the game's lock
"""
