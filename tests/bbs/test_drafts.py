"""A draft kept across a dropped connection (PTT's 暫存檔), over real SSH into pyte: the
editor's text, when the session ends without a send or a Ctrl-Q, is kept for the user, and the
next log-in offers it back: resume it (and send it), throw it away, or keep it for later."""

import time

import pytest

from bbs.models import TerminalDraft
from bbs.services import draft_keep, draft_take
from campaign.errors import NotAllowed, RuleViolation
from forum.models import Board, Letter, Post
from forum.services.boards import thread_create
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import english, open_board
from tests.bbs.test_ptt_letters import open_mailbox, start_letter


def _drop(terminal) -> None:
    """The connection dropped: the client's socket closed under the session, no SSH goodbye."""
    terminal.bbs.loop.loop.call_soon_threadsafe(terminal.conn.abort)
    assert terminal.wait_closed()


def _kept(timeout: float = 10) -> TerminalDraft:
    deadline = time.monotonic() + timeout
    while not TerminalDraft.objects.exists():
        assert time.monotonic() < deadline, "no draft was kept"
        time.sleep(0.05)
    return TerminalDraft.objects.get()


def _reply_typed(bbs, world):
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=world["荀彧"], board=board, title="軍糧", body="糧草將盡。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍糧")
    terminal.type("enter")
    terminal.wait_for("糧草將盡。")
    terminal.type("r")
    terminal.wait_for("Ctrl-X send")
    terminal.send("援兵三日後至。".encode())
    terminal.send(b"\rOK")
    terminal.wait_for("(10 characters)")
    return thread, terminal


def test_a_reply_typed_when_the_connection_drops_is_offered_at_the_next_log_in_resumed_and_sent(bbs, bbs_world):
    """A dropped connection keeps the reply being typed; the next log-in asks, y resumes it in its
    editor (the text as it was, more typed after it), and Ctrl-X posts it in its thread."""
    english(bbs_world, "曹操")
    thread, terminal = _reply_typed(bbs, bbs_world)
    _drop(terminal)
    draft = _kept()
    assert (draft.kind, draft.thread, draft.text) == ("reply", thread, "援兵三日後至。\nOK")
    again = bbs.connect("caocao", DEMO_PASSWORD)
    again.wait_for("Resume your draft, a reply to 「軍糧」 (10 chars)? (Y/N)? [N]")
    again.type("y")
    screen = again.wait_for("(10 characters)")
    assert "援兵三日後至。" in screen
    again.send(b"!")
    again.type("ctrl-x")
    again.wait_for("Sent.")
    reply = Post.objects.filter(thread=thread).order_by("-id").first()
    assert reply.author == bbs_world["曹操"] and reply.body == "援兵三日後至。\nOK!"
    assert not TerminalDraft.objects.exists()


def test_no_then_no_keeps_the_draft_for_later_and_no_then_yes_throws_it_away(bbs, bbs_world):
    """N to resuming, N to throwing away: kept, and offered again at the next log-in; there, N then
    Y throws it away (nothing posted, nothing offered after)."""
    english(bbs_world, "曹操")
    thread, terminal = _reply_typed(bbs, bbs_world)
    _drop(terminal)
    _kept()
    second = bbs.connect("caocao", DEMO_PASSWORD)
    second.wait_for("(10 chars)? (Y/N)? [N]")
    second.type("n")
    second.wait_for("Throw the draft away? (Y/N)? [N]")
    second.type("enter")
    second.wait_for("The draft is kept: it is offered again at your next log-in.")
    second.close()
    assert TerminalDraft.objects.exists()
    third = bbs.connect("caocao", DEMO_PASSWORD)
    third.wait_for("(10 chars)? (Y/N)? [N]")
    third.type("n", "y")
    third.wait_for("The draft is thrown away.")
    assert not TerminalDraft.objects.exists()
    assert Post.objects.filter(thread=thread).count() == 1


def test_a_send_or_a_ctrl_q_keeps_no_draft_and_a_new_thread_is_kept_with_its_board_and_title(bbs, bbs_world):
    """A thread sent and a draft thrown away with Ctrl-Q leave nothing to offer; a new thread
    being written when the connection drops is kept with its board and title, and sent from there."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "Board of 許昌")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("Orders", "tab", "Hold the walls.", "ctrl-x")
    terminal.wait_for("Sent.")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("Draft", "tab", "Not this.", "ctrl-q", "y")
    terminal.wait_for("Abandoned: nothing was posted.")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("March", "tab", "At dawn.")
    terminal.wait_for("(8 characters)")
    _drop(terminal)
    draft = _kept()
    assert (draft.kind, draft.board.city.name, draft.subject, draft.text) == ("thread", "許昌", "March", "At dawn.")
    again = bbs.connect("caocao", DEMO_PASSWORD)
    again.wait_for("Resume your draft, a new thread 「March」 (8 chars)? (Y/N)? [N]")
    again.type("y")
    again.wait_for("At dawn.")
    again.type("ctrl-x")
    again.wait_for("Sent.")
    assert Post.objects.get(thread__title="March").body == "At dawn."
    assert not Post.objects.filter(thread__title="Draft").exists()


def test_a_letter_being_written_when_the_connection_drops_is_resumed_to_its_recipient_and_sent(bbs, bbs_world):
    """A letter's draft keeps its recipient and subject: resumed at the next log-in, Ctrl-X sends it
    to the same officer."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    start_letter(terminal, bbs_world, "曹操", "荀彧")
    terminal.send("軍糧".encode())
    terminal.type("tab")
    terminal.send("速運許昌。".encode())
    terminal.wait_for("(5 characters)")
    _drop(terminal)
    draft = _kept()
    assert (draft.kind, draft.recipient, draft.subject, draft.text) == ("letter", "荀彧", "軍糧", "速運許昌。")
    again = bbs.connect("caocao", DEMO_PASSWORD)
    again.wait_for("Resume your draft, a letter to 荀彧 (5 chars)? (Y/N)? [N]")
    again.type("y")
    again.wait_for("速運許昌。")
    again.type("ctrl-x")
    again.wait_for("Your letter to 荀彧 is sent.")
    letter = Letter.objects.get(subject="軍糧")
    assert (letter.sender, letter.recipient, letter.body) == (bbs_world["曹操"], bbs_world["荀彧"], "速運許昌。")


def test_a_draft_is_kept_and_taken_for_its_writer_only(bbs_world):
    """draft_keep refuses an officer of another user (a draft is its writer's); draft_take finds
    no other user's draft."""
    caocao, xunyu = bbs_world["曹操"], bbs_world["荀彧"]
    with pytest.raises(NotAllowed):
        draft_keep(user=caocao.user, officer=xunyu, kind="letter", subject="", text="x", recipient="荀彧")
    with pytest.raises(RuleViolation):
        draft_keep(user=caocao.user, officer=caocao, kind="thread", subject="", text="x", title="not a field")
    draft = draft_keep(user=caocao.user, officer=caocao, kind="letter", subject="s", text="x", recipient="荀彧")
    assert draft_take(user=xunyu.user, draft_id=draft.pk) is None
    assert TerminalDraft.objects.filter(pk=draft.pk).exists()
    assert draft_take(user=caocao.user, draft_id=draft.pk).text == "x"
    assert not TerminalDraft.objects.exists()
