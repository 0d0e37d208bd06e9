from .armies import Army, ArmyMember, FieldBattle, Pursuit
from .ledger import LedgerEntry
from .ransoms import Ransom
from .sieges import Defender, Siege
from .stratagems import BanqiGame, Stratagem

__all__ = [
    "Army",
    "ArmyMember",
    "BanqiGame",
    "Defender",
    "FieldBattle",
    "LedgerEntry",
    "Pursuit",
    "Ransom",
    "Siege",
    "Stratagem",
]
