"""Things found by their id in their campaign (404 otherwise) and, for boards, only where the
reader may read (R1.2), for the API and the terminal alike; and the querysets the API pages by
cursor (each a fixed number of queries whatever the size: the related rows a list shows are
joined or prefetched here)."""

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from battles.models import (
    Army,
    ArmyMember,
    BanqiGame,
    FieldBattle,
    Game,
    LedgerEntry,
    Pursuit,
    Ransom,
    Siege,
    Stratagem,
)
from battles.selectors.siege import due_next
from campaign.errors import NotAllowed
from campaign.models import STAGING, Campaign, Kingdom, Move, Officer, Promotion
from cities.models import City, Road
from forum.authority import may_read_board
from forum.models import Board, BoardModerator, Comment, Post, Thread
from forum.selectors.comments import shown_comments


def campaigns() -> QuerySet[Campaign]:
    return Campaign.objects.exclude(slug__startswith=STAGING)  # not one being built (world_staging.py)


def campaign_by_slug(slug: str) -> Campaign:
    return get_object_or_404(Campaign, slug=slug)


def kingdoms(campaign: Campaign) -> QuerySet[Kingdom]:
    return Kingdom.objects.filter(campaign=campaign)


def cities(campaign: Campaign, kingdom_id: int | None = None) -> QuerySet[City]:
    found = City.objects.filter(campaign=campaign)
    return found.filter(kingdom_id=kingdom_id) if kingdom_id is not None else found


def city(campaign: Campaign, city_id: int) -> City:
    return get_object_or_404(City, campaign=campaign, pk=city_id)


def roads(campaign: Campaign) -> QuerySet[Road]:
    return Road.objects.filter(campaign=campaign)


def officers(campaign: Campaign, kingdom_id: int | None = None) -> QuerySet[Officer]:
    found = Officer.objects.filter(campaign=campaign)
    return found.filter(kingdom_id=kingdom_id) if kingdom_id is not None else found


def officer(campaign: Campaign, officer_id: int) -> Officer:
    return get_object_or_404(Officer, campaign=campaign, pk=officer_id)


def moves_on_the_road(campaign: Campaign) -> QuerySet[Move]:
    return Move.objects.filter(campaign=campaign, status=Move.Status.TRAVELLING)


MEMBERS = Prefetch("members", queryset=ArmyMember.objects.order_by("position"))


def armies(campaign: Campaign) -> QuerySet[Army]:
    return Army.objects.filter(campaign=campaign).prefetch_related(MEMBERS)


def army(campaign: Campaign, army_id: int) -> Army:
    return get_object_or_404(armies(campaign), pk=army_id)


def sieges(campaign: Campaign) -> QuerySet[Siege]:
    return Siege.objects.filter(campaign=campaign)


def siege(campaign: Campaign, siege_id: int) -> Siege:
    """A siege with its armies and their members, its roster, its games and what is due next."""
    found = get_object_or_404(
        Siege.objects.filter(campaign=campaign).prefetch_related(
            Prefetch("armies", queryset=Army.objects.prefetch_related(MEMBERS).order_by("pk")),
            Prefetch("roster", to_attr="defenders"),
            Prefetch("games", queryset=Game.objects.defer("record").order_by("pk"), to_attr="all_games"),
        ),
        pk=siege_id,
    )
    found.due = [{"what": str(what), "at": at} for what, at in due_next(found)]  # type: ignore[attr-defined]
    return found


def games(campaign: Campaign, status: str | None = None) -> QuerySet[Game]:
    found = Game.objects.filter(campaign=campaign).defer("record", "moves", "note")
    return found.filter(status=status) if status else found


def game(campaign: Campaign, game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("campaign"), campaign=campaign, pk=game_id)


def city_ledger(campaign: Campaign, city_id: int) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(city=city(campaign, city_id))


def army_ledger(campaign: Campaign, army_id: int) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(army=get_object_or_404(Army, campaign=campaign, pk=army_id))


def readable_boards(campaign: Campaign, viewer: Officer | None) -> QuerySet[Board]:
    """The city boards, and the viewer's kingdom's palace (R1.2)."""
    readable = Q(kind=Board.Kind.CITY)
    if viewer is not None and viewer.kingdom_id is not None:
        readable |= Q(kingdom_id=viewer.kingdom_id)
    return Board.objects.filter(readable, campaign=campaign)


def _readable(board: Board, viewer: Officer | None) -> Board:
    if not may_read_board(viewer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))
    return board


def threads(campaign: Campaign, board_id: int, viewer: Officer | None) -> QuerySet[Thread]:
    board = _readable(get_object_or_404(Board, campaign=campaign, pk=board_id), viewer)
    return Thread.objects.filter(board=board)


def posts(campaign: Campaign, thread_id: int, viewer: Officer | None) -> QuerySet[Post]:
    """A thread's shown posts, each with its shown comments (one query more for a page)."""
    thread = get_object_or_404(Thread.objects.select_related("board"), board__campaign=campaign, pk=thread_id)
    _readable(thread.board, viewer)
    return Post.objects.filter(thread=thread, hidden=False).prefetch_related(shown_comments())


def comments(campaign: Campaign, post_id: int, viewer: Officer | None) -> QuerySet[Comment]:
    """A shown post's shown comments (R1.2: a palace's for its kingdom only)."""
    post = get_object_or_404(
        Post.objects.select_related("thread__board"), thread__board__campaign=campaign, pk=post_id, hidden=False
    )
    _readable(post.thread.board, viewer)
    return Comment.objects.filter(post=post, hidden=False)


def comment(campaign: Campaign, comment_id: int) -> Comment:
    return get_object_or_404(
        Comment.objects.select_related(
            "post__thread__board__city__kingdom", "post__thread__board__kingdom", "post__thread__board__campaign"
        ),
        pk=comment_id,
        post__thread__board__campaign=campaign,
    )


# What an act names (the API's acts look nothing up themselves), each in its campaign.


def move(campaign: Campaign, move_id: int) -> Move:
    return get_object_or_404(Move, pk=move_id, campaign=campaign)


def board(campaign: Campaign, board_id: int) -> Board:
    return get_object_or_404(Board.objects.select_related("city__kingdom", "kingdom"), pk=board_id, campaign=campaign)


def thread(campaign: Campaign, thread_id: int) -> Thread:
    return get_object_or_404(Thread.objects.select_related("board"), pk=thread_id, board__campaign=campaign)


def post(campaign: Campaign, post_id: int) -> Post:
    return get_object_or_404(
        Post.objects.select_related(
            "thread__board__city__kingdom", "thread__board__kingdom", "thread__board__campaign"
        ),
        pk=post_id,
        thread__board__campaign=campaign,
    )


def moderator(campaign: Campaign, moderator_id: int) -> BoardModerator:
    return get_object_or_404(
        BoardModerator.objects.select_related("board__city", "board__kingdom", "officer"),
        pk=moderator_id,
        board__campaign=campaign,
    )


def promotion(campaign: Campaign, promotion_id: int) -> Promotion:
    return get_object_or_404(Promotion, pk=promotion_id, campaign=campaign)


def siege_only(campaign: Campaign, siege_id: int) -> Siege:
    return get_object_or_404(Siege, pk=siege_id, campaign=campaign)


def armies_at(campaign: Campaign, siege_id: int) -> QuerySet[Army]:
    return Army.objects.filter(siege_id=siege_id, campaign=campaign)


def siege_game(campaign: Campaign, siege_id: int, game_id: int) -> Game:
    return get_object_or_404(Game, pk=game_id, siege_id=siege_id, campaign=campaign)


def ransom(campaign: Campaign, ransom_id: int) -> Ransom:
    return get_object_or_404(Ransom, pk=ransom_id, campaign=campaign)


def ransoms_at(siege: Siege) -> QuerySet[Ransom]:
    return Ransom.objects.filter(siege=siege)


def field_battle(campaign: Campaign, army_id: int) -> FieldBattle:
    return get_object_or_404(FieldBattle, army_id=army_id, campaign=campaign)


def pursuit(campaign: Campaign, army_id: int) -> Pursuit:
    return get_object_or_404(Pursuit, army_id=army_id, campaign=campaign)


def stratagem(campaign: Campaign, stratagem_id: int) -> Stratagem:
    return get_object_or_404(Stratagem, pk=stratagem_id, campaign=campaign)


def banqi_game(campaign: Campaign, game_id: int) -> BanqiGame:
    return get_object_or_404(BanqiGame, pk=game_id, campaign=campaign)
