"""A draft kept when a session ended with the editor open (bbs.models.TerminalDraft), back in its
editor: a new thread on its board, a reply in its thread, a letter to its recipient, as the
screens that first opened it make them, with the text typed so far. The main menu offers it at
log-in (screens/menu.py) and opens this by its name."""

from bbs.context import Context
from bbs.models import TerminalDraft
from bbs.registry import screen
from screens.boards import thread_new
from screens.editor import Editor
from screens.letters import compose
from screens.pager import reply_new


@screen("draft")
def draft_editor(ctx: Context, draft: TerminalDraft) -> Editor:
    """The editor the draft was typed in, as it was left (Ctrl-Q then throws it away, after asking)."""
    if draft.kind == TerminalDraft.Kind.THREAD:
        return thread_new(ctx, draft.board, subject=draft.subject, body=draft.text, resumed=True)
    if draft.kind == TerminalDraft.Kind.REPLY:
        return reply_new(ctx, draft.thread, body=draft.text, resumed=True)
    return compose(
        ctx,
        recipient=draft.recipient,
        subject=draft.subject,
        reply_to=draft.reply_to_id,
        body=draft.text,
        resumed=True,
    )
