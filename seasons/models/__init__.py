from .joining import Application, Invitation
from .pauses import WarPause

__all__ = ["Application", "Invitation", "WarPause"]
