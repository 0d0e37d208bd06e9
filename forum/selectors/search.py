"""The board search (R1.2's readable boards), read through the database's index of the posts'
terms (forum.rules.search, migration 0009): SQLite's FTS5 table hands out the matching posts
newest first, so that a common word stops after a page and a rare one reads only its posts; on
PostgreSQL the planner chooses between the GIN index and the newest posts first. Each candidate
is checked for the query as written, as `icontains` would."""

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models.expressions import RawSQL
from django.utils.functional import cached_property

from campaign.models import Campaign, Officer
from campaign.rules.text import text_fault
from forum.models import Board, Post
from forum.rules.search import query_terms

SEARCH_PER_PAGE = 20
MAX_QUERY = 100
SEARCH_COUNT_CAP = 1000  # matches counted at most (a common word matches much of a season's posts)


class PostMatches:
    """The posts matching a query on the boards a viewer may read, as Django's paginator reads a
    list: `count()` (at most `cap` + 1) and slices (one query for a page of posts)."""

    def __init__(self, *, campaign: Campaign, viewer: Officer | None, query: str, cap: int):
        self.cap = cap
        terms = query_terms(query)
        like = "%" + connection.ops.prep_for_like_query(query) + "%"
        readable = "b.kind = %s"
        params: list = [campaign.pk, Board.Kind.CITY]
        if viewer is not None and viewer.kingdom_id is not None:
            readable, params = "(b.kind = %s OR b.kingdom_id = %s)", params + [viewer.kingdom_id]
        joins = (
            " JOIN campaign_thread t ON t.id = p.thread_id JOIN campaign_board b ON b.id = t.board_id"
            f" WHERE b.campaign_id = %s AND {readable} AND NOT p.hidden"
        )
        if connection.vendor == "sqlite":
            self.sql = (
                "SELECT p.id FROM campaign_post_terms JOIN campaign_post p ON p.id = campaign_post_terms.rowid"
                + joins
                + " AND campaign_post_terms MATCH %s AND (p.body LIKE %s ESCAPE '\\' OR t.title LIKE %s ESCAPE '\\')"
            )
            self.params = params + [" ".join(f'"{term}"' for term in terms), like, like]
            self.order = " ORDER BY campaign_post_terms.rowid DESC"
        else:
            self.sql = (
                "SELECT p.id FROM campaign_post p"
                + joins
                + " AND string_to_array(p.terms, ' ') @> %s::text[] AND (p.body ILIKE %s OR t.title ILIKE %s)"
            )
            self.params = params + [terms, like, like]
            self.order = " ORDER BY p.id DESC"

    @cached_property
    def _count(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM ({self.sql} LIMIT %s) AS matches", self.params + [self.cap + 1])
            return cursor.fetchone()[0]

    def count(self) -> int:
        return self._count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, window: slice) -> list[Post]:
        start, stop = window.start or 0, window.stop
        page = RawSQL(f"{self.sql}{self.order} LIMIT %s OFFSET %s", (*self.params, stop - start, start))
        posts = Post.objects.filter(id__in=page).select_related(
            "thread__board__city", "thread__board__kingdom", "author"
        )
        return list(posts.order_by("-id"))  # one query: the page of ids is its subquery


class CappedPaginator(Paginator):
    """Counts at most `cap` + 1 matches: a word found in a season's every post is not counted
    through all of them; `counted_all` says whether the count is exact."""

    def __init__(self, matches: PostMatches, per_page: int):
        super().__init__(matches, per_page)  # type: ignore[arg-type]  # read by slices only
        self.cap = matches.cap

    @property
    def counted_all(self) -> bool:
        return self.count <= self.cap


def board_search(*, campaign: Campaign, viewer: Officer | None, query: str, page: int | str | None) -> Page | None:
    """Posts containing `query` (in their text or their thread's title) on the boards the viewer
    may read (R1.2: a palace only for its kingdom), hidden posts left out, the latest written
    first; None for an empty query or one without a letter or a digit (nothing to look up)."""
    # Control characters are in no post (the boards refuse them) and NUL is in no PostgreSQL text:
    # they separate words here, as any other character that is not a letter or a digit.
    query = "".join(" " if text_fault(char, max_length=1) else char for char in query[:MAX_QUERY]).strip()
    if not query_terms(query):
        return None
    matches = PostMatches(campaign=campaign, viewer=viewer, query=query, cap=SEARCH_COUNT_CAP)
    return CappedPaginator(matches, SEARCH_PER_PAGE).get_page(page)
