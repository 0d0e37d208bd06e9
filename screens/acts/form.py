"""A screen of fields for one act (screens/acts/fields.py): ↑↓ between the fields, Enter changes one
(a list to pick from, the several to tick, yes/no, a line to type), Ctrl-X or Enter on "Send"
sends it: the web form's MultiValueDict, parsed by the forms' functions and handed to the web's
service in the database thread. A refusal (RuleViolation, NotAllowed, Stale) shows the service's
words on the status line and the form stays; success says so and goes back."""

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.http import Http404
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from bbs.context import Context
from bbs.screen import on_top
from bbs.text import fit, safe, width, wrap
from bbs.widgets import ListScreen
from campaign.authority import require_officer
from campaign.errors import RuleViolation
from campaign.models import Officer
from screens.acts.fields import CHOICE, SEVERAL, TEXT, YES_NO, Field, form_data
from screens.acts.pickers import LinePicker, OnePicker, SeveralPicker

log = logging.getLogger(__name__)


@dataclass
class Loaded:
    fields: list[Field]
    notes: list[str] = field(default_factory=list)  # lines shown above the fields (a march's route)


class Act:
    """One act of the war: its fields read from the web's selectors (`load`, in the database
    thread, with what is chosen so far) and its sending (`send`: the web's parsing and service;
    returns what the web's page says once it is done)."""

    def title(self) -> str:
        raise NotImplementedError

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        raise NotImplementedError

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        raise NotImplementedError

    def help(self) -> str:
        return ""


class FormScreen(ListScreen):
    header_rows = 1

    def __init__(
        self, ctx: Context, act: Act, preset: MultiValueDict | None = None, on_done: Callable[[str], None] | None = None
    ) -> None:
        super().__init__(ctx)
        self.act = act
        self.title = act.title()
        self.preset = preset or MultiValueDict()
        self.on_done = on_done
        self.loaded: Loaded | None = None
        self.sending = False
        self.label_width = 0

    async def start(self) -> None:
        await self.reload()

    async def reload(self) -> None:
        data = form_data(self.loaded.fields, self.preset) if self.loaded is not None else self.preset
        loaded: Loaded = await self.ctx.db(self._with_officer, self.act.load, data)
        loaded.notes = [safe(note, newlines=False) for note in loaded.notes]  # they hold names users gave
        for f in loaded.fields:
            wanted = self.preset.get(f.name)
            if f.kind == CHOICE and wanted and wanted not in {o.value for o in f.options}:
                # what the form was opened on (a duty's move or call) is no longer offered: nothing
                # is chosen in its place, and sending it anyway meets its service's refusal
                f.chosen = []
                loaded.notes.insert(0, _("What this was opened on is no longer open to you (see your duties again)."))
        self.loaded = loaded
        self.label_width = min(max([width(f.label) for f in loaded.fields] + [4]) + 2, 24)
        self.ctx.invalidate()

    def _with_officer(self, fn, data):
        officer = require_officer(self.ctx.user, self.ctx.campaign)
        return fn(officer, data)

    def header(self) -> str:
        if self.loaded is None:
            return _("Loading…")
        return " ".join(self.loaded.notes[:1]) or _("↑↓ choose a line, Enter changes it, Ctrl-X sends")

    def page_rows(self) -> int:
        return max(self.ctx.body_rows - self.header_rows - self._note_rows(), 1)

    def _note_lines(self) -> list[str]:
        """The notes after the first (which is the header line), wrapped to the terminal."""
        notes = self.loaded.notes[1:] if self.loaded is not None else []
        return [line for note in notes for line in wrap(note, self.ctx.columns)]

    def _note_rows(self) -> int:
        return len(self._note_lines())

    def rows(self) -> list[StyleAndTextTuples]:
        if self.loaded is None:
            return []
        columns = self.ctx.columns - 2
        out: list[StyleAndTextTuples] = []
        for f in self.loaded.fields:
            label = fit(f.label, self.label_width)
            out.append([("class:dim", label), ("", fit(f.shown(), max(columns - self.label_width, 1), pad=False))])
        out.append([("class:unread", fit("[ " + pgettext("a form's button", "Send") + " ]", columns, pad=False))])
        return out

    def _fragments(self) -> StyleAndTextTuples:
        out = super()._fragments()
        if self.loaded is None or self._note_rows() == 0:
            return out
        notes: StyleAndTextTuples = [("class:dim", fit(n, self.ctx.columns) + "\n") for n in self._note_lines()]
        return out[:1] + notes + out[1:]

    def choose(self, index: int) -> None:
        if self.loaded is None:
            return
        if index >= len(self.loaded.fields):
            self._spawn(self.submit())
            return
        f = self.loaded.fields[index]
        if f.kind == YES_NO:
            f.chosen = [] if f.chosen else ["1"]
            self.changed(f)
        elif f.kind == CHOICE:
            self.ctx.push(OnePicker(self.ctx, f, self.changed))
        elif f.kind == SEVERAL:
            self.ctx.push(SeveralPicker(self.ctx, f, self.changed))
        elif f.kind == TEXT:
            self.ctx.push(LinePicker(self.ctx, f, self.changed))

    def changed(self, f: Field) -> None:
        if f.reload:
            self._spawn(self.reload())
        self.ctx.invalidate()

    def _spawn(self, coro) -> None:
        self.ctx.spawn(coro)

    def footer(self) -> str:
        return _("? help  ↑↓ move  Enter fill the field  Ctrl-X send  q/← back")

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add("c-x")
        async def _send(event):
            await self.submit()

    async def submit(self) -> None:
        if self.sending or self.loaded is None:
            return
        self.sending = True
        data = form_data(self.loaded.fields, self.preset)
        try:
            done = await self.ctx.db(self._with_officer, self.act.send, data)
        except RuleViolation as refusal:
            self.ctx.status("! " + safe(refusal.refusal, newlines=False))
            return
        except Http404:
            self.ctx.status("! " + _("That is no longer there (it was ended or removed)."))
            return
        except Exception as failure:  # the site's failure (Redis away, say): said, the session goes on
            log.exception("bbs: an act failed")
            self.ctx.status(
                _("! Not sent: the site failed (%(error)s); try again.") % {"error": type(failure).__name__}
            )
            return
        finally:
            self.sending = False
        done = safe(done, newlines=False)  # the web's words, with the names users gave
        if on_top(self.ctx, self):  # (q pressed while it was sent: the form is gone already)
            self.ctx.pop()
        self.ctx.status(done)
        if self.on_done is not None:
            self.on_done(done)

    def empty_text(self) -> str:
        return _("Loading…")

    def help(self) -> str:
        text = _(
            "A form. ↑↓ choose a line; Enter changes it (a list to pick from, several to tick, yes/no, "
            "a line to type); Ctrl-X, or Enter on Send, sends it. A refusal shows on the status line "
            "with the rule it cites, and the form stays."
        )
        extra = self.act.help()
        return text + ("\n\n" + extra if extra else "")
