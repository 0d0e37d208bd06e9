"""What the terminal's own screens read (the boards' reads are forum/selectors/boards.py)."""

from typing import overload

from bbs.models import SSHKey, TerminalDraft
from campaign.models import Officer
from forum.models.letters import unread_letters


def officers_of(user) -> list[Officer]:
    """The user's officers, one per campaign, the newest campaign first, each with the count of
    letters waiting unread in their inbox (`unread_letters`, a subquery: 1 query)."""
    officers = Officer.objects.filter(user=user).select_related("campaign").annotate(unread_letters=unread_letters())
    return list(officers.order_by("-campaign__created_at", "-id"))


def ssh_keys_of(user) -> list[SSHKey]:
    """The user's SSH keys, the oldest first (1 query)."""
    return list(SSHKey.objects.filter(user=user).order_by("created_at", "id"))


@overload
def officer_now(officer: Officer) -> Officer: ...
@overload
def officer_now(officer: None) -> None: ...
def officer_now(officer: Officer | None) -> Officer | None:
    """The session's officer as they are now (their kingdom, city, whereabouts; 1 query), read in
    each database call that checks what they may read or do, as each web request reads its user's:
    the officer chosen when the session began may have left their kingdom or been taken since."""
    if officer is None:
        return None
    return Officer.objects.select_related("kingdom", "city", "campaign").get(pk=officer.pk)


def draft_of(user) -> TerminalDraft | None:
    """The draft the user's last session left in the editor, with what it was for (1 query)."""
    return TerminalDraft.objects.select_related("officer__campaign", "board", "thread").filter(user=user).first()
