"""A BBS process's beat, every BBS_HEARTBEAT_SECONDS while it serves: its entries in the sessions'
caps pushed forward (bbs/caps.py: a process that dies leaves them to lapse), and presence (R2.6)
written for every user with a session open in it, through the web's own service, so that an
officer in the terminal is online exactly as one whose pages are open (one write a beat for the
whole process, as the web writes at most one a minute per session)."""

import asyncio
import logging
from collections.abc import Callable

from bbs.caps import Caps
from bbs.conf import setting
from campaign import clock
from campaign.kept_connection import KeptConnection
from campaign.services.presence import presence_touch, presence_touch_users

log = logging.getLogger(__name__)


async def present(user_ids: set[int]) -> None:
    """R2.6: these users used the site now (in the sessions' database thread)."""
    if user_ids:
        now = clock.now()
        if len(user_ids) == 1:
            (user_id,) = user_ids
            await KeptConnection(presence_touch, thread_sensitive=True)(user_id=user_id, now=now)
        else:
            await KeptConnection(presence_touch_users, thread_sensitive=True)(user_ids=user_ids, now=now)


async def beat(caps: Caps, users: Callable[[], set[int]]) -> None:
    """Until cancelled: `caps` kept, the `users` of the process's open sessions present."""
    while True:
        await asyncio.sleep(setting("BBS_HEARTBEAT_SECONDS"))
        try:
            await caps.keep()
            await present(users())
        except asyncio.CancelledError:
            raise
        except Exception:  # the database busy or away: the next beat writes it
            log.exception("bbs: a heartbeat failed")
