"""The boards in the terminal, PTT's way: the list of boards the officer may read (city boards,
their kingdom's palace) with unread marks, and a board's numbered thread list (number, date
MM/DD, author, title; system posts marked) with the 推 column (screens/comments.py). The reads are the web's selectors
(forum/selectors/boards.py), the read marks forum/selectors/reads.py.

The thread list's keys are PTT's (pttbbs mbbsd/bbs.c `read_comms`, mbbsd/read.c; its moves,
paging and `r` are every list's, bbs/widgets.py; `H` shows or hides the war's news): `y` replies
to the thread under the cursor quoting its first post, `X` (or `%`) comments under that post,
`/` finds a title and `a` an author (forum/selectors/thread_lookup.py): the cursor goes to the
next thread that matches, round past the end, or the status line says none does."""

import uuid

from django.utils import timezone
from django.utils.translation import gettext as _
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import ConditionalContainer, HSplit
from prompt_toolkit.widgets import TextArea

from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.selectors import officer_now
from bbs.text import fit, safe, width
from bbs.widgets import ListScreen
from campaign.errors import RuleViolation
from forum.selectors.boards import THREADS_PER_PAGE, BoardView, board_page
from forum.selectors.reads import boards_with_unread, threads_unread
from forum.selectors.thread_lookup import opening_post, thread_found
from forum.services.boards import thread_create
from forum.services.comments import check_commentable
from forum.services.reads import board_news_set, thread_read
from screens.comments import CommentPrompt, score_fragment
from screens.editor import Editor
from screens.quoting import quoted


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
        self.finding = ""  # "" (closed), "title" or "author": the search prompt under the list
        self.found = {"title": "", "author": ""}  # the last text searched, the prompt's default
        self.finder = TextArea(multiline=False, height=1, prompt=self._finder_prompt)
        self.commenting = CommentPrompt(ctx, on_sent=self._commented, on_close=self._focus_list)
        finder = ConditionalContainer(self.finder, Condition(lambda: bool(self.finding)))
        self._container = HSplit([self._container, finder, self.commenting.container()])

    async def start(self) -> None:
        await self.load(self.page)

    def prompting(self) -> bool:
        return bool(self.finding) or self.commenting.open

    def list_rows(self) -> int:
        prompts = (1 if self.finding else 0) + (1 if self.commenting.open else 0)
        return max(self.ctx.body_rows - prompts, 2)

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
        return _("Ctrl-P post  y reply  X 推  / title  a author  H news  PgDn page  ? help  q back")

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

    def page_down(self) -> None:
        if self.view is not None and self.view.threads.has_next():
            self.cursor = 0
            self._reload(self.page + 1)
        else:
            self._move(self.page_rows())

    def page_up(self) -> None:
        if self.page > 1:
            self.cursor = 0
            self._reload(self.page - 1)
        else:
            self._move(-self.page_rows())

    def more_keys(self, keys: KeyBindings) -> None:
        listing = Condition(lambda: not self.prompting())

        @keys.add("H", filter=listing)  # PTT's n moves down; H hid or showed a board on old PTT
        def _news(event):
            if self.ctx.officer is not None:
                self._news_toggle()

        @keys.add("c-p", filter=listing)
        def _post(event):
            if self.view is None:
                return  # still loading
            if not self.view.may_post:
                self.ctx.status(_("! Only officers of this kingdom may post in its palace."))
                return
            self.ctx.push(thread_new(self.ctx, self.board, on_sent=lambda: self._reload(1)))

        keys.add("y", filter=listing)(lambda event: self._on_thread(self._reply))
        keys.add("X", filter=listing)(lambda event: self._on_thread(self._comment))
        keys.add("%", filter=listing)(lambda event: self._on_thread(self._comment))
        keys.add("/", filter=listing)(lambda event: self._find_open("title"))
        keys.add("a", filter=listing)(lambda event: self._find_open("author"))
        finding = Condition(lambda: bool(self.finding))
        keys.add("enter", filter=finding)(lambda event: self._find())
        keys.add("escape", filter=finding)(lambda event: self._find_close())
        keys.add("c-c", filter=finding)(lambda event: self._find_close())
        self.commenting.add_keys(keys)

    # PTT's keys on the thread under the cursor

    def _on_thread(self, act) -> None:
        """y, X: on the thread under the cursor, for an officer who may post on the board."""
        threads = self.threads()
        if self.ctx.officer is None or self.view is None or not threads:
            return
        if not self.view.may_post:
            self.ctx.status(_("! Only officers of this kingdom may post in its palace."))
            return
        self.ctx.spawn(act(threads[min(self.cursor, len(threads) - 1)]))

    async def _opening(self, thread):
        def read():
            return opening_post(thread_id=thread.pk, campaign=self.ctx.campaign, viewer=officer_now(self.ctx.officer))

        return await self.ctx.db(read)

    async def _reply(self, thread) -> None:
        """y: a reply to the thread, quoting its first post (PTT's 引用)."""
        post = await self._opening(thread)
        screen_open(self.ctx, "reply", thread, on_sent=lambda: self._reload(1), body=quoted(post))

    async def _comment(self, thread) -> None:
        """X (or %): a 推/噓/→ under the thread's first post, as PTT's list comments on the article."""
        post = await self._opening(thread)
        try:
            check_commentable(post)  # the service's own question and words, before any typing
        except RuleViolation as refusal:
            self.ctx.status("! " + refusal.refusal)
            return
        self.commenting.begin(post)
        self.ctx.invalidate()

    async def _commented(self) -> None:
        await self.load(self.page)  # the 推 column moved

    def _focus_list(self) -> None:
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self._control)  # type: ignore[attr-defined]

    # / and a: find a title or an author

    def _finder_prompt(self) -> StyleAndTextTuples:
        last = self.found.get(self.finding, "")
        label = _("Find a title") if self.finding == "title" else _("Find an author")
        shown = f"{label} [{safe(last, newlines=False)}]: " if last else f"{label}: "
        return [("class:top", shown)]

    def _find_open(self, kind: str) -> None:
        self.finding = kind
        self.finder.text = ""
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self.finder)  # type: ignore[attr-defined]

    def _find_close(self) -> None:
        self.finding = ""
        self._focus_list()

    def _find(self) -> None:
        kind = self.finding
        wanted = self.finder.text.strip() or self.found.get(kind, "")
        self._find_close()
        if not wanted:
            return
        self.found[kind] = wanted
        after = self.number_of(self.cursor) if self.threads() else 0
        self.ctx.spawn(self._go_to_found(kind, wanted, after))

    async def _go_to_found(self, kind: str, wanted: str, after: int) -> None:
        def find():
            return thread_found(
                board_id=self.board.pk,
                campaign=self.ctx.campaign,
                viewer=officer_now(self.ctx.officer),
                after=after,
                **{kind: wanted},
            )

        place = await self.ctx.db(find)
        if place is None:
            shown = safe(wanted, newlines=False)
            self.ctx.status(
                _("! No title holds %(text)s.") % {"text": shown}
                if kind == "title"
                else _("! No thread by %(text)s.") % {"text": shown}
            )
            return
        page = (place - 1) // THREADS_PER_PAGE + 1
        if page != self.page or self.view is None:
            await self.load(page)
        self.cursor = (place - 1) % THREADS_PER_PAGE
        self.ctx.status("")

    def _reload(self, page: int) -> None:
        self.ctx.spawn(self.load(page))

    def help(self) -> str:
        return _(
            "A board's threads, newest activity first (20 a page, as on the site): number, 推 (pushes less "
            "boos: 爆 at 100, X1–XX below -10), date, author, title; + marks a thread with posts you have "
            "not read, [System] the site's own posts: the war's news, one thread for each siege, march or "
            "battle, listed beneath the players' threads. "
            "↑↓ (p n) move, Enter, → or r reads a thread, PgDn/PgUp (space b, N P) turn the page, H shows or "
            "hides the war's news (on the site too), Ctrl-P posts a new thread. As on PTT: y replies to the thread "
            "under the cursor quoting its first post, X (or %) pushes, boos or comments under that post, "
            "/ finds the next thread whose title holds what you type, a the next by an author (Enter alone "
            "finds the last one again)."
        )


@screen("thread-new")
def thread_new(
    ctx: Context, board, on_sent=None, *, subject: str = "", body: str = "", resumed: bool = False
) -> Editor:
    """The editor for a new thread on `board`: a title, then the text (a resumed draft's)."""
    nonce = uuid.uuid4().hex  # Ctrl-X twice makes one thread, as the web form's nonce does

    def send(title: str, body: str) -> object:
        actor = officer_now(ctx.officer)
        thread = thread_create(actor=actor, board=board, title=title, body=body, nonce=nonce)
        thread_read(officer=actor, thread=thread)  # one's own thread is not unread to one
        return thread

    return Editor(
        ctx,
        title=_("New thread"),
        send=send,
        with_title=True,
        on_sent=on_sent,
        subject=subject,
        body=body,
        resumed=resumed,
        keep={"kind": "thread", "board_id": board.pk},
    )
