"""The boards in the terminal, PTT's way: the list of boards the officer may read (city boards,
their kingdom's palace) with unread marks, and a board's numbered thread list (number, date
MM/DD, author, title; system posts marked) with the 推 column (screens/comments.py). The reads are the web's selectors
(forum/selectors/boards.py), the read marks forum/selectors/reads.py."""

import uuid

from django.utils import timezone
from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.selectors import officer_now
from bbs.text import fit, safe, width
from bbs.widgets import ListScreen
from forum.selectors.boards import THREADS_PER_PAGE, BoardView, board_page
from forum.selectors.reads import boards_with_unread, threads_unread
from forum.services.boards import thread_create
from forum.services.reads import board_news_set, thread_read
from screens.comments import score_fragment
from screens.editor import Editor


def board_name(board) -> str:
    if board.kind == "palace":
        return _("Palace of %(k)s") % {"k": board.kingdom.name}
    return _("Board of %(c)s") % {"c": board.city.name}


def local_date(ctx: Context, moment) -> str:
    return timezone.localtime(moment, ctx.campaign.zone).strftime("%m/%d")


@screen("boards")
class BoardList(ListScreen):
    """The boards the officer may read; `+` marks one with posts they have not read."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Boards")
        self.boards: list = []
        self.unread: set[int] = set()
        self.loaded = False

    async def start(self) -> None:
        def read():
            return boards_with_unread(campaign=self.ctx.campaign, officer=officer_now(self.ctx.officer))

        self.boards, self.unread = await self.ctx.db(read)
        self.loaded = True
        self.ctx.invalidate()

    def header(self) -> str:
        return _("  No.   Board                          Owner")

    def rows(self) -> list[StyleAndTextTuples]:
        rows: list[StyleAndTextTuples] = []
        for index, board in enumerate(self.boards):
            mark = "+" if board.pk in self.unread else " "
            owner = board.kingdom if board.kind == "palace" else board.city.kingdom
            owner_name = owner.name if owner is not None else _("independent")
            text = f"{index + 1:>4} {mark} " + fit(safe(board_name(board), newlines=False), 30) + " " + owner_name
            rows.append([("class:unread" if mark == "+" else "", fit(text, self.ctx.columns - 3))])
        return rows

    def empty_text(self) -> str:
        return _("No boards.") if self.loaded else _("Loading…")

    def choose(self, index: int) -> None:
        screen_open(self.ctx, "board", self.boards[index], on_leave=self.start)

    def help(self) -> str:
        return _(
            "The boards you may read: every city's board and your kingdom's palace. A + marks a board "
            "with posts you have not read. ↑↓ move, Enter or → opens the board; a number and Enter jumps to it."
        )


@screen("board")
class ThreadList(ListScreen):
    """A board's threads as the web lists them, 20 a page: the players' first, the war's news beneath."""

    def __init__(self, ctx: Context, board, on_leave=None) -> None:
        super().__init__(ctx)
        self.board = board
        self.title = board_name(board)
        self.page = 1
        self.view: BoardView | None = None
        self.on_leave = on_leave
        self.unread: set[int] = set()

    async def start(self) -> None:
        await self.load(self.page)

    async def stop(self) -> None:
        if self.on_leave is not None:
            await self.on_leave()

    async def load(self, page: int) -> None:
        view, self.unread = await self.ctx.db(self._read, page)
        self.view = view
        self.page = view.threads.number
        self.ctx.invalidate()

    def _read(self, page: int) -> tuple[BoardView, set[int]]:
        """A page of the board as the site lists it (forum.selectors.boards.board_threads: the
        players' threads first, the war's news beneath or hidden, as the officer chose), with its
        unread marks."""
        viewer = officer_now(self.ctx.officer)
        view = board_page(board_id=self.board.pk, campaign=self.ctx.campaign, viewer=viewer, page=page)
        return view, threads_unread(officer=viewer, threads=list(view.threads))

    def _news_toggle(self) -> None:
        """`n`: the war's news shown or hidden in every board list, the site's too (remembered)."""

        async def toggle() -> None:
            def write() -> bool:
                officer = officer_now(self.ctx.officer)
                return board_news_set(actor=officer, officer=officer, shown=not officer.board_news).board_news

            shown = await self.ctx.db(write)
            self.ctx.status(
                _("The war's news is shown beneath the players' threads.") if shown else _("The war's news is hidden.")
            )
            self.cursor = 0
            await self.load(1)

        self.ctx.spawn(toggle())

    def threads(self) -> list:
        return list(self.view.threads) if self.view is not None else []

    def header(self) -> str:
        pages = self.view.threads.paginator.num_pages if self.view is not None else 1
        hint = _("page %(page)s/%(pages)s") % {"page": self.page, "pages": pages}
        return fit(_("  No.     推 Date  Author       Title"), max(self.ctx.columns - width(hint) - 1, 0)) + hint

    def footer(self) -> str:
        """The bottom bar: the thread list's keys."""
        return _("Enter read  Ctrl-P post  n news  PgUp/PgDn page  ? help  q back")

    def number_of(self, index: int) -> int:
        return (self.page - 1) * THREADS_PER_PAGE + index + 1

    def rows(self) -> list[StyleAndTextTuples]:
        rows: list[StyleAndTextTuples] = []
        for index, thread in enumerate(self.threads()):
            mark = "+" if thread.pk in self.unread else " "
            if thread.is_system:
                author = _("[System]")
            else:
                author = thread.author.name if thread.author else "—"
            number = f"{self.number_of(index):>5} {mark}"
            date = local_date(self.ctx, thread.created_at)
            title = safe(thread.title, newlines=False)
            style = "class:system" if thread.is_system else ""
            rows.append(
                [
                    ("class:unread" if mark == "+" else "", number),
                    ("", " "),
                    score_fragment(thread.score),
                    ("", f" {date} "),
                    (style, fit(safe(author, newlines=False), 12) + " "),
                    (style, fit(title, max(self.ctx.columns - 33, 10))),
                ]
            )
        return rows

    def empty_text(self) -> str:
        return _("No threads yet. Ctrl-P opens one.") if self.view is not None else _("Loading…")

    def choose(self, index: int) -> None:
        thread = self.threads()[index]
        self.unread.discard(thread.pk)
        screen_open(self.ctx, "thread", thread, on_leave=lambda: self.load(self.page))

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add("pagedown")
        @keys.add(" ")
        def _next_page(event):
            if self.view is not None and self.view.threads.has_next():
                self.cursor = 0
                self._reload(self.page + 1)
            else:
                self._move(self.page_rows())

        @keys.add("pageup")
        @keys.add("b")
        def _previous_page(event):
            if self.page > 1:
                self.cursor = 0
                self._reload(self.page - 1)
            else:
                self._move(-self.page_rows())

        @keys.add("n")
        def _news(event):
            if self.ctx.officer is not None:
                self._news_toggle()

        @keys.add("c-p")
        def _post(event):
            if self.view is None:
                return  # still loading
            if not self.view.may_post:
                self.ctx.status(_("! Only officers of this kingdom may post in its palace."))
                return
            self.ctx.push(thread_new(self.ctx, self.board, on_sent=lambda: self._reload(1)))

    def _reload(self, page: int) -> None:
        self.ctx.spawn(self.load(page))

    def help(self) -> str:
        return _(
            "A board's threads, newest activity first (20 a page, as on the site): number, 推 (pushes less "
            "boos: 爆 at 100, X1–XX below -10), date, author, title; + marks a thread with posts you have "
            "not read, [System] the site's own posts: the war's news, one thread for each siege, march or "
            "battle, listed beneath the players' threads. "
            "↑↓ move, Enter or → reads a thread, PgDn/PgUp (space, b) turn the page, n shows or hides the "
            "war's news (on the site too), Ctrl-P posts a new thread."
        )


def thread_new(ctx: Context, board, on_sent=None) -> Editor:
    """The editor for a new thread on `board`: a title, then the text."""
    nonce = uuid.uuid4().hex  # Ctrl-X twice makes one thread, as the web form's nonce does

    def send(title: str, body: str) -> object:
        actor = officer_now(ctx.officer)
        thread = thread_create(actor=actor, board=board, title=title, body=body, nonce=nonce)
        thread_read(officer=actor, thread=thread)  # one's own thread is not unread to one
        return thread

    return Editor(ctx, title=_("New thread"), send=send, with_title=True, on_sent=on_sent)
