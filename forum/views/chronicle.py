"""A historian pins their own post into the war's chronicle, or takes it out (R1.6)."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from campaign.pages import campaign_action, require_officer
from forum import lookups
from forum.services.chronicle import chronicle_pin, chronicle_unpin


@campaign_action
def post_pin(request, campaign, post_id: int):
    actor = require_officer(request)
    post = lookups.post(campaign, post_id)
    if request.POST.get("pinned", "1") == "0":
        chronicle_unpin(actor=actor, post=post)
        messages.success(request, _("The post is out of the chronicle."))
    else:
        chronicle_pin(actor=actor, post=post)
        messages.success(request, _("The post is pinned into the chronicle."))
    return redirect("thread", slug=campaign.slug, thread_id=post.thread_id)
