"""Reads for the campaign's pages, each a fixed number of queries whatever the world's size."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from campaign.authority import decides_for_city, is_king, may_moderate, may_read_board
from campaign.errors import NotAllowed
from campaign.models import (
    Board,
    BoardModerator,
    Campaign,
    Heartbeat,
    MailSubscription,
    Move,
    Officer,
    OfficerKind,
    Post,
    Promotion,
    Thread,
    Timer,
    Whereabouts,
)
from campaign.models.notices import DUTY_KINDS
from campaign.rules.clock import minutes_as_time
from campaign.rules.personnel import MAX_BOARD_MODERATORS, only_king_orders
from cities.models import City

THREADS_PER_PAGE = 20
POSTS_PER_PAGE = 50


def campaigns_list() -> list[Campaign]:
    """The home page: every campaign, newest first."""
    return list(Campaign.objects.order_by("-created_at"))


def board_threads(*, board: Board, page: int | str | None) -> Page:
    """Threads newest activity first (2 queries: count and page)."""
    threads = Thread.objects.filter(board=board).select_related("author").order_by("-last_activity_at", "-id")
    return Paginator(threads, THREADS_PER_PAGE).get_page(page)


@dataclass(frozen=True)
class BoardView:
    board: Board
    threads: Page
    may_post: bool  # an officer who may read it may post (R1.2: a palace, its kingdom's only)


def board_page(*, board_id: int, campaign: Campaign, viewer: Officer | None, page: int | str | None) -> BoardView:
    """A board and a page of its threads; refuses a palace board to others (R1.2)."""
    board = Board.objects.select_related("city__kingdom", "kingdom").get(pk=board_id, campaign=campaign)
    _check_may_read(viewer, board)
    return BoardView(board=board, threads=board_threads(board=board, page=page), may_post=viewer is not None)


@dataclass(frozen=True)
class ThreadView:
    board: Board
    thread: Thread
    posts: Page
    may_moderate: bool  # hide and show posts (R2.5)
    editable: frozenset[int] = frozenset()  # the viewer's own posts still within the edit window
    quoted: str = ""  # the reply box's start when quoting a post


def thread_page(
    *,
    thread_id: int,
    campaign: Campaign,
    viewer: Officer | None,
    page: int | str | None,
    now: datetime | None = None,
    quote: int | None = None,
) -> ThreadView:
    """A thread and a page of its posts, with the viewer's right to moderate them, the posts
    they may still edit, and the text of a post they quote (one more query then)."""
    thread = Thread.objects.select_related("board__city__kingdom", "board__kingdom").get(
        pk=thread_id, board__campaign=campaign
    )
    board = thread.board
    _check_may_read(viewer, board)
    posts = thread_posts(thread=thread, page=page)
    editable: frozenset[int] = frozenset()
    if viewer is not None and now is not None:
        window = campaign.post_edit_window
        editable = frozenset(
            p.pk
            for p in posts
            if p.author_id == viewer.pk and not p.is_system and not p.hidden and now - p.created_at <= window
        )
    quoted = ""
    if quote is not None and viewer is not None:
        source = Post.objects.filter(pk=quote, thread=thread, hidden=False).select_related("author").first()
        if source is not None:
            who = source.author.name if source.author else _("System")
            lines = [f"> **{who}**:"] + [f"> {line}" for line in source.body.splitlines()]
            quoted = "\n".join(lines) + "\n\n"
    return ThreadView(
        board=board,
        thread=thread,
        posts=posts,
        may_moderate=viewer is not None and may_moderate(viewer, board),
        editable=editable,
        quoted=quoted,
    )


def _check_may_read(viewer: Officer | None, board: Board) -> None:
    if not may_read_board(viewer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))


def thread_posts(*, thread: Thread, page: int | str | None) -> Page:
    posts = Post.objects.filter(thread=thread).select_related("author").order_by("created_at", "id")
    return Paginator(posts, POSTS_PER_PAGE).get_page(page)


def boards_of_campaign(*, campaign: Campaign, officer: Officer | None) -> list[Board]:
    boards = Board.objects.filter(campaign=campaign).select_related("city__kingdom", "kingdom")
    if officer is None or officer.kingdom_id is None:
        boards = boards.filter(kind=Board.Kind.CITY)
    else:
        boards = boards.filter(Q(kind=Board.Kind.CITY) | Q(kingdom_id=officer.kingdom_id))
    return sorted(boards, key=lambda b: (b.kind != Board.Kind.PALACE, b.city.position if b.city else 0, b.pk))


@dataclass(frozen=True)
class MovesView:
    mine: list[Move]
    to_decide: list[Move]
    destinations: list[City]


def moves_for(*, officer: Officer, now: datetime) -> MovesView:
    """The officer's own moves under way, and the requests they may decide (R3.1, R3.2)."""
    related = (
        "officer",
        "origin__kingdom",
        "destination__kingdom",
        "origin__governor__user__presence",
        "destination__governor__user__presence",
    )
    mine = list(
        Move.objects.filter(officer=officer, status__in=[Move.Status.REQUESTED, Move.Status.TRAVELLING]).select_related(
            *related
        )
    )
    pending = Move.objects.filter(
        campaign_id=officer.campaign_id, status=Move.Status.REQUESTED, officer__kingdom_id=officer.kingdom_id
    ).select_related(*related, "campaign", "officer__kingdom")
    king = officer.kingdom is not None and is_king(officer, officer.kingdom)
    to_decide = [
        m
        for m in pending
        if king
        or (
            not m.needs_king
            and (
                (m.origin_approver_id is None and decides_for_city(officer, m.origin, now))
                or (m.destination_approver_id is None and decides_for_city(officer, m.destination, now))
            )
        )
    ]
    destinations = list(City.objects.filter(campaign_id=officer.campaign_id, kingdom_id=officer.kingdom_id))
    return MovesView(mine=mine, to_decide=to_decide, destinations=destinations)


@dataclass(frozen=True)
class PersonnelView:
    is_king: bool
    cities: list[City]  # the rows of the table: every city for the king, the governed ones for a governor
    officers: list[Officer]
    governed: list[City]
    promotions: list[Promotion]
    moderators: dict[int, list[BoardModerator]]
    orderable: list[Officer]  # whose moves the viewer may order (R3.1, R3.2): never their own but the king's
    destinations: list[City]  # the kingdom's cities (a move goes to one's own kingdom, §3 Decision)


def personnel_for(*, officer: Officer) -> PersonnelView:
    """What the king (everything) or a governor (their city) may manage (§2). Each city row
    carries `candidates`: the administrators who may still be appointed its board's moderators
    (R2.5, at most two), empty when there is nobody to add."""
    kingdom = officer.kingdom
    king = kingdom is not None and is_king(officer, kingdom)
    cities = (
        list(
            City.objects.filter(kingdom=kingdom)
            .select_related("governor", "board")
            .prefetch_related(Prefetch("board__moderators", queryset=BoardModerator.objects.select_related("officer")))
        )
        if kingdom
        else []
    )
    governed = [c for c in cities if c.governor_id == officer.pk]
    everyone = (
        list(Officer.objects.filter(kingdom=kingdom).select_related("city", "campaign").order_by("-stars", "name"))
        if kingdom
        else []
    )
    officers = everyone
    if not king:
        governed_ids = {c.pk for c in governed}
        officers = [o for o in everyone if o.whereabouts == Whereabouts.CITY and o.city_id in governed_ids]
    promotions = (
        list(
            Promotion.objects.filter(officer__kingdom=kingdom, status=Promotion.Status.PENDING).select_related(
                "officer", "recommended_by"
            )
        )
        if king
        else []
    )
    moderators = {c.board.pk: list(c.board.moderators.all()) for c in cities}
    administrators = [o for o in everyone if o.kind == OfficerKind.ADMINISTRATOR]
    for city in cities:
        present = {m.officer_id for m in moderators[city.board.pk]}
        city.candidates = (  # type: ignore[attr-defined]
            [o for o in administrators if o.pk not in present] if len(present) < MAX_BOARD_MODERATORS else []
        )
    orderable = [
        o
        for o in officers
        if o.whereabouts == Whereabouts.CITY
        and (king or (o.pk != officer.pk and not only_king_orders(o.stars, o.campaign.king_orders_from_stars)))
    ]
    return PersonnelView(
        is_king=king,
        cities=cities if king else governed,
        officers=officers,
        governed=governed,
        promotions=promotions,
        moderators=moderators,
        orderable=orderable,
        destinations=cities,
    )


@dataclass(frozen=True)
class Operations:
    now: datetime
    heartbeat: "Heartbeat | None"
    heartbeat_stale: bool
    overdue: list[Timer]
    failed: list[Timer]
    upcoming: list[Timer]


def operations(*, now: datetime, sweep_seconds: float) -> Operations:
    """For operators: the sweeper's last heartbeat, overdue work, work set aside, what is next."""
    heartbeat = Heartbeat.objects.filter(name="sweeper").first()
    stale = heartbeat is None or now - heartbeat.at > timedelta(seconds=max(30, 3 * sweep_seconds))
    pending = Timer.objects.filter(status=Timer.Status.PENDING).order_by("due_at", "id")
    return Operations(
        now=now,
        heartbeat=heartbeat,
        heartbeat_stale=stale,
        overdue=list(pending.filter(due_at__lte=now)[:200]),
        failed=list(Timer.objects.filter(status=Timer.Status.FAILED).order_by("-due_at")[:200]),
        upcoming=list(pending.filter(due_at__gt=now)[:50]),
    )


def mail_settings_form(*, officer_id: int) -> dict:
    """An officer's mail settings as their page's form shows them (issue 11; a new form offers
    every kind of duty). One query."""
    mail = MailSubscription.objects.filter(officer_id=officer_id).first()

    def clock(minutes: int | None) -> str:
        return "" if minutes is None else minutes_as_time(minutes)

    chosen = set(mail.kinds) if mail else {code for code, _label in DUTY_KINDS}
    return {
        "saved": mail,
        "kinds": [(code, label, code in chosen) for code, label in DUTY_KINDS],
        "quiet_from": clock(mail.quiet_from) if mail else "",
        "quiet_until": clock(mail.quiet_until) if mail else "",
        "digest_at": clock(mail.digest_minute) if mail else "08:00",
    }


def home_zone_of(user) -> str | None:
    """The zone a page outside any campaign (the Tokens page, /ops/) shows times in when the
    reader chose none: their campaign's (the newest they serve in, where they land after logging
    in), else the first campaign's; None when there is no campaign (then the site's)."""
    served = (
        Officer.objects.filter(user_id=user.pk)
        .order_by("-campaign__created_at", "-campaign_id")
        .values_list("campaign__time_zone", flat=True)
        .first()
        if user.is_authenticated
        else None
    )
    return served or Campaign.objects.order_by("pk").values_list("time_zone", flat=True).first()
