from .boards import Board, BoardModerator, Post, Thread
from .comments import Comment
from .joining import Application, Invitation
from .letters import Letter
from .moves import Move
from .notices import MailSubscription, Notice
from .officers import Officer, OfficerKind, Presence, Promotion, Whereabouts
from .push import PushDelivery, PushSubscription
from .reads import ThreadRead
from .seasons import ChroniclePin, WarPause
from .timers import Heartbeat, Timer
from .world import STAGING, Campaign, Kingdom

__all__ = [
    "Application",
    "Board",
    "BoardModerator",
    "Heartbeat",
    "STAGING",
    "Campaign",
    "ChroniclePin",
    "Comment",
    "Invitation",
    "Kingdom",
    "Letter",
    "MailSubscription",
    "Move",
    "Notice",
    "Officer",
    "OfficerKind",
    "Post",
    "Presence",
    "Promotion",
    "PushDelivery",
    "PushSubscription",
    "Thread",
    "ThreadRead",
    "Timer",
    "WarPause",
    "Whereabouts",
]
