from .armies import Army, ArmyMember, FieldBattle, Pursuit
from .ledger import LedgerEntry
from .sieges import Defender, Game, GameMove, Ransom, Siege
from .stratagems import BanqiGame, Stratagem

__all__ = [
    "Army",
    "ArmyMember",
    "BanqiGame",
    "Defender",
    "FieldBattle",
    "Game",
    "GameMove",
    "LedgerEntry",
    "Pursuit",
    "Ransom",
    "Siege",
    "Stratagem",
]
