"""Every write of the war (DESIGN.md, layer 2). The timer handlers among them are registered by
importing their modules in `battles/registry.py`.

The modules stand in layers and import only downwards (.importlinter: war-services), top first:
  results                             a decided game's result applied to its battle (the games
                                      themselves are play's: play/services/)
  siege, field, pursuit, retreat,     the battles and the orders of the war
  reinforce
  march                               the march post, the road, the arrival that begins a siege
  arrivals                            arrivals at a target: sieges begin or are joined
  clock                               the daily change and the siege periods (§7)
  fall                                a city falls, a kingdom ends (§10)
  lifecycle, prisoners, stratagems    an army's end and retreat; prisoners; stratagems
  common, locks, ledger, head_counts  posts, the lock order, the value ledger, who is present
"""
