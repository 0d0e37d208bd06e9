"""Atom feeds of the boards, for readers who follow them in a feed reader: a city board's feed
is public; a palace board's (R1.2) only at an officer's private address, which carries their
secret (renewed from their page; the old addresses then stop working). Built on Django's
syndication framework."""

from django.contrib import messages
from django.contrib.syndication.views import Feed
from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from campaign import lookups as campaign_lookups
from campaign.models import Campaign
from campaign.pages import campaign_action, require_officer
from forum import lookups
from forum.authority import may_read_board
from forum.models import Board, Post
from forum.rules.comments import MARKS
from forum.selectors.boards import feed_posts
from forum.services.feeds import feed_token_renew

FEED_POSTS = 30


class BoardFeed(Feed):
    """The board's latest posts, newest first, as shown on the site (sanitised when written), each
    with its 推/噓/→ comments (one query more)."""

    feed_type = Atom1Feed

    def get_object(self, request, board: Board) -> Board:
        return board

    def title(self, board: Board) -> str:
        return f"{board} · {board.campaign.name}"

    def link(self, board: Board) -> str:
        return reverse("board", args=[board.campaign.slug, board.pk])

    def subtitle(self, board: Board) -> str:
        return _("The latest posts of %(board)s.") % {"board": board}

    def items(self, board: Board):
        return feed_posts(board, FEED_POSTS)

    def item_title(self, post: Post) -> str:
        return post.thread.title

    def item_description(self, post: Post) -> str:
        """The post as shown, then its 推/噓/→ comments, one line each (escaped: plain text), their
        times in the campaign's zone."""
        if not post.shown_comments:  # type: ignore[attr-defined]  # (shown_comments(): prefetched)
            return post.html
        lines = format_html_join(
            "",
            '<li class="comment {}">{} {}: {} <time>{}</time></li>',
            (
                (c.kind, MARKS[c.kind], c.author.name if c.author else "—", c.text, self._local(c.created_at))
                for c in post.shown_comments  # type: ignore[attr-defined]
            ),
        )
        return post.html + format_html('<ul class="comments">{}</ul>', lines)

    def _local(self, instant) -> str:
        return instant.astimezone(self._zone).strftime("%m/%d %H:%M")

    def item_link(self, post: Post) -> str:
        return reverse("thread", args=[self._slug, post.thread_id]) + f"#post-{post.pk}"

    def item_pubdate(self, post: Post):
        return post.created_at

    def item_updateddate(self, post: Post):
        """Its last edit or, when later, its latest comment: a feed reader shows it again."""
        changes = [post.edited_at or post.created_at] + [c.created_at for c in post.shown_comments]  # type: ignore[attr-defined]
        return max(changes)

    def item_author_name(self, post: Post) -> str:
        return post.author.name if post.author else _("the system")

    def __call__(self, request, *args, **kwargs):
        self._slug = kwargs["board"].campaign.slug
        self._zone = kwargs["board"].campaign.zone
        return super().__call__(request, *args, **kwargs)


@require_safe
def board_feed(request, slug: str, board_id: int) -> HttpResponse:
    """A city board's public feed. A palace board has none: not found, as to anyone outside."""
    board = lookups.board_for_feed(slug, board_id)
    if not may_read_board(None, board):
        raise Http404
    return BoardFeed()(request, board=board)


@require_safe
def board_feed_private(request, slug: str, token: str, board_id: int) -> HttpResponse:
    """Any board the address's officer may read (their kingdom's palace included)."""
    board = lookups.board_for_feed(slug, board_id)
    reader = campaign_lookups.feed_reader(board.campaign, token)
    if reader is None:
        return HttpResponseForbidden(
            _("This feed address is no longer valid: its officer made a new one."),
            content_type="text/plain; charset=utf-8",
        )
    if not may_read_board(reader, board):
        raise Http404
    return BoardFeed()(request, board=board)


@campaign_action
def feed_renew(request, campaign: Campaign) -> HttpResponse:
    officer = require_officer(request)
    feed_token_renew(actor=officer, officer=officer)
    messages.success(request, _("Your feeds have a new address; the old one no longer works."))
    return redirect("officer", slug=campaign.slug, officer_id=officer.pk)
