"""A thread in the pager: its posts (the web's selector, page after page), each with its author,
time and text shown as text (bbs.text.safe) and its 推/噓/→ comments under it (screens/comments.py),
scrolled by line or screen; `/` searches, `r` replies, `e` edits one's own latest post still
within the edit window, `y` replies quoting the post at the top of the screen (PTT's 引用,
screens/quoting.py), `X` (or `%`) comments under the post at the top of the screen. A post's
Markdown is drawn as text (screens/post_text.py: bold highlighted, a link its text and a marker);
`g` follows the first game link on the screen to the game's live board or replay."""

import uuid
from collections.abc import Awaitable, Callable

from django.utils import timezone
from django.utils.translation import gettext as _
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import ConditionalContainer, HSplit, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.widgets import TextArea

from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.selectors import officer_now
from bbs.text import fit, safe
from campaign import clock
from campaign.errors import RuleViolation
from forum.models import Post, Thread
from forum.selectors.boards import thread_page
from forum.services.boards import post_edit, post_reply
from forum.services.comments import check_commentable
from forum.services.reads import thread_read
from screens.comments import CommentPrompt, Line, comment_fragments
from screens.editor import Editor
from screens.post_text import post_lines
from screens.quoting import quoted


def read_thread(*, thread_id: int, campaign, viewer, now):
    """Every page of the thread (the web's selector, a page at a time), and its read mark set."""
    viewer = officer_now(viewer)
    first = thread_page(thread_id=thread_id, campaign=campaign, viewer=viewer, page=1, now=now)
    views = [first]
    for number in range(2, first.posts.paginator.num_pages + 1):
        views.append(thread_page(thread_id=thread_id, campaign=campaign, viewer=viewer, page=number, now=now))
    if viewer is not None:
        thread_read(officer=viewer, thread=first.thread)
    return views


@screen("thread")
class Pager:
    def __init__(self, ctx: Context, thread, on_leave: Callable[[], Awaitable[None]] | None = None) -> None:
        self.ctx = ctx
        self.thread = thread
        self.on_leave = on_leave  # the thread list reads its counts again (a comment moved them)
        self.title = safe(thread.title, newlines=False)
        self.views: list = []
        self.lines: list[Line] = []
        self.line_posts: list[int] = []  # the post each line belongs to (a comment's: its post)
        self.line_games: list[list[int]] = []  # the games each line's links lead to
        self.top = 0
        self.columns = 0
        self.search = TextArea(multiline=False, prompt="/", height=1)
        self.searching = False
        self.found = ""
        self._control = FormattedTextControl(self._fragments, focusable=True, show_cursor=False)
        searching = Condition(lambda: self.searching)
        body = Window(self._control, wrap_lines=False)
        self.commenting = CommentPrompt(ctx, on_sent=self._reloaded, on_close=self._focus_body)
        self._container = HSplit([body, ConditionalContainer(self.search, searching), self.commenting.container()])

    def container(self) -> Container:
        return self._container

    async def start(self) -> None:
        self.views = await self.ctx.db(
            read_thread, thread_id=self.thread.pk, campaign=self.ctx.campaign, viewer=self.ctx.officer, now=clock.now()
        )
        self.thread = self.views[0].thread
        self.columns = 0  # lay out again
        self.ctx.invalidate()

    async def stop(self) -> None:
        if self.on_leave is not None:
            await self.on_leave()

    def posts(self) -> list:
        return [post for view in self.views for post in view.posts]

    def _layout(self) -> None:
        """The thread as lines of the terminal's width (again only when the width changed)."""
        columns = self.ctx.columns - 1
        if columns == self.columns:
            return
        self.columns = columns
        lines: list[Line] = []
        owners: list[int] = []
        games: list[list[int]] = []
        moderator = bool(self.views) and self.views[0].may_moderate
        zone = self.ctx.campaign.zone
        for post, comments in (row for view in self.views for row in view.rows):
            author = _("System") if post.is_system else (post.author.name if post.author else "—")
            when = timezone.localtime(post.created_at, zone).strftime("%Y/%m/%d %H:%M")
            edited = " " + _("(edited)") if post.edited_at else ""
            head = _("Author %(author)s   Time %(time)s") % {"author": safe(author, newlines=False), "time": when}
            block: list[Line] = [[("class:top", fit(head + edited, columns))]]
            linked: list[list[int]] = [[]]
            if post.hidden and not moderator:
                block.append([("class:dim", _("Hidden by a moderator."))])
            else:
                body = post_lines(post.body, columns)
                block.extend(body.lines)
                linked.extend(body.games)
                block.extend(comment_fragments(line, columns, zone) for line in comments)
            block.append([("", "")])
            lines.extend(block)
            owners.extend([post.pk] * len(block))
            games.extend(linked + [[]] * (len(block) - len(linked)))
        self.lines, self.line_posts, self.line_games = lines, owners, games

    def rows(self) -> int:
        prompts = (1 if self.searching else 0) + (1 if self.commenting.open else 0)
        return max(self.ctx.body_rows - prompts, 1)

    def _fragments(self):
        self._layout()
        if not self.views:
            return [("class:dim", _("Loading…"))]
        rows = self.rows()
        self.top = max(0, min(self.top, max(len(self.lines) - rows, 0)))
        out: StyleAndTextTuples = []
        for line in self.lines[self.top : self.top + rows]:
            out.extend(line)
            out.append(("", "\n"))
        out.extend([("", "\n")] * (rows - min(rows, len(self.lines) - self.top)))
        return out

    def footer(self) -> str:
        """The bottom bar: how far down, and the pager's keys (g when a game link is shown)."""
        if not self.views:
            return ""
        shown = min(100, round(100 * (self.top + self.rows()) / max(len(self.lines), 1)))
        hint = _("%(percent)s%%  X 推/噓/→  y quote  r reply  e edit  / find  ↑↓ PgUp PgDn") % {"percent": shown}
        if self._game_shown() is not None:
            hint += "  " + _("g game")
        return hint + "  " + _("q back")

    def _game_shown(self) -> int | None:
        """The first game a link on the screen leads to."""
        for games in self.line_games[self.top : self.top + self.rows()]:
            if games:
                return games[0]
        return None

    def _follow(self) -> None:
        """g: the first game linked on the screen, opened as any screen opens a game."""
        game = self._game_shown()
        if game is None:
            self.ctx.status(_("! No game link on this screen."))
            return
        screen_open(self.ctx, "game", game)

    def key_bindings(self) -> KeyBindings:
        keys = KeyBindings()
        reading = Condition(lambda: not self.searching and not self.commenting.open)

        def scroll(by: int) -> None:
            self.top = max(0, self.top + by)

        keys.add("down", filter=reading)(lambda e: scroll(1))
        keys.add("j", filter=reading)(lambda e: scroll(1))
        keys.add("enter", filter=reading)(lambda e: scroll(1))
        keys.add("up", filter=reading)(lambda e: scroll(-1))
        keys.add("k", filter=reading)(lambda e: scroll(-1))
        keys.add("pagedown", filter=reading)(lambda e: scroll(self.rows() - 1))
        keys.add(" ", filter=reading)(lambda e: scroll(self.rows() - 1))
        keys.add("right", filter=reading)(lambda e: scroll(self.rows() - 1))
        keys.add("pageup", filter=reading)(lambda e: scroll(1 - self.rows()))
        keys.add("b", filter=reading)(lambda e: scroll(1 - self.rows()))
        keys.add("home", filter=reading)(lambda e: scroll(-len(self.lines)))
        keys.add("end", filter=reading)(lambda e: scroll(len(self.lines)))
        keys.add("$", filter=reading)(lambda e: scroll(len(self.lines)))
        keys.add("r", filter=reading)(lambda e: self._reply())
        keys.add("y", filter=reading)(lambda e: self._reply(quoting=True))
        keys.add("e", filter=reading)(lambda e: self._edit())
        keys.add("/", filter=reading)(lambda e: self._search_open())
        keys.add("X", filter=reading)(lambda e: self._comment())
        keys.add("%", filter=reading)(lambda e: self._comment())
        keys.add("n", filter=reading)(lambda e: self._search_next())
        keys.add("N", filter=reading)(lambda e: self._search_previous())
        # PTT's reader goes to the thread's next, previous or first article with ] [ =: here a
        # thread's posts are one text, so they go to its next, previous or first post.
        keys.add("]", filter=reading)(lambda e: self._post_step(1))
        keys.add("[", filter=reading)(lambda e: self._post_step(-1))
        keys.add("=", filter=reading)(lambda e: scroll(-len(self.lines)))
        keys.add("g", filter=reading)(lambda e: self._follow())

        @keys.add("<any>", filter=reading)
        def _unknown(event):
            if len(event.data) == 1 and event.data.isprintable():
                self.ctx.status(_("! %(key)s does nothing here: ? lists this screen's keys.") % {"key": event.data})

        keys.add("enter", filter=Condition(lambda: self.searching))(lambda e: self._search_done())
        keys.add("escape", filter=Condition(lambda: self.searching))(lambda e: self._search_close())
        keys.add("c-c", filter=Condition(lambda: self.searching))(lambda e: self._search_close())
        self.commenting.add_keys(keys)
        return keys

    def _search_open(self) -> None:
        self.searching = True
        self.search.text = ""
        self.ctx.frame.app.layout.focus(self.search)  # type: ignore[union-attr]

    def _search_close(self) -> None:
        self.searching = False
        self._focus_body()

    def _focus_body(self) -> None:
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self._control)  # type: ignore[attr-defined]

    def _search_done(self) -> None:
        self.found = self.search.text.strip()
        self._search_close()
        self._search_next(start=self.top)

    def _search_next(self, start: int | None = None) -> None:
        if not self.found:
            return
        wanted = self.found.casefold()
        first = self.top + 1 if start is None else start
        for number in range(first, len(self.lines)):
            if wanted in "".join(text for _style, text in self.lines[number]).casefold():
                self.top = number
                self.ctx.status("")
                return
        self.ctx.status(_("! Not found further down: %(text)s") % {"text": safe(self.found, newlines=False)})

    def _search_previous(self) -> None:
        """N: the match before the top line, as PTT's reader."""
        if not self.found:
            return
        wanted = self.found.casefold()
        for number in range(min(self.top, len(self.lines)) - 1, -1, -1):
            if wanted in "".join(text for _style, text in self.lines[number]).casefold():
                self.top = number
                self.ctx.status("")
                return
        self.ctx.status(_("! Not found further up: %(text)s") % {"text": safe(self.found, newlines=False)})

    def _post_step(self, by: int) -> None:
        """] and [: the top of the screen at the next (previous) post's first line."""
        starts = [n for n in range(len(self.line_posts)) if n == 0 or self.line_posts[n] != self.line_posts[n - 1]]
        if by > 0:
            later = [n for n in starts if n > self.top]
            if not later or self.top >= len(self.lines) - self.rows():  # the last screen shown already
                self.ctx.status(_("! This is the thread's last post."))
                return
            self.top = later[0]
        else:
            earlier = [n for n in starts if n < self.top]
            if not earlier:
                self.ctx.status(_("! This is the thread's first post."))
                return
            self.top = earlier[-1]
        self.ctx.status("")

    def _reply(self, quoting: bool = False) -> None:
        """r: a reply; y: a reply quoting the post at the top of the screen, as PTT's."""
        if self.ctx.officer is None or not self.views:
            return
        body = ""
        if quoting and self.line_posts:
            post_id = self.line_posts[min(self.top, len(self.line_posts) - 1)]
            body = quoted(next(post for post in self.posts() if post.pk == post_id))
        self.ctx.push(reply_new(self.ctx, self.thread, on_sent=self._reload, body=body))
        if quoting and not body:
            self.ctx.status(_("A post hidden by a moderator is not quoted."))

    def _edit(self) -> None:
        editable = set().union(*(view.editable for view in self.views)) if self.views else set()
        mine = [post for post in self.posts() if post.pk in editable]
        if not mine:
            self.ctx.status(_("! You have no post here still within the edit window."))
            return
        self.ctx.push(post_edit_open(self.ctx, mine[-1], on_sent=self._reload))

    def _comment(self) -> None:
        """PTT's X: a comment under the post at the top of the screen."""
        if self.ctx.officer is None or not self.line_posts:
            return
        post_id = self.line_posts[min(self.top, len(self.line_posts) - 1)]
        post = next(post for post in self.posts() if post.pk == post_id)
        try:
            check_commentable(post)  # the service's own question and words, before any typing
        except RuleViolation as refusal:
            self.ctx.status("! " + refusal.refusal)
            return
        self.commenting.begin(post)

    async def _reloaded(self) -> None:
        await self.start()

    def _reload(self) -> None:
        self.ctx.spawn(self.start())

    def help(self) -> str:
        return _(
            "A thread: its posts in order, each with its author and time. ↑↓ (j k) scroll a line, "
            "PgDn PgUp (space b) a screen, Home End the ends; ] and [ go to the next and the previous "
            "post, = to the first, as PTT's thread keys; / searches the thread, n finds the next, N the one before; "
            "r replies, y replies quoting the post at the top of the screen (each line after : , as PTT), "
            "e edits your latest post still within the edit window; g opens the game a link on the "
            "screen leads to (marked [g]). X comments "
            "under the post at the top of the screen, as PTT: 1 推 (push, +1), 2 噓 (boo, -1) or 3 → "
            "(a comment only), then one line of at most 50 columns; Enter sends it, Esc leaves."
        )


@screen("reply")
def reply_new(ctx: Context, thread: Thread, on_sent=None, *, body: str = "", resumed: bool = False) -> Editor:
    """The editor for a reply to `thread`, its text started with `body` (a quote, a resumed draft)."""
    nonce = uuid.uuid4().hex  # Ctrl-X twice posts one reply

    def send(title: str, body: str) -> object:
        fresh = Thread.objects.select_related("board").get(pk=thread.pk)
        return post_reply(actor=officer_now(ctx.officer), thread=fresh, body=body, nonce=nonce)

    return Editor(
        ctx,
        title=_("Reply"),
        send=send,
        on_sent=on_sent,
        body=body,
        resumed=resumed,
        keep={"kind": "reply", "thread_id": thread.pk},
    )


def post_edit_open(ctx: Context, post: Post, on_sent=None) -> Editor:
    """The editor for one's own `post`, its text in it."""

    def send(title: str, body: str) -> object:
        return post_edit(actor=officer_now(ctx.officer), post=post, body=body)

    return Editor(ctx, title=_("Edit your post"), send=send, body=post.body, on_sent=on_sent)
