"""Boards: the list of a campaign's boards, a board's threads, a thread's posts."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from campaign import clock, hooks
from campaign.inputs import query_id
from campaign.pages import back, campaign_action, campaign_page, require_officer
from forum import lookups
from forum.models import Board, Post, Thread
from forum.selectors.boards import board_page, boards_of_campaign, thread_page
from forum.selectors.search import board_search
from forum.services.boards import post_edit, post_hide, post_reply, thread_create
from forum.services.comments import comment_add, comment_hide
from forum.services.reads import board_news_set


@campaign_page
def board_list(request, campaign):
    return render(
        request,
        "forum/boards.html",
        {
            "campaign": campaign,
            "boards": boards_of_campaign(campaign=campaign, officer=request.officer),
        },
    )


@campaign_page
def board_detail(request, campaign, board_id):
    try:
        view = board_page(board_id=board_id, campaign=campaign, viewer=request.officer, page=request.GET.get("page"))
    except Board.DoesNotExist:
        raise Http404 from None
    siege, armies, sortie = _city_war(view.board.city, request.officer)
    return render(
        request,
        "forum/board.html",
        {
            "campaign": campaign,
            "board": view.board,
            "page": view.threads,
            "may_post": view.may_post,
            "news": view.news,
            "nonce": get_random_string(24),
            "siege": siege,
            "armies": armies,
            "sortie": sortie,
            "feed_url": _feed_url(request, campaign, view.board),
        },
    )


@campaign_action
def board_news(request, campaign):
    """The reader shows or hides the war's news in their boards' lists (`news`: 1 or 0)."""
    officer = require_officer(request)
    choice = request.POST.get("news")
    if choice not in ("0", "1"):
        messages.error(request, _("Choose to show (1) or hide (0) the war's news."))
    else:
        board_news_set(actor=officer, officer=officer, shown=choice == "1")
    return back(request, reverse("boards", args=[campaign.slug]))


def _city_war(city, officer) -> tuple:
    """The war's part of a city board, read by the war (campaign.hooks): its siege, its armies
    and those the reader may go out to meet (R4.6)."""
    readers = hooks.city_war_readers
    return readers[0](city=city, viewer=officer, now=clock.now()) if readers else (None, [], set())


def _feed_url(request, campaign, board: Board) -> str | None:
    """A city board's public feed; a palace board's at the reader's private address, if made."""
    if board.kind == Board.Kind.CITY:
        return reverse("board-feed", args=[campaign.slug, board.pk])
    officer = request.officer
    if officer is not None and officer.feed_token:
        return reverse("board-feed-private", args=[campaign.slug, officer.feed_token, board.pk])
    return None


@campaign_page
def thread_detail(request, campaign, thread_id):
    try:
        view = thread_page(
            thread_id=thread_id,
            campaign=campaign,
            viewer=request.officer,
            page=request.GET.get("page"),
            now=clock.now(),
            quote=query_id(request.GET, "quote"),
        )
    except Thread.DoesNotExist:
        raise Http404 from None
    return render(
        request,
        "forum/thread.html",
        {
            "campaign": campaign,
            "board": view.board,
            "thread": view.thread,
            "page": view.posts,
            "rows": view.rows,
            "moderator": view.may_moderate,
            "may_post": view.may_post,
            "editable": view.editable,
            "quoted": view.quoted,
            "pinnable": view.pinnable,
            "pinned": view.pinned,
            "nonce": get_random_string(24),
        },
    )


@campaign_page
def board_search_page(request, campaign):
    query = request.GET.get("q", "")
    results = board_search(campaign=campaign, viewer=request.officer, query=query, page=request.GET.get("page"))
    return render(request, "forum/search.html", {"campaign": campaign, "q": query[:100], "page": results})


@campaign_action
def post_edit_view(request, campaign, post_id):
    officer = require_officer(request)
    post = lookups.post(campaign, post_id)
    post_edit(actor=officer, post=post, body=request.POST.get("body", ""))
    messages.success(request, _("The post was edited."))
    return redirect(f"{reverse('thread', args=[campaign.slug, post.thread_id])}#post-{post.pk}")


@campaign_action
def thread_new(request, campaign, board_id):
    officer = require_officer(request)
    board = lookups.board(campaign, board_id)
    thread = thread_create(
        actor=officer,
        board=board,
        title=request.POST.get("title", ""),
        body=request.POST.get("body", ""),
        nonce=request.POST.get("nonce", "")[:40],
    )
    return redirect("thread", slug=campaign.slug, thread_id=thread.pk)


@campaign_action
def reply_new(request, campaign, thread_id):
    officer = require_officer(request)
    thread = lookups.thread(campaign, thread_id)
    post_reply(
        actor=officer, thread=thread, body=request.POST.get("body", ""), nonce=request.POST.get("nonce", "")[:40]
    )
    return redirect("thread", slug=campaign.slug, thread_id=thread.pk)


@campaign_action
def post_moderate(request, campaign, post_id):
    officer = require_officer(request)
    post = lookups.post(campaign, post_id)
    post_hide(actor=officer, post=post, hidden=request.POST.get("hidden", "1") == "1")
    messages.success(request, _("The post was hidden.") if post.hidden else _("The post is shown again."))
    return redirect("thread", slug=campaign.slug, thread_id=post.thread_id)


@campaign_action
def comment_new(request, campaign, post_id):
    """A 推, 噓 or → under a post (the button pressed names the kind)."""
    officer = require_officer(request)
    post = lookups.post(campaign, post_id)
    comment = comment_add(
        actor=officer, post=post, kind=request.POST.get("kind", ""), text=request.POST.get("text", "")
    )
    if comment.note:
        messages.info(request, comment.note)
    return _to_post(request, campaign, post)


@campaign_action
def comment_moderate(request, campaign, comment_id):
    officer = require_officer(request)
    comment = lookups.comment(campaign, comment_id)
    comment_hide(actor=officer, comment=comment, hidden=request.POST.get("hidden", "1") == "1")
    messages.success(request, _("The comment was hidden.") if comment.hidden else _("The comment is shown again."))
    return _to_post(request, campaign, comment.post)


def _to_post(request, campaign, post: Post):
    """Back to the post where the form was (its `next`: the thread's page it is on)."""
    return back(request, f"{reverse('thread', args=[campaign.slug, post.thread_id])}#post-{post.pk}")
