"""Boards: the list of a campaign's boards, a board's threads, a thread's posts."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from battles.selectors import city_war
from campaign.errors import NotAllowed
from campaign.models import Board, Post, Thread
from campaign.selectors import board_threads, boards_of_campaign, thread_posts
from campaign.services.boards import (
    may_moderate,
    may_read_board,
    post_hide,
    post_reply,
    thread_create,
)
from campaign.views.common import campaign_action, campaign_page, require_officer


def _board(campaign, board_id, officer) -> Board:
    board = get_object_or_404(Board.objects.select_related("city__kingdom", "kingdom"), pk=board_id, campaign=campaign)
    if not may_read_board(officer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))
    return board


@campaign_page
def board_list(request, campaign):
    return render(
        request,
        "campaign/boards.html",
        {
            "campaign": campaign,
            "boards": boards_of_campaign(campaign=campaign, officer=request.officer),
        },
    )


@campaign_page
def board_detail(request, campaign, board_id):
    board = _board(campaign, board_id, request.officer)
    siege, armies = city_war(city=board.city)
    return render(
        request,
        "campaign/board.html",
        {
            "campaign": campaign,
            "board": board,
            "page": board_threads(board=board, page=request.GET.get("page")),
            "nonce": get_random_string(24),
            "siege": siege,
            "armies": armies,
        },
    )


@campaign_page
def thread_detail(request, campaign, thread_id):
    thread = get_object_or_404(Thread.objects.select_related("board"), pk=thread_id, board__campaign=campaign)
    board = _board(campaign, thread.board_id, request.officer)
    officer = request.officer
    return render(
        request,
        "campaign/thread.html",
        {
            "campaign": campaign,
            "board": board,
            "thread": thread,
            "page": thread_posts(thread=thread, page=request.GET.get("page")),
            "moderator": officer is not None and may_moderate(officer, board),
            "nonce": get_random_string(24),
        },
    )


@campaign_action
def thread_new(request, campaign, board_id):
    officer = require_officer(request)
    board = _board(campaign, board_id, officer)
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
    thread = get_object_or_404(Thread.objects.select_related("board"), pk=thread_id, board__campaign=campaign)
    _board(campaign, thread.board_id, officer)
    post_reply(
        actor=officer, thread=thread, body=request.POST.get("body", ""), nonce=request.POST.get("nonce", "")[:40]
    )
    return redirect("thread", slug=campaign.slug, thread_id=thread.pk)


@campaign_action
def post_moderate(request, campaign, post_id):
    officer = require_officer(request)
    post = get_object_or_404(
        Post.objects.select_related("thread__board__city__kingdom", "thread__board__kingdom"),
        pk=post_id,
        thread__board__campaign=campaign,
    )
    post_hide(actor=officer, post=post, hidden=request.POST.get("hidden", "1") == "1")
    messages.success(request, _("The post was hidden.") if post.hidden else _("The post is shown again."))
    return redirect("thread", slug=campaign.slug, thread_id=post.thread_id)
