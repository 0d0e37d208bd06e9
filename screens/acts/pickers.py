"""How a form's field is changed: a list to pick one from (↑↓ or its number, Enter), a list to
tick several in (Enter or space ticks, `r` gives the next rank, q back), a line to type (Enter
keeps it, Ctrl-Q leaves it as it was)."""

from collections.abc import Callable

from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.widgets import TextArea

from bbs.context import Context
from bbs.text import fit
from bbs.widgets import ListScreen
from screens.acts.fields import Field

MAX_LINE = 500  # characters a line of a form holds (the services bound their own texts lower)


class OnePicker(ListScreen):
    def __init__(self, ctx: Context, field: Field, changed: Callable[[Field], None]) -> None:
        super().__init__(ctx)
        self.field = field
        self.changed = changed
        self.title = field.label
        values = [o.value for o in field.options]
        self.cursor = values.index(field.chosen[0]) if field.chosen and field.chosen[0] in values else 0

    def header(self) -> str:
        return _("Choose the %(field)s: ↑↓ or its number, then Enter") % {"field": self.field.label}

    def rows(self) -> list[StyleAndTextTuples]:
        columns = self.ctx.columns - 2
        return [[("", fit(f"{i + 1:>3}  {o.label}", columns, pad=False))] for i, o in enumerate(self.field.options)]

    def empty_text(self) -> str:
        return _("There is nothing to choose.")

    def choose(self, index: int) -> None:
        self.field.chosen = [self.field.options[index].value]
        self.ctx.pop()
        self.changed(self.field)

    def help(self) -> str:
        return _("Pick one: ↑↓ or its number, Enter chooses it and goes back to the form; q leaves it unchanged.")


class SeveralPicker(ListScreen):
    def __init__(self, ctx: Context, field: Field, changed: Callable[[Field], None]) -> None:
        super().__init__(ctx)
        self.field = field
        self.changed = changed
        self.title = field.label

    def header(self) -> str:
        if self.field.ranks:
            return _("Enter or space ticks, r gives the next rank, q back to the form")
        return _("Enter or space ticks, q back to the form")

    def rows(self) -> list[StyleAndTextTuples]:
        columns = self.ctx.columns - 2
        ranks = {r.value: r.label for r in self.field.ranks}
        out: list[StyleAndTextTuples] = []
        for i, o in enumerate(self.field.options):
            ticked = o.value in self.field.chosen
            mark = "[x]" if ticked else "[ ]"
            rank = f"  {ranks.get(self.field.rank_of.get(o.value, ''), '')}" if self.field.ranks else ""
            out.append(
                [("class:unread" if ticked else "", fit(f"{i + 1:>3} {mark} {o.label}{rank}", columns, pad=False))]
            )
        return out

    def empty_text(self) -> str:
        return _("There is nobody to choose.")

    def choose(self, index: int) -> None:
        value = self.field.options[index].value
        if value in self.field.chosen:
            self.field.chosen.remove(value)
        else:
            self.field.chosen.append(value)

    def footer(self) -> str:
        return _("? help  Enter/space tick  r rank  q/← back with what is ticked")

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add(" ")
        def _tick(event):
            if self.field.options:
                self.choose(self.cursor)

        @keys.add("r")
        def _rank(event):
            if not self.field.ranks or not self.field.options:
                return
            value = self.field.options[self.cursor].value
            values = [r.value for r in self.field.ranks]
            now = self.field.rank_of.get(value, "")
            self.field.rank_of[value] = values[(values.index(now) + 1) % len(values) if now in values else 0]

    async def stop(self) -> None:
        self.changed(self.field)

    def help(self) -> str:
        return _(
            "Tick those you choose: Enter or space ticks or unticks the line, r gives its next rank "
            "(where the form gives ranks); q or ← goes back to the form with what is ticked."
        )


class LinePicker:
    def __init__(self, ctx: Context, field: Field, changed: Callable[[Field], None]) -> None:
        self.ctx = ctx
        self.field = field
        self.changed = changed
        self.title = field.label
        self.line = TextArea(text=field.text, multiline=False, height=1, prompt=field.label + ": ")
        self.line.buffer.on_text_changed += self._bounded
        hint = Window(
            FormattedTextControl(lambda: [("class:dim", fit(_("Enter keeps it, Ctrl-Q leaves it"), ctx.columns))]),
            height=1,
        )
        self._container = HSplit([hint, self.line])

    def _bounded(self, buffer) -> None:
        if len(buffer.text) > MAX_LINE:
            buffer.text = buffer.text[:MAX_LINE]

    def container(self) -> Container:
        return self._container

    def key_bindings(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("enter")
        def _keep(event):
            self.field.text = self.line.text
            self.ctx.pop()
            self.changed(self.field)

        @keys.add("c-q")
        def _leave(event):
            self.ctx.pop()

        return keys

    def help(self) -> str:
        return _("Type the line; Enter keeps it and goes back to the form, Ctrl-Q leaves it as it was.")

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass
