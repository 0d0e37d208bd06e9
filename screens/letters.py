"""站內信 in the terminal, PTT's mailbox: the inbox (`+` not read yet) and the sent letters (Tab),
a letter read in a pager, writing one (an officer, a subject, the editor; Ctrl-X sends), `r`
replies, `d` removes (after `y`); every read and write is the letters' own (forum/): the web's
checks and words. The menu's unread count is kept on the session's officer (bbs/notices.py)."""

import uuid
from collections.abc import Callable
from typing import TypeVar

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl

from bbs.context import Context
from bbs.registry import screen
from bbs.screen import on_top
from bbs.selectors import officer_now
from bbs.text import fit, safe, wrap
from bbs.widgets import ListScreen
from campaign.errors import RuleViolation
from forum.models import Letter
from forum.selectors import letters as reads
from forum.services.letters import MAX_SUBJECT, letter_read, letter_remove, letter_send
from screens.editor import Editor

INBOX, SENT = "inbox", "sent"
T = TypeVar("T")


def _name(officer) -> str:
    return safe(officer.name, newlines=False) if officer is not None else "—"


def as_now(act: Callable[..., T]) -> Callable[..., T]:
    """A letter's act (read, remove) done by the session's officer as they are now, read in the
    database call (bbs.selectors.officer_now): a war ended or an officer gone since log-in counts."""

    def call(*, actor, **kwargs) -> T:
        return act(actor=officer_now(actor), **kwargs)

    return call


def mailbox_page(*, officer, box: str, page: int | str | None) -> tuple[list[Letter], int, int, int]:
    """A page of the box (its letters, its number, the number of pages) and the officer's unread
    count (3 queries: count, page, unread)."""
    read = reads.letters_sent if box == SENT else reads.letters_inbox
    found = read(officer=officer, page=page)
    return list(found), found.number, found.paginator.num_pages, reads.unread_count(officer=officer)


@screen("letters")
class Mailbox(ListScreen):
    """The officer's letters, 20 a page, the latest first."""

    def __init__(self, ctx: Context, box: str = INBOX) -> None:
        super().__init__(ctx)
        self.box = box
        self.page = 1
        self.letters: list[Letter] = []
        self.pages = 1
        self.loaded = False
        self.known_unread = -1  # the count this page was read with (a notice's new count reloads it)
        self.removing: int | None = None  # the letter asked about: y removes it
        self.title = self._title()

    def _title(self) -> str:
        return _("Sent letters") if self.box == SENT else _("Inbox")

    async def start(self) -> None:
        await self.load(self.page)

    async def load(self, page: int) -> None:
        self.letters, self.page, self.pages, unread = await self.ctx.db(
            mailbox_page, officer=self.ctx.officer, box=self.box, page=page
        )
        if self.ctx.officer is not None:
            self.ctx.officer.unread_letters = unread
        self.known_unread, self.loaded = unread, True
        self.ctx.invalidate()

    def _reload(self, page: int | None = None) -> None:
        self.ctx.spawn(self.load(self.page if page is None else page))

    def header(self) -> str:
        self.title = self._title()
        if self.loaded and self.known_unread != self.ctx.unread_letters:
            self.known_unread = self.ctx.unread_letters
            self._reload()  # a letter came (or was read elsewhere): the box is read again
        other = pgettext("a letter's recipient", "To") if self.box == SENT else pgettext("a letter's sender", "From")
        hint = _("Tab %(box)s  w write  %(page)s/%(pages)s") % {
            "box": _("Inbox") if self.box == SENT else _("Sent letters"),
            "page": self.page,
            "pages": self.pages,
        }
        head = _("  No.     Date  %(other)s Subject") % {"other": fit(other, 12)}
        return fit(head, max(self.ctx.columns - len(hint) - 8, 10)) + hint

    def number_of(self, index: int) -> int:
        return (self.page - 1) * reads.LETTERS_PER_PAGE + index + 1

    def rows(self) -> list[StyleAndTextTuples]:
        rows: list[StyleAndTextTuples] = []
        zone = self.ctx.campaign.zone
        for index, letter in enumerate(self.letters):
            unread = self.box == INBOX and letter.read_at is None
            other = letter.recipient if self.box == SENT else letter.sender
            date = timezone.localtime(letter.sent_at, zone).strftime("%m/%d")
            subject = safe(letter.subject, newlines=False)
            if self.box == SENT and letter.read_at is not None:
                subject += " " + pgettext("a letter read by its recipient", "(read)")
            rows.append(
                [
                    ("class:unread" if unread else "", f"{self.number_of(index):>5} {'+' if unread else ' '}"),
                    ("", f" {date} "),
                    ("", fit(_name(other), 12) + " "),
                    ("class:unread" if unread else "", fit(subject, max(self.ctx.columns - 30, 10))),
                ]
            )
        return rows

    def empty_text(self) -> str:
        if not self.loaded:
            return _("Loading…")
        return _("You have sent no letters.") if self.box == SENT else _("No letters for you.")

    def choose(self, index: int) -> None:
        letter = self.letters[index]
        if self.box == INBOX and letter.read_at is None:
            letter.read_at = timezone.now()  # back on the box it shows read at once; the reload then reads it
        self.ctx.push(LetterScreen(self.ctx, letter.pk, on_change=self._reload))

    def prompting(self) -> bool:
        """While a removal is asked, the list's keys are off: any key but y keeps the letter."""
        return self.removing is not None

    def page_down(self) -> None:
        if self.page < self.pages:
            self.cursor = 0
            self._reload(self.page + 1)

    def page_up(self) -> None:
        if self.page > 1:
            self.cursor = 0
            self._reload(self.page - 1)

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add("tab")
        def _switch(event):
            self.box, self.cursor, self.loaded = (INBOX if self.box == SENT else SENT), 0, False
            self.letters, self.title = [], self._title()
            self._reload(1)

        keys.add("w")(lambda event: self.ctx.push(OfficerChoice(self.ctx, on_sent=self._reload)))
        keys.add("c-p")(lambda event: self.ctx.push(OfficerChoice(self.ctx, on_sent=self._reload)))

        @keys.add("y")  # PTT's reply keys in the mailbox (its r reads the letter, as Enter)
        @keys.add("R")
        def _reply(event):
            if self.letters:
                compose_reply(self.ctx, self.letters[self.cursor], on_sent=self._reload)

        @keys.add("d")
        def _remove(event):
            if self.letters:
                self.removing = self.letters[self.cursor].pk
                self.ctx.status(_("Remove this letter from your letters? y removes it, any other key keeps it."))

        asking = Condition(lambda: self.removing is not None)

        @keys.add("<any>", filter=asking)
        def _keep(event):
            self.removing = None
            self.ctx.status(_("Kept."))

        @keys.add("y", filter=asking)
        async def _confirmed(event):
            letter_id, self.removing = self.removing, None
            if not self.letters or self.letters[self.cursor].pk != letter_id:
                self.ctx.status(_("Kept."))  # the cursor moved off the letter asked about
            elif await remove(self.ctx, letter_id):
                await self.load(self.page)

    def help(self) -> str:
        return _(
            "Your letters (站內信) from the officers of this campaign, the latest first (20 a page): + marks "
            "one not read yet. ↑↓ move, Enter, → or r reads a letter, Tab switches between the inbox and the "
            "sent letters, w (or Ctrl-P) writes a letter, y (or R) replies, d removes one from your letters (then y); "
            "PgDn/PgUp (space, b) turn the page."
        )


async def remove(ctx: Context, letter_id: int | None) -> bool:
    """The letter removed from the officer's box (the other side keeps theirs), said on the status line."""
    try:
        await ctx.db(as_now(letter_remove), actor=ctx.officer, letter_id=letter_id)
    except Letter.DoesNotExist:
        ctx.status(_("! This letter is no longer in your letters."))
        return False
    except RuleViolation as refusal:
        ctx.status("! " + refusal.refusal)
        return False
    ctx.status(_("The letter is removed from your letters."))
    return True


class LetterScreen:
    """One letter: who wrote it to whom, when, its subject and text. Opening it marks it read."""

    def __init__(self, ctx: Context, letter_id: int, on_change=None) -> None:
        self.ctx = ctx
        self.letter_id = letter_id
        self.on_change = on_change
        self.letter: Letter | None = None
        self.title = _("Letters")
        self.top = 0
        self.removing = False
        self._control = FormattedTextControl(self._fragments, focusable=True, show_cursor=False)
        self._container = HSplit([Window(self._control, wrap_lines=False)])

    def container(self) -> Container:
        return self._container

    async def start(self) -> None:
        try:
            self.letter = await self.ctx.db(as_now(letter_read), actor=self.ctx.officer, letter_id=self.letter_id)
        except Letter.DoesNotExist:
            self.ctx.status(_("! This letter is no longer in your letters."))
            return
        self.title = safe(self.letter.subject, newlines=False)
        self.ctx.invalidate()

    async def stop(self) -> None:
        if self.on_change is not None:
            self.on_change()  # the box, and its count, read again

    def lines(self) -> list[tuple[str, str]]:
        letter = self.letter
        if letter is None:
            return [("class:dim", _("Loading…"))]
        columns = self.ctx.columns - 1
        when = timezone.localtime(letter.sent_at, self.ctx.campaign.zone).strftime("%Y/%m/%d %H:%M")
        head = [
            pgettext("a letter's sender", "From") + " " + _name(letter.sender),
            pgettext("a letter's recipient", "To") + " " + _name(letter.recipient),
            _("Subject") + " " + safe(letter.subject, newlines=False),
            pgettext("when a letter was sent", "Sent") + " " + when,
        ]
        out = [("class:top", fit(line, columns)) for line in head] + [("", "")]
        return out + [("", line) for line in wrap(safe(letter.body), columns)]

    def _fragments(self) -> StyleAndTextTuples:
        lines = self.lines()
        rows = max(self.ctx.body_rows - 1, 1)
        self.top = max(0, min(self.top, max(len(lines) - rows, 0)))
        out: StyleAndTextTuples = []
        for style, text in lines[self.top : self.top + rows]:
            out.append((style, text + "\n"))
        out.extend([("", "\n")] * (rows - min(rows, len(lines) - self.top)))
        out.append(("class:dim", fit(_("r reply  d remove  ↑↓ PgUp PgDn  q back"), self.ctx.columns)))
        return out

    def key_bindings(self) -> KeyBindings:
        keys = KeyBindings()
        reading = Condition(lambda: not self.removing)
        page = max(self.ctx.body_rows - 2, 1)
        for key, by in (("down", 1), ("j", 1), ("enter", 1), ("up", -1), ("k", -1)):
            keys.add(key, filter=reading)(lambda event, by=by: self._scroll(by))
        for key, by in (("pagedown", page), (" ", page), ("pageup", -page), ("b", -page)):
            keys.add(key, filter=reading)(lambda event, by=by: self._scroll(by))

        @keys.add("r", filter=reading)
        @keys.add("y", filter=reading)  # PTT's reader replies with either
        @keys.add("R", filter=reading)
        def _reply(event):
            if self.letter is not None:
                compose_reply(self.ctx, self.letter, on_sent=None)

        @keys.add("d", filter=reading)
        def _remove(event):
            if self.letter is not None:
                self.removing = True
                self.ctx.status(_("Remove this letter from your letters? y removes it, any other key keeps it."))

        @keys.add("<any>", filter=~reading)
        def _keep(event):
            self.removing = False
            self.ctx.status(_("Kept."))

        @keys.add("y", filter=~reading)
        async def _confirmed(event):
            self.removing = False
            if not await remove(self.ctx, self.letter_id):
                return
            if on_top(self.ctx, self):
                status = self.ctx.last_status
                self.ctx.pop()
                self.ctx.status(status)
            elif self.on_change is not None:
                self.on_change()  # left while it was removed: the box read again without it

        return keys

    def _scroll(self, by: int) -> None:
        self.top = max(0, self.top + by)

    def help(self) -> str:
        return _(
            "A letter: its sender, recipient, subject and time, then its text. ↑↓ (j k) scroll a line, "
            "PgDn PgUp (space b) a screen; r (or y, R) replies to the other side, d removes it from your "
            "letters (then y)."
        )


class OfficerChoice(ListScreen):
    """Whom to write to: the campaign's officers but oneself, by name (the compose form's list)."""

    def __init__(self, ctx: Context, on_sent=None) -> None:
        super().__init__(ctx)
        self.title = _("Write a letter")
        self.names: list[str] = []
        self.on_sent = on_sent

    async def start(self) -> None:
        officer = self.ctx.officer
        self.names = await self.ctx.db(reads.officer_names, campaign_id=officer.campaign_id, but=officer.pk)
        self.ctx.invalidate()

    def header(self) -> str:
        return _("To whom? ↑↓ or the number, Enter chooses")

    def rows(self) -> list[StyleAndTextTuples]:
        return [[("", f"{index + 1:>4}  " + safe(name, newlines=False))] for index, name in enumerate(self.names)]

    def empty_text(self) -> str:
        return _("Loading…")

    def choose(self, index: int) -> None:
        name = self.names[index]
        self.ctx.pop()
        self.ctx.push(compose(self.ctx, recipient=name, on_sent=self.on_sent))

    def help(self) -> str:
        return _(
            "Choose the officer you write to: ↑↓ move, a number and Enter jumps to it, Enter opens the letter "
            "(a subject, then Tab to the text; Ctrl-X sends it, Ctrl-Q abandons it)."
        )


@screen("letter-new")
def compose(
    ctx: Context,
    *,
    recipient: str,
    subject: str = "",
    reply_to: int | None = None,
    on_sent=None,
    body: str = "",
    resumed: bool = False,
) -> Editor:
    """The editor for a letter: the subject, the text; Ctrl-X sends it through letter_send."""
    nonce = uuid.uuid4().hex  # Ctrl-X twice sends one letter, as the web form's token does

    def send(title: str, body: str) -> object:
        actor = officer_now(ctx.officer)
        return letter_send(actor=actor, recipient=recipient, subject=title, body=body, nonce=nonce, reply_to=reply_to)

    def sent() -> None:
        ctx.status(_("Your letter to %(name)s is sent.") % {"name": safe(recipient, newlines=False)})
        if on_sent is not None:
            on_sent()

    return Editor(
        ctx,
        title=_("A letter to %(name)s") % {"name": safe(recipient, newlines=False)},
        send=send,
        with_title=True,
        subject=subject,
        subject_prompt=_("Subject: "),
        abandoned=_("Abandoned: no letter was sent."),
        on_sent=sent,
        body=body,
        resumed=resumed,
        keep={"kind": "letter", "recipient": recipient, "reply_to_id": reply_to},
    )


def compose_reply(ctx: Context, letter: Letter, on_sent=None) -> None:
    """A reply: to the letter's other side, `Re: ` its subject, naming the letter it answers."""
    other = letter.sender if letter.recipient_id == ctx.officer.pk else letter.recipient
    subject = reads.reply_subject(letter, MAX_SUBJECT)
    ctx.push(compose(ctx, recipient=other.name, subject=subject, reply_to=letter.pk, on_sent=on_sent))
