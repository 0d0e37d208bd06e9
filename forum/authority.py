"""Who may read and moderate a board (R1.2, R2.5). Services use these before they write."""

from campaign.authority import is_king
from campaign.models import Campaign, Officer
from forum.models import Board


def may_read_board(officer: Officer | None, board: Board) -> bool:
    """City boards are public; a palace board (皇宮) holds the kingdom's state affairs (R1.2)."""
    if board.kind == Board.Kind.CITY:
        return True
    return officer is not None and officer.kingdom_id == board.kingdom_id


def may_post(officer: Officer | None, board: Board, campaign: Campaign) -> bool:
    """What the boards' writes ask first (threads, replies, comments, edits, moderation): an
    officer of the board's campaign who may read it (R1.2), while the campaign is not archived
    (R1.1: an ended war is read-only). The pages show their forms only then."""
    return (
        officer is not None
        and campaign.status != Campaign.Status.ENDED
        and board.campaign_id == officer.campaign_id
        and may_read_board(officer, board)
    )


def may_moderate(officer: Officer, board: Board) -> bool:
    """R2.5: the governor, the moderators the king or governor appointed, and the king."""
    moderator = board.moderators.filter(officer=officer).exists
    if board.kind == Board.Kind.PALACE:
        return is_king(officer, board.kingdom) or moderator()
    assert board.city is not None  # board_of_city_or_palace: a city board has its city
    return is_king(officer, board.city.kingdom) or board.city.governor_id == officer.pk or moderator()
