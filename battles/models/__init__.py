from .armies import Army, ArmyMember, FieldBattle, Pursuit
from .sieges import Defender, Game, Ransom, Siege

__all__ = ["Army", "ArmyMember", "Defender", "FieldBattle", "Game", "Pursuit", "Ransom", "Siege"]
