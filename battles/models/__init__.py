from .armies import Army, ArmyMember
from .sieges import Defender, Game, Ransom, Siege

__all__ = ["Army", "ArmyMember", "Defender", "Game", "Ransom", "Siege"]
