"""Letters (站內信) between officers: the inbox, the sent letters, one letter (reading it marks it
read; the reply form under it), the compose page, and the send and remove actions."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from campaign.inputs import query_id
from campaign.pages import campaign_action, campaign_page, require_officer
from forum.models import Letter
from forum.selectors.letters import letters_inbox, letters_sent, officer_names, reply_subject
from forum.services.letters import MAX_SUBJECT, letter_read, letter_remove, letter_send


def _box(request, campaign, box: str, read):
    officer = require_officer(request)
    page = read(officer=officer, page=request.GET.get("page"))
    return render(request, "forum/letters.html", {"campaign": campaign, "page": page, "box": box})


@login_required
@campaign_page
def letters_page(request, campaign):
    return _box(request, campaign, "inbox", letters_inbox)


@login_required
@campaign_page
def letters_sent_page(request, campaign):
    return _box(request, campaign, "sent", letters_sent)


@login_required
@campaign_page
def letter_page(request, campaign, letter_id: int):
    officer = require_officer(request)
    try:
        letter = letter_read(actor=officer, letter_id=letter_id)
    except Letter.DoesNotExist:
        raise Http404 from None
    received = letter.recipient_id == officer.pk
    return render(
        request,
        "forum/letter.html",
        {
            "campaign": campaign,
            "letter": letter,
            "received": received,
            "other": letter.sender if received else letter.recipient,
            "reply_subject": reply_subject(letter, MAX_SUBJECT),
            "nonce": get_random_string(24),
        },
    )


@login_required
@campaign_page
def letter_new_page(request, campaign):
    officer = require_officer(request)
    return render(
        request,
        "forum/letter_new.html",
        {
            "campaign": campaign,
            "to": request.GET.get("to", "")[:50],
            "names": officer_names(campaign_id=campaign.pk, but=officer.pk),
            "nonce": get_random_string(24),
        },
    )


@campaign_action
def letter_send_view(request, campaign):
    officer = require_officer(request)
    post = request.POST
    letter = letter_send(
        actor=officer,
        recipient=post.get("recipient", "")[:200],
        subject=post.get("subject", ""),
        body=post.get("body", ""),
        nonce=post.get("nonce", "")[:40],
        reply_to=query_id(post, "reply_to"),
    )
    messages.success(request, _("Your letter to %(name)s is sent.") % {"name": letter.recipient.name})
    return redirect("letters-sent", campaign.slug)


@campaign_action
def letter_remove_view(request, campaign, letter_id: int):
    officer = require_officer(request)
    try:
        letter = letter_remove(actor=officer, letter_id=letter_id)
    except Letter.DoesNotExist:
        raise Http404 from None
    messages.success(request, _("The letter is removed from your letters."))
    return redirect("letters" if letter.recipient_id == officer.pk else "letters-sent", campaign.slug)
