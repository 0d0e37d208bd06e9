"""A draft kept when a session ended with the editor open (bbs.models.TerminalDraft), back in its
editor: a new thread on its board, a reply in its thread, a letter to its recipient, as the
screens that first opened it make them (found by their names: thread-new, reply, letter-new),
with the text typed so far. The main menu offers it at log-in (screens/menu.py) and opens this
by its name."""

from bbs.context import Context
from bbs.models import TerminalDraft
from bbs.registry import screen, screen_make
from screens.editor import Editor


@screen("draft")
def draft_editor(ctx: Context, draft: TerminalDraft) -> Editor:
    """The editor the draft was typed in, as it was left (Ctrl-Q then throws it away, after asking)."""
    if draft.kind == TerminalDraft.Kind.THREAD:
        return screen_make(ctx, "thread-new", draft.board, subject=draft.subject, body=draft.text, resumed=True)
    if draft.kind == TerminalDraft.Kind.REPLY:
        return screen_make(ctx, "reply", draft.thread, body=draft.text, resumed=True)
    return screen_make(
        ctx,
        "letter-new",
        recipient=draft.recipient,
        subject=draft.subject,
        reply_to=draft.reply_to_id,
        body=draft.text,
        resumed=True,
    )
