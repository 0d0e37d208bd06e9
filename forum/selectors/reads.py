"""Unread marks: which boards and threads have posts an officer has not read (ThreadRead)."""

from django.db.models import Exists, OuterRef

from campaign.models import Campaign, Officer
from forum.models import Board, Thread, ThreadRead
from forum.selectors.boards import boards_of_campaign


def _unread_threads(officer: Officer):
    read = ThreadRead.objects.filter(officer=officer, thread=OuterRef("pk"), read_at__gte=OuterRef("last_activity_at"))
    return Thread.objects.filter(~Exists(read))


def boards_with_unread(*, campaign: Campaign, officer: Officer | None) -> tuple[list[Board], set[int]]:
    """The boards the officer may read, and those with a thread they have not read since its last
    activity (2 queries)."""
    boards = boards_of_campaign(campaign=campaign, officer=officer)
    if officer is None or not boards:
        return boards, set()
    ids = [b.pk for b in boards]
    unread = set(_unread_threads(officer).filter(board_id__in=ids).values_list("board_id", flat=True).distinct())
    return boards, unread


def threads_unread(*, officer: Officer | None, threads: list[Thread]) -> set[int]:
    """Those of the threads the officer has not read since their last activity (1 query)."""
    if officer is None or not threads:
        return set()
    return set(_unread_threads(officer).filter(pk__in=[t.pk for t in threads]).values_list("pk", flat=True))
