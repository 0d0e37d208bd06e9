"""The historians' pins (R1.6: a historian 史官 writes the war's record): a historian pins their own
post into the war's chronicle on the standings page, on the day (the campaign's zone) it was
written, and may take the pin out again."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Officer, OfficerKind
from forum.models import Board, ChroniclePin, Post


def _check_historian(actor: Officer, post: Post) -> None:
    if actor.kind != OfficerKind.HISTORIAN:
        raise NotAllowed("R1.6", _("Only a historian writes the war's chronicle."))
    if post.author_id != actor.pk or post.is_system:
        raise NotAllowed("R1.6", _("A historian pins only their own posts into the chronicle."))


def _check_open(campaign: Campaign) -> None:
    if campaign.status == Campaign.Status.ENDED:
        raise RuleViolation("R1.1", _("This campaign has ended; its record is read-only."))


@transaction.atomic
def chronicle_pin(*, actor: Officer, post: Post) -> ChroniclePin:
    """Pins `post` (the historian's own, shown, on a city board: the chronicle is public, a palace
    stays private, R1.2) once."""
    post = Post.objects.select_related("thread__board__campaign").get(pk=post.pk)
    board = post.thread.board
    if board.campaign_id != actor.campaign_id:
        raise NotAllowed("R1.6", _("A historian pins only their own posts into the chronicle."))
    _check_historian(actor, post)
    _check_open(board.campaign)
    if post.hidden:
        raise RuleViolation("R2.5", _("A hidden post cannot be pinned into the chronicle."))
    if board.kind != Board.Kind.CITY:
        raise RuleViolation("R1.2", _("The chronicle is public: a post of a palace board stays in the palace."))
    day = post.created_at.astimezone(board.campaign.zone).date()
    try:
        with transaction.atomic():
            return ChroniclePin.objects.create(
                campaign_id=board.campaign_id, post=post, pinned_by=actor, day=day, pinned_at=clock.now()
            )
    except IntegrityError:
        raise RuleViolation("R1.6", _("This post is already in the chronicle.")) from None


@transaction.atomic
def chronicle_unpin(*, actor: Officer, post: Post) -> None:
    """Takes the historian's own pin out of the chronicle."""
    post = Post.objects.select_related("thread__board__campaign").get(pk=post.pk)
    if post.thread.board.campaign_id != actor.campaign_id:
        raise NotAllowed("R1.6", _("A historian pins only their own posts into the chronicle."))
    _check_historian(actor, post)
    _check_open(post.thread.board.campaign)
    if not ChroniclePin.objects.filter(post=post).delete()[0]:
        raise RuleViolation("R1.6", _("This post is not in the chronicle."))
