"""站內信 in the terminal, over real SSH: the main menu's Mail line with the unread count, the inbox
(unread marked, the latest first) and the sent letters, reading one (which marks it read), writing
one (the officer chosen, a subject, the editor; Ctrl-X sends through letter_send, its refusals word
for word), a reply to the other side, removing from one's own box only (after y), and a letter's
notice on the status line (a real worker delivers it over the channel layer); in both languages
and in Big5."""

import time

from bbs.models import TerminalChoice
from bbs.text import width
from forum.models import Letter
from forum.selectors.letters import officer_names
from forum.services.letters import letter_read, letter_send
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import english

MAIL = "2"  # the menu's Mail line for an officer of one campaign: under the boards, as on PTT


def open_mailbox(terminal):
    terminal.wait_for("Mail (信箱)")
    terminal.type(MAIL, "enter", "enter")
    return terminal.wait_for("Tab Sent letters")


def start_letter(terminal, world, sender: str, recipient: str) -> None:
    """From the mailbox: w, the recipient chosen by their number, the letter's editor open."""
    terminal.type("w")
    terminal.wait_for("To whom?")
    number = officer_names(campaign_id=world[sender].campaign_id, but=world[sender].pk).index(recipient) + 1
    terminal.type(str(number), "enter", "enter")
    terminal.wait_for(f"A letter to {recipient}")


def test_a_letter_written_in_the_terminal_is_in_the_recipients_inbox_and_the_senders_sent_box(bbs, bbs_world):
    english(bbs_world, "曹操")
    caocao, xunyu = bbs_world["曹操"], bbs_world["荀彧"]
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    assert "No letters for you." in open_mailbox(terminal)
    start_letter(terminal, bbs_world, "曹操", "荀彧")
    terminal.type("軍糧", "tab", "洛陽糧草將盡，速運。", "ctrl-x")
    terminal.wait_for("Your letter to 荀彧 is sent.")
    letter = Letter.objects.get()
    assert (letter.sender, letter.recipient, letter.subject, letter.body) == (
        caocao,
        xunyu,
        "軍糧",
        "洛陽糧草將盡，速運。",
    )
    terminal.type("tab")
    sent = terminal.wait_for("軍糧")  # the sent box read (the inbox before it is empty)
    assert "Tab Inbox" in sent
    row = next(line for line in sent.splitlines() if "軍糧" in line)
    assert "荀彧" in row and "(read)" not in row
    header = next(line for line in sent.splitlines() if "Subject" in line)
    column = lambda line, text: width(line[: line.index(text)])  # noqa: E731  (wide characters take two)
    assert column(header, "Date") == column(row, "/") - 2 and column(header, "To") == column(row, "荀彧")  # aligned


def test_a_letter_with_no_subject_is_refused_with_the_letters_words_and_nothing_is_sent(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    start_letter(terminal, bbs_world, "曹操", "郭嘉")
    terminal.type("tab", "無題", "ctrl-x")
    terminal.wait_for("! A letter needs a subject.")
    assert not Letter.objects.exists()


def test_the_inbox_marks_a_letter_unread_until_it_is_read_and_the_menus_count_follows(bbs, bbs_world):
    english(bbs_world, "曹操")
    letter_send(actor=bbs_world["郭嘉"], recipient="曹操", subject="舊信", body="前日之事。")
    letter = letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="洛陽**糧草**將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("your letters: 2 unread")
    screen = open_mailbox(terminal)
    rows = [line for line in screen.splitlines() if "舊信" in line or "軍糧" in line]
    assert "軍糧" in rows[0] and "舊信" in rows[1]  # the latest first
    assert all("+" in row for row in rows)
    terminal.type("enter")
    screen = terminal.wait_for("洛陽**糧草**將盡")  # the text as written, shown as text
    assert "From 荀彧" in screen and "To 曹操" in screen
    assert Letter.objects.get(pk=letter.pk).read_at is not None
    terminal.type("q")
    screen = terminal.wait_for("舊信")
    assert "+" not in next(line for line in screen.splitlines() if "軍糧" in line)
    terminal.type("q")
    terminal.wait_for("your letters: 1 unread")


def test_a_reply_goes_to_the_other_side_with_re_and_the_letter_it_answers(bbs, bbs_world):
    english(bbs_world, "曹操")
    letter = letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="糧草將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    terminal.type("enter")
    terminal.wait_for("糧草將盡")
    terminal.type("r")
    terminal.wait_for("Subject: Re: 軍糧")
    terminal.type("即刻押運", "ctrl-x")  # the cursor is in the text (it was once in the subject)
    terminal.wait_for("Your letter to 荀彧 is sent.")
    reply = Letter.objects.get(reply_to=letter)
    assert (reply.sender.name, reply.recipient.name, reply.subject, reply.body) == (
        "曹操",
        "荀彧",
        "Re: 軍糧",
        "即刻押運",
    )


def test_removing_asks_first_and_takes_the_letter_from_ones_own_box_only(bbs, bbs_world):
    english(bbs_world, "曹操")
    letter = letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="糧草將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    terminal.type("d")
    terminal.wait_for("y removes it")
    terminal.type("n")
    terminal.wait_for("Kept.")
    assert not Letter.objects.get(pk=letter.pk).recipient_removed
    terminal.type("d", "y")
    terminal.wait_for("The letter is removed from your letters.")
    terminal.wait_for("No letters for you.")
    letter.refresh_from_db()
    assert letter.recipient_removed and not letter.sender_removed  # 荀彧 keeps it in their sent letters


def test_a_letters_notice_shows_on_the_status_line_and_the_menus_count_follows(bbs, bbs_world, start_worker):
    english(bbs_world, "曹操")
    start_worker(sweep_seconds=1)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("your letters: 0 unread")
    time.sleep(1.5)  # the session joins its officer's group within a second (bbs/notices.py)
    letter_send(actor=bbs_world["郭嘉"], recipient="曹操", subject="急報", body="敵至")
    terminal.wait_for("◆ A letter from 郭嘉: 急報  (1 unread letters)", timeout=20)
    terminal.wait_for("your letters: 1 unread")


def test_a_letter_read_elsewhere_brings_the_menus_count_down(bbs, bbs_world, start_worker):
    english(bbs_world, "曹操")
    start_worker(sweep_seconds=1)
    letter = letter_send(actor=bbs_world["郭嘉"], recipient="曹操", subject="急報", body="敵至")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("your letters: 1 unread")
    time.sleep(1.5)  # the session joins its officer's group within a second
    letter_read(actor=bbs_world["曹操"], letter_id=letter.pk)  # as the web's letter page reads it
    terminal.wait_for("your letters: 0 unread", timeout=20)


def test_the_mailbox_and_a_letter_in_chinese_and_in_big5(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, encoding="big5")
    letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧" * 30, body="長" * 200)
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    terminal.wait_for("信箱")
    terminal.type(MAIL, "enter", "enter")
    screen = terminal.wait_for("收件匣")
    row = next(line for line in screen.splitlines() if "荀彧" in line)
    assert row.startswith(">     1 +") and "軍糧軍糧" in row  # cut to the screen, not wrapped
    terminal.type("?")
    terminal.wait_for("站內信")
    terminal.type("x", "enter")
    screen = terminal.wait_for("寄件人 荀彧")
    body = [line for line in screen.splitlines() if line.startswith("長")]
    assert len(body) >= 5 and all(len(line) <= 40 for line in body)  # wrapped at 79 columns: 39 characters
    terminal.type("r")  # the reply's editor, in Chinese
    terminal.wait_for("標題：Re: 軍糧")
    terminal.type("ctrl-q")
    terminal.wait_for("已放棄：沒有寄出信。")
    terminal.type("q")
    terminal.wait_for("收件匣")
    terminal.type("w")  # whom to write to
    screen = terminal.wait_for("寫給誰")
    assert "荀彧" in screen and "曹操" not in screen.split("寫給誰")[1]  # not oneself


def test_the_mail_screens_keep_the_screen_contract_with_their_help():
    from bbs.context import Context
    from bbs.screen import Screen
    from screens.letters import LetterScreen, Mailbox, OfficerChoice

    ctx = Context(user=None, language="en")
    for screen in (Mailbox(ctx), LetterScreen(ctx, 1), OfficerChoice(ctx)):
        assert isinstance(screen, Screen)
        assert "y" in screen.help() or "Ctrl-X" in screen.help()


def test_r1_1_a_letter_written_in_a_session_opened_before_the_war_ended_is_refused(bbs, bbs_world):
    """The war ends (the organiser, on the site) while an officer's terminal is open: the letter
    they send after it is refused in the rule's words, as the web refuses it (R1.1: an ended war
    is read-only); the session's officer is read as they are now, not as at log-in."""
    from seasons.services.season_end import war_end
    from tests.battles.test_war_gate import organiser_of

    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    start_letter(terminal, bbs_world, "曹操", "荀彧")
    war_end(user=organiser_of(bbs_world.campaign), campaign=bbs_world.campaign)
    terminal.type("軍糧", "tab", "洛陽糧草將盡，速運。", "ctrl-x")
    terminal.wait_for("! The war is over: this campaign is archived and read-only.")
    assert not Letter.objects.exists()
