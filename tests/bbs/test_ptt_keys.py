"""The terminal's keys as a PTT user expects them, over real SSH into pyte: ← or q on
the main menu asks before logging off (No by default), a bracketed paste of any size arrives
whole, a quick hand's burst of keys stays keys, and Esc and Ctrl-X answer at once without
swallowing the key after them."""

import time

from bbs.models import TerminalChoice
from forum.models import Letter, Post, Thread
from forum.services.letters import letter_send
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import open_board
from tests.bbs.test_ptt_letters import open_mailbox

LEAVE_ZH = "您確定要離開【 象棋攻城 】嗎？(Y/N)？[N]"
LEAVE_EN = "Are you sure you want to leave 【 Chess Siege 】? (Y/N)? [N]"
# A terminal writes a paste to its pty, and ssh sends what it reads, a few KiB at a time: each
# piece reaches the server as its own SSH packet.
PIECE = 4096


def english(world, name: str) -> None:
    TerminalChoice.objects.create(user=world[name].user, language="en")


def new_thread(terminal) -> None:
    open_board(terminal, 2, "Board of 許昌")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")


def test_left_or_q_on_the_main_menu_asks_before_logging_off_and_no_is_the_default(bbs, bbs_world):
    """The log-off question (PTT's 您確定要離開…嗎？(Y/N)？[N]): ←, Enter and n keep the session, q then y ends it."""
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("曹操")
    terminal.type("left")
    terminal.wait_for(LEAVE_ZH)
    terminal.type("enter")  # the default: No
    time.sleep(0.5)
    assert not terminal.closed.is_set()
    assert LEAVE_ZH not in terminal.screen_text() and "主選單" in terminal.screen_text()
    terminal.type("enter")  # the boards
    terminal.wait_for("屬國")
    terminal.type("left", "left")  # PTT's way out of the boards, pressed once more: asked
    terminal.wait_for(LEAVE_ZH)
    terminal.type("n")
    time.sleep(0.3)
    assert not terminal.closed.is_set() and LEAVE_ZH not in terminal.screen_text()
    terminal.type("down")  # the menu's keys work again
    terminal.type("q")
    terminal.wait_for(LEAVE_ZH)
    terminal.type("y")
    terminal.wait_for("再會。")
    assert terminal.wait_closed()


def test_leaving_from_the_menus_line_asks_too_in_english_and_y_logs_off(bbs, bbs_world):
    """In English, the menu's Leave line asks the same question, Y (capital) leaves."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.cursor_to("Leave the BBS")
    terminal.type("enter")
    terminal.wait_for(LEAVE_EN)
    assert not terminal.closed.is_set()
    terminal.type("Y")
    terminal.wait_for("Goodbye.")
    assert terminal.wait_closed()


def _paste_text(characters: int) -> str:
    line = "曹操率軍五萬出許昌，夏侯惇為先鋒。Xiahou Dun leads the van; 糧草三月。"  # CJK, ASCII, full-width
    text, n = [], 0
    while n < characters:
        text.append(f"{len(text):04d} {line}")
        n += len(text[-1]) + 1
    return "\n".join(text)


def test_a_bracketed_paste_of_any_size_arrives_whole_and_clean(bbs, bbs_world):
    """A bracketed paste of 13,000 characters (some 36 KB in UTF-8, CJK and new
    lines, sent in 4 KiB pieces as a terminal's ssh does, the end mark split between two pieces)
    is the post's text exactly: no `^[[200~` spliced in, no `[201~` at its end."""
    english(bbs_world, "曹操")
    text = _paste_text(13_000)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.type("Marching orders", "tab")
    data = b"\x1b[200~" + text.replace("\n", "\r").encode() + b"\x1b[201~"
    cut = len(data) - 3  # ... "\x1b[20" | "1~": the end mark in two packets
    pieces = [data[i : min(i + PIECE, cut)] for i in range(0, cut, PIECE)] + [data[cut:]]
    assert len(data) > 12_000 and len(pieces) > 3
    for piece in pieces:
        terminal.send(piece)
        time.sleep(0.01)
    terminal.wait_for(f"({len(text)} characters)", timeout=20)
    terminal.type("ctrl-x")
    terminal.wait_for("Sent.", timeout=20)
    post = Post.objects.get(thread__title="Marching orders")
    assert post.body == text


def test_a_quick_hands_burst_of_keys_with_a_tab_stays_keys(bbs, bbs_world):
    """40 characters typed faster than the network sends them (one packet, no
    paste marks) are keys: the Tab in them moves from the title to the text, not a literal Tab."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.send(b"A title typed by a very quick hand\tand its text, typed on")
    terminal.wait_for("(22 characters)")
    terminal.type("ctrl-x")
    terminal.wait_for("Sent.")
    thread = Thread.objects.get(title="A title typed by a very quick hand")
    assert Post.objects.get(thread=thread).body == "and its text, typed on"


def _answered_in(terminal, key: str, shown) -> float:
    started = time.monotonic()
    terminal.type(key)
    while not shown(terminal.screen_text()):
        assert time.monotonic() - started < 10, terminal.screen_text()
        time.sleep(0.005)
    return time.monotonic() - started


def test_esc_and_ctrl_x_answer_at_once(bbs, bbs_world):
    """Esc (closing the thread's search) and Ctrl-X (sending a post) are answered
    within a few tenths of a second, not after prompt_toolkit's 0.5 + 1.0 s of waiting for a
    longer key. (Measured on this machine: 1.51 s each before, about 0.06 s after.)"""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.type("Orders", "tab", "Hold the walls.")
    sent = _answered_in(terminal, "ctrl-x", lambda screen: "Sent." in screen)
    terminal.cursor_to("Orders")
    terminal.type("enter")
    terminal.wait_for("Hold the walls.")
    terminal.type("/")
    terminal.wait_for("/")
    time.sleep(0.3)
    closed = _answered_in(terminal, "esc", lambda screen: not screen.splitlines()[-2].startswith("/"))
    print(f"Ctrl-X answered in {sent:.3f} s, Esc in {closed:.3f} s")
    assert sent < 0.75 and closed < 0.75


def test_esc_never_swallows_the_key_after_it(bbs, bbs_world):
    """Esc then d, a fifth of a second apart, in the editor's text: the d is typed
    (prompt_toolkit's Emacs keys took Esc d as one key, kill-word, and the d was lost)."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.type("Orders", "tab", "abc", "esc")
    time.sleep(0.2)
    terminal.type("d", "esc", "e")  # and at a quick hand's pace
    terminal.wait_for("(5 characters)")
    terminal.type("ctrl-x")
    terminal.wait_for("Sent.")
    assert Post.objects.get(thread__title="Orders").body == "abcde"


def test_ctrl_q_asks_before_throwing_away_a_draft_and_no_keeps_it(bbs, bbs_world):
    """Ctrl-Q on a draft asks (No by default: the draft stays, and is sent);
    y throws it away; an editor with nothing typed is left at once."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.type("ctrl-q")  # nothing typed: left at once
    terminal.wait_for("Abandoned: nothing was posted.")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("Orders", "tab", "Hold the walls.", "ctrl-q")
    terminal.wait_for("Throw away this draft (15 characters)? (Y/N)? [N]")
    terminal.type("enter")  # No: the draft stays, the Enter is not typed into it
    time.sleep(0.3)
    assert "Hold the walls." in terminal.screen_text() and "(15 characters)" in terminal.screen_text()
    terminal.type("ctrl-q", "y")
    terminal.wait_for("Abandoned: nothing was posted.")
    assert not Thread.objects.filter(title="Orders").exists()
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("Orders", "tab", "Hold the walls.", "ctrl-q", "n", "ctrl-x")
    terminal.wait_for("Sent.")
    assert Post.objects.get(thread__title="Orders").body == "Hold the walls."


def test_enter_in_the_title_moves_to_the_text(bbs, bbs_world):
    """Enter in the editor's title line goes on to the text, as PTT's."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    new_thread(terminal)
    terminal.type("Orders", "enter", "Hold the walls.", "ctrl-x")
    terminal.wait_for("Sent.")
    assert Post.objects.get(thread__title="Orders").body == "Hold the walls."


def test_a_letters_reply_opens_with_the_cursor_in_the_text(bbs, bbs_world):
    """R on a letter opens the reply in its text, the subject Re: … written."""
    english(bbs_world, "曹操")
    letter = letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="糧草將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    terminal.type("enter")
    terminal.wait_for("糧草將盡")
    terminal.type("r")
    terminal.wait_for("Subject: Re: 軍糧")
    terminal.type("即刻押運", "ctrl-x")
    terminal.wait_for("Your letter to 荀彧 is sent.")
    reply = Letter.objects.get(reply_to=letter)
    assert (reply.subject, reply.body) == ("Re: 軍糧", "即刻押運")
