"""`/` on the dashboard: a city found by (a part of) its name, PTT's way: `/` opens a line at the
bottom, Enter puts the cursor on the first city after it whose name holds the text, `n` the next
one; Esc leaves the line. While the line is open the screen's other keys are text."""

from django.utils.translation import gettext as _
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import ConditionalContainer, HSplit, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.widgets import TextArea

from bbs.context import Context
from bbs.text import safe


class CitySearch:
    """For a WarPage whose lines are cities: `names()` gives each line's name."""

    ctx: Context
    cursor: int
    _control: FormattedTextControl
    _container: Container

    def search_init(self) -> None:
        self.search = TextArea(multiline=False, prompt="/", height=1)
        self.searching = False
        self.found = ""
        shown = Condition(lambda: self.searching)
        self._container = HSplit([Window(self._control, wrap_lines=False), ConditionalContainer(self.search, shown)])

    def names(self) -> list[str]:
        return []

    def search_keys(self, inner: KeyBindings) -> KeyBindings:
        """The screen's keys, off while the line is open, and the search's own."""
        searching = Condition(lambda: self.searching)
        keys = KeyBindings()
        for binding in inner.bindings:
            keys.add(*binding.keys, filter=binding.filter & ~searching)(binding.handler)
        keys.add("/", filter=~searching)(lambda event: self._search_open())
        keys.add("n", filter=~searching)(lambda event: self._search_next(self.cursor + 1))
        keys.add("enter", filter=searching)(lambda event: self._search_done())
        keys.add("escape", filter=searching)(lambda event: self._search_close())
        keys.add("c-c", filter=searching)(lambda event: self._search_close())
        return keys

    def _search_open(self) -> None:
        self.searching = True
        self.search.text = ""
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self.search)  # type: ignore[attr-defined]

    def _search_close(self) -> None:
        self.searching = False
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self._control)  # type: ignore[attr-defined]

    def _search_done(self) -> None:
        self.found = self.search.text.strip()
        self._search_close()
        self._search_next(self.cursor)

    def _search_next(self, start: int) -> None:
        if not self.found:
            return
        wanted = self.found.casefold()
        names = self.names()
        for index in list(range(start, len(names))) + list(range(0, min(start, len(names)))):
            if wanted in names[index].casefold():
                self.cursor = index
                self.ctx.status("")
                return
        self.ctx.status(_("! No city on this page is named %(text)s.") % {"text": safe(self.found, newlines=False)})
