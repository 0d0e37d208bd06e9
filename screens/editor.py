"""The full-screen editor the screens share: a new thread (screens/boards.py), a reply or an edit
(screens/pager.py), a letter (screens/letters.py), each giving it what Ctrl-X sends through its service
(their checks, limits and messages: a refusal shows on the status line and changes nothing).
Ctrl-Q abandons it (asking first when something typed would be lost); Tab moves between the title
and the text, and Enter from the title to the text. An editor opened with its subject written (a
letter's reply, `Re: …`) starts in the text.

A session that ends with the editor open (the connection dropped, the idle timeout; not a send,
not a Ctrl-Q) keeps what was typed for the user's next log-in (`keep`: what it was for, a new
thread's board, a reply's thread, a letter's recipient; bbs.services.draft_keep), where the main
menu offers it back (screens/drafts.py)."""

import logging
from collections.abc import Callable

from django.utils.translation import gettext as _
from prompt_toolkit.filters import has_focus
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.widgets import TextArea

from bbs import services
from bbs.context import Context
from bbs.screen import on_top
from bbs.text import fit
from campaign.errors import RuleViolation

log = logging.getLogger(__name__)

MAX_TEXT = 200_000  # characters the editor holds at most (the boards' own limit is far lower)


class Editor:
    def __init__(
        self,
        ctx: Context,
        *,
        title: str,
        send: Callable[[str, str], object],
        body: str = "",
        with_title: bool = False,
        on_sent: Callable[[], None] | None = None,
        subject: str = "",
        subject_prompt: str | None = None,
        abandoned: str | None = None,
        keep: dict | None = None,
        resumed: bool = False,
    ) -> None:
        self.ctx = ctx
        self.title = title
        self.send = send
        self.on_sent = on_sent
        self.abandoned = abandoned or _("Abandoned: nothing was posted.")
        self.sending = False
        self.keep = keep  # the draft's kind and what it is for: kept if the session ends mid-way
        self.finished = False  # sent, or left by Ctrl-Q: nothing to keep
        prompt = subject_prompt or _("Title: ")  # a letter's is its subject
        self.subject = TextArea(text=subject, multiline=False, prompt=prompt, height=1) if with_title else None
        self.body = TextArea(text=body, multiline=True, scrollbar=False, wrap_lines=True)
        self.body.buffer.cursor_position = len(body)  # after a quote or a resumed draft: typing goes on
        self.body.buffer.on_text_changed += self._bounded
        # what was there before a key: a draft is what differs (a resumed draft is all typed)
        self.opened_with = ("", "") if resumed else (subject, body)
        hint = Window(FormattedTextControl(lambda: [("class:dim", fit(self.hint(), self.ctx.columns))]), height=1)
        parts: list = [self.subject, hint, self.body] if self.subject else [hint, self.body]
        self._container = HSplit(parts)

    def hint(self) -> str:
        count = len(self.body.text)
        return _("Ctrl-X send  Ctrl-Q abandon  (%(n)s characters)") % {"n": count}

    def _bounded(self, buffer) -> None:
        if len(buffer.text) > MAX_TEXT:
            buffer.text = buffer.text[:MAX_TEXT]

    def container(self) -> Container:
        return self._container

    def key_bindings(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("c-x")
        def _send(event):
            if not self.sending:
                self.sending = True  # at once: a Ctrl-Q read in the same packet finds it on its way
                self.ctx.spawn(self._send())

        @keys.add("c-q")
        def _abandon(event):
            if self.sending:
                return  # on its way: no longer the editor's to abandon
            if self.draft() == self.opened_with:
                self._abandon()
                return
            question = _("Throw away this draft (%(n)s characters)? (Y/N)? [N]") % {"n": len(self.body.text)}
            self.ctx.ask(question, self._abandon)

        if self.subject is not None:

            @keys.add("tab")
            def _switch(event):
                target = self.body if event.app.layout.has_focus(self.subject) else self.subject
                event.app.layout.focus(target)

            @keys.add("enter", filter=has_focus(self.subject.buffer))
            def _to_text(event):
                event.app.layout.focus(self.body)

        return keys

    def draft(self) -> tuple[str, str]:
        return (self.subject.text if self.subject is not None else "", self.body.text)

    def _abandon(self) -> None:
        if self.sending or not on_top(self.ctx, self):
            return  # sent meanwhile, or already left
        self.finished = True
        self.ctx.status(self.abandoned)
        self.ctx.pop()
        self.ctx.status(self.abandoned)

    async def _send(self) -> None:
        """Ctrl-X's: `sending` is already set, until the site has answered."""
        title = self.subject.text if self.subject is not None else ""
        try:
            await self.ctx.db(self.send, title, self.body.text)
        except RuleViolation as refusal:
            self.ctx.status("! " + refusal.refusal)
            return
        except Exception as failure:  # the site's failure (Redis away, say): said, the session goes on
            log.exception("bbs: sending from the editor failed")
            error = type(failure).__name__
            self.ctx.status(_("! Not sent: the site failed (%(error)s); try again.") % {"error": error})
            return
        finally:
            self.sending = False
        self.finished = True
        if on_top(self.ctx, self):
            self.ctx.pop()
        self.ctx.status(_("Sent."))
        if self.on_sent is not None:
            self.on_sent()

    def help(self) -> str:
        return _(
            "The editor. Type the text (Markdown, as on the site; Enter is a new line). Ctrl-X sends it, "
            "Ctrl-Q abandons it (after asking, when you typed something); Tab moves between the title "
            "and the text, Enter from the title to the text."
        )

    async def start(self) -> None:
        if self.subject is not None and self.subject.text:
            # the subject is written (a reply's Re: …): the text is what is left to type
            app = getattr(self.ctx.frame, "app", None)
            try:
                if app is not None:
                    app.layout.focus(self.body)
            except ValueError:
                pass  # not drawn (a window too small): the frame focuses the editor when it is

    async def stop(self) -> None:
        """Left by a send or Ctrl-Q (or with a send on its way): nothing more. Left because the
        session ended: what was typed is kept for the next log-in."""
        subject, text = self.draft()
        untouched = (subject, text) == self.opened_with or not (subject + text).strip()
        if self.finished or self.sending or self.keep is None or untouched:
            return
        officer = self.ctx.officer
        if officer is None:
            return
        try:
            await self.ctx.db(
                services.draft_keep, user=self.ctx.user, officer=officer, subject=subject, text=text, **self.keep
            )
        except Exception:
            log.exception("bbs: a draft could not be kept")
