from .moves import Move
from .notices import Notice
from .officers import Officer, OfficerKind, Presence, Promotion, Whereabouts
from .timers import Heartbeat, Timer
from .world import STAGING, Campaign, Kingdom

__all__ = [
    "Heartbeat",
    "STAGING",
    "Campaign",
    "Kingdom",
    "Move",
    "Notice",
    "Officer",
    "OfficerKind",
    "Presence",
    "Promotion",
    "Timer",
    "Whereabouts",
]
