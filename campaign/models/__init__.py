from .boards import Board, BoardModerator, Post, Thread
from .moves import Move
from .notices import MailSubscription, Notice
from .officers import Officer, OfficerKind, Presence, Promotion, Whereabouts
from .timers import Heartbeat, Timer
from .tokens import AccessToken
from .world import Campaign, Kingdom

__all__ = [
    "AccessToken",
    "Board",
    "BoardModerator",
    "Heartbeat",
    "Campaign",
    "Kingdom",
    "MailSubscription",
    "Move",
    "Notice",
    "Officer",
    "OfficerKind",
    "Post",
    "Presence",
    "Promotion",
    "Thread",
    "Timer",
    "Whereabouts",
]
