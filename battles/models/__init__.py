from .armies import Army, ArmyMember, FieldBattle, Pursuit
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
    "Pursuit",
    "Ransom",
    "Siege",
    "Stratagem",
]
