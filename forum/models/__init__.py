from .boards import Board, BoardModerator, Post, Thread
from .chronicle import ChroniclePin
from .comments import Comment
from .letters import Letter
from .reads import ThreadRead

__all__ = ["Board", "BoardModerator", "ChroniclePin", "Comment", "Letter", "Post", "Thread", "ThreadRead"]
