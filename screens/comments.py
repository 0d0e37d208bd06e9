"""推/噓/→ in the terminal, PTT's way (pttbbs, mbbsd/bbs.c `recommend`): under each post its
comments, one line each (`推 author: text  MM/DD HH:MM`); `X` (or `%`) in the pager asks 1 推,
2 噓 or 3 → and then one line, sent through the comments' service (forum/services/comments.py:
its checks, the 50-column limit and PTT's two → rules, and their messages word for word). The
thread list's 推 column is the web's mark (forum.rules.comments.score_mark)."""

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
from bbs.selectors import officer_now
from bbs.text import fit, safe, width
from campaign.errors import RuleViolation
from campaign.models import Officer
from forum.models import Comment, Post
from forum.rules.comments import ARROW, BOO, MARKS, PUSH, score_mark
from forum.selectors.comments import CommentLine, comment_target
from forum.services.comments import comment_add

Line = list[tuple[str, str]]  # a line of the terminal: (style, text) pieces

MARK_COLUMNS = 2  # 推 噓 →, each drawn in 推's two columns
AUTHOR_COLUMNS = 12  # PTT's id column
WHEN_COLUMNS = 11  # MM/DD HH:MM
MARK_STYLE = {PUSH: "bold #ffffff", BOO: "bold #ff5555", ARROW: "bold #ff5555"}
WORDS_STYLE = "#ffff00"
KIND_KEYS = {"1": PUSH, "2": BOO, "3": ARROW}


def comment_fragments(line: CommentLine, columns: int, zone) -> Line:
    """One comment as PTT draws it, `columns` wide: the mark in two columns (→, one column by
    wcwidth and `>` in Big5, is padded to 推's two, so the three kinds line up), the author (12
    columns), the text, the time at the right; a hidden one (shown to moderators only) struck
    through and dim."""
    when = timezone.localtime(line.created_at, zone).strftime("%m/%d %H:%M")
    mark = fit(line.mark, MARK_COLUMNS)
    text_columns = max(columns - 3 - AUTHOR_COLUMNS - 1 - 1 - WHEN_COLUMNS, 1)
    author = fit(safe(line.author_name, newlines=False), AUTHOR_COLUMNS)
    words = ":" + fit(safe(line.text, newlines=False), text_columns)
    if line.hidden:
        hidden = "class:dim strike"
        return [(hidden, mark + " " + author + words + " " + when)]
    return [(MARK_STYLE[line.kind], mark + " "), (WORDS_STYLE, author), (WORDS_STYLE, words), ("", " " + when)]


def score_fragment(net: int) -> tuple[str, str]:
    """A thread's 推 column: the web's mark, two columns, coloured as PTT's list (爆 red, tens
    yellow, ones green, X grey)."""
    mark = score_mark(net)
    if net >= 100:
        style = "bold #ff0000"
    elif net >= 10:
        style = "bold #ffff00"
    elif net > 0:
        style = "bold #00ff00"
    else:
        style = "#888888"
    return (style, " " * (2 - width(mark)) + mark)


def comment_on(*, actor: Officer, campaign, post_id: int, kind: str, text: str) -> Comment:
    """The officer's comment under the post (the post read again, as the page's action does)."""
    return comment_add(
        actor=officer_now(actor), post=comment_target(campaign=campaign, post_id=post_id), kind=kind, text=text
    )


class CommentPrompt:
    """The pager's bottom line while commenting: first the kind (1 2 3, Enter 推, Esc leaves), then
    the line (Enter sends, Esc leaves). A refusal keeps the line typed, to be shortened."""

    def __init__(self, ctx: Context, *, on_sent: Callable[[], Awaitable[None]], on_close: Callable[[], None]) -> None:
        self.ctx = ctx
        self.on_sent = on_sent
        self.on_close = on_close
        self.stage = ""  # "" (closed), "kind", "text" or "sending"
        self.kind = PUSH
        self.post_id = 0
        self.author = ""
        self.field = TextArea(multiline=False, height=1, prompt=self._field_prompt)
        choosing = Window(FormattedTextControl(self._choice), height=1)
        self._container = HSplit(
            [
                ConditionalContainer(choosing, Condition(lambda: self.stage == "kind")),
                ConditionalContainer(self.field, Condition(lambda: self.stage in ("text", "sending"))),
            ]
        )

    @property
    def open(self) -> bool:
        return bool(self.stage)

    def container(self) -> Container:
        return self._container

    def begin(self, post: Post) -> None:
        """The prompt for a comment under `post`."""
        self.post_id = post.pk
        self.author = _("System") if post.is_system else (post.author.name if post.author else "—")
        self.stage = "kind"
        self.field.text = ""

    def _choice(self) -> StyleAndTextTuples:
        text = _("%(author)s's post: 1 推 push  2 噓 boo  3 → comment only  (Enter 推, Esc leaves)") % {
            "author": safe(self.author, newlines=False)
        }
        return [("class:top", fit(text, self.ctx.columns))]

    def _field_prompt(self) -> StyleAndTextTuples:
        return [(MARK_STYLE[self.kind], MARKS[self.kind] + " "), (WORDS_STYLE, fit(self._who(), AUTHOR_COLUMNS) + ":")]

    def _who(self) -> str:
        officer = self.ctx.officer
        return safe(officer.name, newlines=False) if officer is not None else ""

    def add_keys(self, keys: KeyBindings) -> None:
        """The prompt's keys, into the pager's."""
        choosing = Condition(lambda: self.stage == "kind")
        typing = Condition(lambda: self.stage == "text")
        for key, kind in KIND_KEYS.items():
            keys.add(key, filter=choosing)(lambda event, kind=kind: self._chosen(kind))
        keys.add("enter", filter=choosing)(lambda event: self._chosen(PUSH))  # PTT's default
        keys.add("escape", filter=choosing | typing)(lambda event: self.close())
        keys.add("c-c", filter=choosing | typing)(lambda event: self.close())

        @keys.add("enter", filter=typing)
        async def _send(event):
            await self._send()

    def _chosen(self, kind: str) -> None:
        self.kind = kind
        self.stage = "text"
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self.field)  # type: ignore[attr-defined]

    def close(self, status: str = "") -> None:
        self.stage = ""
        self.on_close()
        self.ctx.status(status)

    async def _send(self) -> None:
        if self.stage != "text":
            return
        self.stage = "sending"  # a second Enter while the first is on its way sends nothing more
        text = self.field.text
        try:
            comment = await self.ctx.db(
                comment_on,
                actor=self.ctx.officer,
                campaign=self.ctx.campaign,
                post_id=self.post_id,
                kind=self.kind,
                text=text,
            )
        except RuleViolation as refusal:
            self.stage = "text"  # the line stays, to be shortened or changed
            self.ctx.status("! " + refusal.refusal)
            return
        except Post.DoesNotExist:
            self.close(_("! This post is no longer on the board."))
            return
        except Exception:
            self.stage = "text"  # not left stuck "sending": the line stays, Esc still leaves
            raise
        self.close(comment.note or _("Your %(mark)s is under the post.") % {"mark": MARKS[comment.kind]})
        await self.on_sent()
