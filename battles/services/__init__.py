"""Every write of the war (DESIGN.md, layer 2). The timer handlers among them are registered by
importing their modules in `battles/registry.py`.

The modules stand in layers and import only downwards (tests/test_layers.py, .importlinter):
  live                                games played live on the site
  results, records                    a game's result applied to its battle
  siege, field, pursuit, retreat,     the battles and the orders of the war
  march, reinforce
  arrivals                            arrivals at a target: sieges begin or are joined
  clock                               the daily change and the siege periods (§7)
  fall                                a city falls, a kingdom ends (§10)
  lifecycle, prisoners, stratagems    an army's end and retreat; prisoners; stratagems
  common, locks, ledger               posts, the lock order, the value ledger
"""
