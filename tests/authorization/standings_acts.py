"""The matrix's rows for the standings' actions: a historian's pin into the chronicle (R1.6) and an
organiser's next season."""

from forum.services.boards import thread_create
from tests.authorization.cases import Case, allow, refuse


def post_pin(world, clock):
    """Only a historian, only their own post: not another kingdom's historian, not a strategist of
    the same kingdom, not the board's governor."""
    thread = thread_create(actor=world["王粲"], board=world.city("許昌").board, title="戰記", body="五月一日")
    return Case(
        [thread.posts.get().pk],
        {"pinned": "1"},
        {"other": refuse("韋昭"), "same": refuse("郭嘉"), "party": refuse("曹操"), "right": allow("王粲")},
    )


def season_next(world, clock):
    """An organiser of the campaign (荀彧 here), not its kings."""
    world.campaign.organisers.add(world["荀彧"].user)
    return Case(
        [],
        {"name": "第二季", "slug": "season-2", "officers": "1"},
        {"other": refuse("孫權"), "same": refuse("曹操"), "right": allow("荀彧")},
    )
