"""Live notices on the status line: a session listens to its officer's channel-layer group
(campaign.services.notices.officer_group, the group the pages' notices socket listens to) and
shows each notice's text in the session's language, as the pages' menu bar does; a letter's
notice (and the count after one is read) sets the session's unread count (screens/letters.py)."""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from channels.layers import get_channel_layer
from django.utils.translation import gettext as _

from bbs.context import Context
from bbs.text import safe
from campaign.services.notices import officer_group

log = logging.getLogger(__name__)

WAIT = 1.0  # seconds between looks at the session's officer (chosen or changed in the menu)


def notice_text(message: dict, language: str) -> str | None:
    """What the status line says of a duties notice: its text, or the count of duties left."""
    if message.get("type") != "duties.notice":
        return None
    texts = message.get("text") or {}
    text = texts.get(language) or next(iter(texts.values()), "")
    count = message.get("count", 0)
    if text and "letters" in message:  # a letter's notice (not a duty): the letters waiting unread
        return "◆ " + safe(str(text), newlines=False) + "  " + _("(%(n)s unread letters)") % {"n": message["letters"]}
    if text:
        return "◆ " + safe(str(text), newlines=False) + "  " + _("(%(n)s duties)") % {"n": count}
    return None


async def follow(ctx: Context) -> None:
    """Until cancelled: the notices of whichever officer the session is (none: nothing)."""
    layer = get_channel_layer()
    if layer is None:
        return
    channel = await layer.new_channel()
    group = None
    receiving: asyncio.Task | None = None
    try:
        while True:
            officer = ctx.officer
            wanted = officer_group(officer.pk) if officer is not None else None
            if wanted != group:
                if group is not None:
                    await layer.group_discard(group, channel)
                if wanted is not None:
                    await layer.group_add(wanted, channel)
                group = wanted
            # One receive, waited on a second at a time but never cancelled: a receive cancelled
            # in its pop makes the layer drop that Redis connection and open another, which with
            # a hundred sessions was a hundred reconnections a second (a tenth of the server's CPU).
            if receiving is None:
                receiving = asyncio.get_running_loop().create_task(layer.receive(channel))
            done, _pending = await asyncio.wait({receiving}, timeout=WAIT)
            if not done:
                continue
            message, receiving = receiving.result(), None
            if "letters" in message and ctx.officer is not None:  # the menu's and the mailbox's count
                ctx.officer.unread_letters = message["letters"]
                ctx.invalidate()
            text = notice_text(message, ctx.language)
            if text:
                ctx.status(text)
    finally:
        if receiving is not None:
            receiving.cancel()
        if group is not None:
            try:
                await layer.group_discard(group, channel)
            except Exception:  # Redis away as the session ends: the group's entry expires by itself
                log.info("bbs: could not leave %s", group)


async def on_each_notice(ctx: Context, react: Callable[[], Awaitable[None]]) -> None:
    """Until cancelled: `react` after each message to the session's officer's group (a notice, a
    duty ended), for a screen that lists what the officer may do (the duties, the acts menu) to
    read it again without a key."""
    layer = get_channel_layer()
    if layer is None or ctx.officer is None:
        return
    group = officer_group(ctx.officer.pk)
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    try:
        while True:
            message = await layer.receive(channel)
            if message.get("type") == "duties.notice":
                await react()
    except asyncio.CancelledError:
        raise
    except Exception:  # Redis away: the list stays as read
        log.info("bbs: a screen stopped following its notices", exc_info=True)
    finally:
        try:
            await asyncio.shield(layer.group_discard(group, channel))
        except Exception:
            log.info("bbs: could not leave %s", group)
