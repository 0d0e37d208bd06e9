"""The screens' common part: a numbered list with a cursor (PTT's menus, board and thread lists):
↑↓ PgUp PgDn Home End move, a number and Enter jumps to it, Enter or → opens the row; a key the
list does not know says so on the status line (PTT is silent there; a new user is not left to
guess). PTT's own list keys (pttbbs mbbsd/read.c `i_read_key`, its help screens) work in every
list: `p` `k` up, `n` `j` down, `P` Ctrl-B a page up, `N` Ctrl-F a page down, `r` `l` open; a
list's own use of one of these letters (`r` reads the war's road) comes first."""

from django.utils.translation import gettext as _
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.dimension import Dimension

from bbs.context import Context
from bbs.drawing import TextWindow
from bbs.text import fit


class ListScreen:
    """A screen of rows: subclasses give `rows()` (each row's fragments), `header()` and
    `choose(index)`; the cursor and the paging are here."""

    title = ""
    header_rows = 1

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.cursor = 0
        self.typed = ""  # digits typed before Enter: jump to that number
        self._footer, self._footer_for = "", ""
        # The body's whole height, exactly: prompt_toolkit's layout otherwise grows a window to its
        # room a row at a time, on every redraw (a good part of a key's redraw on a short list).
        window = TextWindow(self._fragments, focusable=True, height=lambda: Dimension.exact(self.list_rows()))
        self._control = window.control
        self._container: Container = window

    # to give

    def rows(self) -> list[StyleAndTextTuples]:
        return []

    def header(self) -> str:
        return ""

    def choose(self, index: int) -> None:
        pass

    def number_of(self, index: int) -> int:
        """The number a row answers to when typed (its position from 1 by default)."""
        return index + 1

    def help(self) -> str:
        return ""

    def page_down(self) -> None:
        """PgDn, space, `N`, Ctrl-F: the next page (a list read a page at a time turns it)."""
        self._move(self.page_rows())

    def page_up(self) -> None:
        """PgUp, `b`, `P`, Ctrl-B: the page before."""
        self._move(-self.page_rows())

    def footer(self) -> str:
        """The keys the bottom bar names (a list's; a screen with keys of its own names them),
        translated once a language (the bar is drawn at every key)."""
        if self._footer_for != self.ctx.language:
            self._footer_for, self._footer = self.ctx.language, _("? help  q/← back  ↑↓ move  Enter choose")
        return self._footer

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    # the screen

    def container(self) -> Container:
        return self._container

    def list_rows(self) -> int:
        """The rows the list's window takes: the body's (less a prompt a screen shows under it)."""
        return self.ctx.body_rows

    def page_rows(self) -> int:
        return max(self.list_rows() - self.header_rows, 1)

    def _fragments(self) -> StyleAndTextTuples:
        columns = self.ctx.columns
        rows = self.rows()
        self.cursor = min(self.cursor, max(len(rows) - 1, 0))
        per_page = self.page_rows()
        first = (self.cursor // per_page) * per_page
        out: StyleAndTextTuples = []
        if self.header_rows:
            out.append(("class:dim", fit(self.header(), columns) + "\n"))
        for index in range(first, min(first + per_page, len(rows))):
            marker = ("class:cursor", "> ") if index == self.cursor else ("", "  ")
            out.append(marker)
            out.extend(rows[index])
            out.append(("", "\n"))
        if not rows:
            out.append(("class:dim", self.empty_text()))
        return out

    def empty_text(self) -> str:
        return ""

    def prompting(self) -> bool:
        """Whether a line under the list takes the keys (a screen's search or comment prompt): the
        list's own keys are off meanwhile."""
        return False

    def key_bindings(self) -> KeyBindings:
        """The list's keys (off while a prompt under it takes the keys) and the screen's own."""
        listing = Condition(lambda: not self.prompting())
        keys = KeyBindings()

        for key in ("up", "k", "p"):
            keys.add(key, filter=listing)(lambda event: self._move(-1))
        for key in ("down", "j", "n"):
            keys.add(key, filter=listing)(lambda event: self._move(1))
        for key in ("pageup", "b", "P", "c-b"):
            keys.add(key, filter=listing)(lambda event: self.page_up())
        for key in ("pagedown", " ", "N", "c-f"):
            keys.add(key, filter=listing)(lambda event: self.page_down())

        @keys.add("home", filter=listing)
        def _home(event):
            self.cursor = 0

        @keys.add("end", filter=listing)
        @keys.add("$", filter=listing)
        def _end(event):
            self.cursor = max(len(self.rows()) - 1, 0)

        for digit in "0123456789":
            keys.add(digit, filter=listing)(self._digit)

        @keys.add("enter", filter=listing)
        @keys.add("right", filter=listing)
        @keys.add("r", filter=listing)
        @keys.add("l", filter=listing)
        def _choose(event):
            if self.typed:
                self._jump()
                return
            if self.rows():
                self.choose(self.cursor)

        @keys.add("<any>", filter=listing)
        def _unknown(event):
            if len(event.data) == 1 and event.data.isprintable():
                self.ctx.status(_("! %(key)s does nothing here: ? lists this screen's keys.") % {"key": event.data})

        self.more_keys(keys)
        return keys

    def more_keys(self, keys: KeyBindings) -> None:
        """A subclass's own keys."""

    def _move(self, by: int) -> None:
        self.typed = ""
        count = len(self.rows())
        if count:
            self.cursor = max(0, min(count - 1, self.cursor + by))

    def _digit(self, event) -> None:
        self.typed = (self.typed + event.data)[-6:]
        self.ctx.status(f"→ {self.typed}")

    def _jump(self) -> None:
        wanted = int(self.typed)
        self.typed = ""
        self.ctx.status("")
        for index in range(len(self.rows())):
            if self.number_of(index) == wanted:
                self.cursor = index
                return
