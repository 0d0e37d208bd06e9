"""Reading the war through the API: anyone may read what the pages show anyone; a token adds what its
user's officer may read (their kingdom's palace board, R1.2). Lists are paged by cursor
(`?cursor=` from the answer's `next`, `page_size` up to 200); what bots poll (the campaign's
cities and the dashboard) carries an ETag, and a poll with nothing new is a 304 before any read."""

from django.http import HttpRequest
from ninja import Field, Query, Schema
from ninja.errors import AuthenticationError
from ninja.pagination import CursorPagination, paginate

from accounts.selectors import account_of
from api import schemas
from api.router import read
from battles import lookups as battle_lookups
from campaign import lookups as campaign_lookups
from campaign.authority import officer_of, require_officer
from campaign.models import Campaign, Officer
from forum import lookups as forum_lookups
from forum.selectors.boards import board_page
from forum.selectors.search import board_search
from play import lookups as play_lookups


class Paged(CursorPagination):
    """ninja's cursor pages, with a page of at least one item asked for: `page_size=0` (or below)
    is refused as the invalid field it is, not answered with one item and a `next` that asks for
    none again. Above the maximum the page is the maximum (200)."""

    class Input(Schema):
        page_size: int | None = Field(None, ge=1, description="items a page, 1 to 200 (50 when not given)")
        cursor: str | None = None


PAGE = {"ordering": ("pk",), "page_size": 50, "max_page_size": 200}
NEWEST = {"ordering": ("-pk",), "page_size": 50, "max_page_size": 200}


def _viewer(request: HttpRequest, campaign: Campaign) -> Officer | None:
    return officer_of(request.auth.user, campaign)  # type: ignore[attr-defined]


@read("/campaigns", list[schemas.CampaignOut], "api-campaigns")
@paginate(Paged, **PAGE)
def campaigns(request):
    """The campaigns this site runs; a draft only to its organisers."""
    return campaign_lookups.campaigns_listed(request.auth.user)


@read("/c/{slug}", schemas.CampaignOut, "api-campaign")
def campaign(request, slug: str):
    """A campaign and the settings its players read (the battle game, the hours of war)."""
    return campaign_lookups.campaign_by_slug(slug)


@read("/c/{slug}/kingdoms", list[schemas.KingdomOut], "api-kingdoms")
@paginate(Paged, **PAGE)
def kingdoms(request, slug: str):
    """The kingdoms, their kings, capitals and colours."""
    return campaign_lookups.kingdoms(campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/cities", list[schemas.CityOut], "api-cities", polled=True)
@paginate(Paged, **PAGE)
def cities(request, slug: str, kingdom: schemas.Id | None = None):
    """Every city with its owner, governor and wall; `?kingdom=` for one kingdom's."""
    return campaign_lookups.cities(campaign_lookups.campaign_by_slug(slug), kingdom)


@read("/c/{slug}/cities/{city_id}", schemas.CityOut, "api-city")
def city(request, slug: str, city_id: schemas.Id):
    """A city: owner, kind, governor, wall and its maximum (R1.1, R7.1)."""
    return campaign_lookups.city(campaign_lookups.campaign_by_slug(slug), city_id)


@read("/c/{slug}/cities/{city_id}/ledger", list[schemas.LedgerOut], "api-city-ledger")
@paginate(Paged, **NEWEST)
def city_ledger(request, slug: str, city_id: schemas.Id):
    """Every change of the city's wall, the latest first (R7.1)."""
    return battle_lookups.city_ledger(campaign_lookups.campaign_by_slug(slug), city_id)


@read("/c/{slug}/roads", list[schemas.RoadOut], "api-roads")
@paginate(Paged, **PAGE)
def roads(request, slug: str):
    """The roads between cities (R1.4: a move follows them)."""
    return campaign_lookups.roads(campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/officers", list[schemas.OfficerOut], "api-officers")
@paginate(Paged, **PAGE)
def officers(request, slug: str, kingdom: schemas.Id | None = None):
    """The officers (stars, kind, title, whereabouts); `?kingdom=` for one kingdom's."""
    return campaign_lookups.officers(campaign_lookups.campaign_by_slug(slug), kingdom)


@read("/me", schemas.AccountOut, "api-account")
def account(request):
    """The token's user: username, address and whether it is confirmed, two-factor log-in, the
    campaigns they serve in (401 without a token)."""
    if not request.auth.user.is_authenticated:
        raise AuthenticationError()
    return account_of(request.auth.user)


@read("/c/{slug}/me", schemas.OfficerOut, "api-me")
def me(request, slug: str):
    """The officer of the token's user in this campaign (403 without a token or an officer, R1.5)."""
    return require_officer(request.auth.user, campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/officers/{officer_id}", schemas.OfficerOut, "api-officer")
def officer(request, slug: str, officer_id: schemas.Id):
    """An officer: stars, kind, title, kingdom and whereabouts."""
    return campaign_lookups.officer(campaign_lookups.campaign_by_slug(slug), officer_id)


@read("/c/{slug}/moves", list[schemas.MoveOut], "api-moves", polled=True)
@paginate(Paged, **PAGE)
def moves(request, slug: str):
    """Everyone on the road (R3.4)."""
    return campaign_lookups.moves_on_the_road(campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/armies", list[schemas.ArmyOut], "api-armies")
@paginate(Paged, **PAGE)
def armies(request, slug: str):
    """The armies, on the march or at a siege, with their members' ranks and their morale."""
    return battle_lookups.armies(campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/armies/{army_id}", schemas.ArmyOut, "api-army")
def army(request, slug: str, army_id: schemas.Id):
    """An army with its members' ranks and its morale (R5, R7.2)."""
    return battle_lookups.army(campaign_lookups.campaign_by_slug(slug), army_id)


@read("/c/{slug}/armies/{army_id}/ledger", list[schemas.LedgerOut], "api-army-ledger")
@paginate(Paged, **NEWEST)
def army_ledger(request, slug: str, army_id: schemas.Id):
    """Every change of the army's morale, the latest first (R7.1, R7.2)."""
    return battle_lookups.army_ledger(campaign_lookups.campaign_by_slug(slug), army_id)


@read("/c/{slug}/sieges", list[schemas.SiegeOut], "api-sieges", polled=True)
@paginate(Paged, **NEWEST)
def sieges(request, slug: str):
    """The sieges, the latest first."""
    return battle_lookups.sieges(campaign_lookups.campaign_by_slug(slug))


@read("/c/{slug}/sieges/{siege_id}", schemas.SiegeDetailOut, "api-siege")
def siege(request, slug: str, siege_id: schemas.Id):
    """A siege with its armies (members and ranks), its defenders' roster and its games."""
    return battle_lookups.siege(campaign_lookups.campaign_by_slug(slug), siege_id)


@read("/c/{slug}/games", list[schemas.GameOut], "api-games")
@paginate(Paged, **NEWEST)
def games(request, slug: str, status: str | None = None):
    """The battle games, the latest first; `?status=` for one status (called, played, decided …)."""
    return play_lookups.games(campaign_lookups.campaign_by_slug(slug), status)


@read("/c/{slug}/games/{game_id}", schemas.GameDetailOut, "api-game")
def game(request, slug: str, game_id: schemas.Id):
    """A battle game with its moves, record and result (R11)."""
    return play_lookups.game_read(campaign_lookups.campaign_by_slug(slug), game_id)


@read("/c/{slug}/boards", list[schemas.BoardOut], "api-boards")
@paginate(Paged, **PAGE)
def boards(request, slug: str):
    """The boards the reader may read (R1.2: a palace only for its kingdom's officers)."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    return forum_lookups.readable_boards(campaign, _viewer(request, campaign))


@read("/c/{slug}/boards/{board_id}/threads", schemas.ThreadPageOut, "api-threads")
def threads(request, slug: str, board_id: schemas.Id, page: int = Query(1, ge=1), news: bool | None = None):
    """A board's threads as its page lists them, 20 a page (`page`; follow `next`): the players'
    threads first, newest activity first, then the system's (the war's news, one thread per
    siege, march or battle), or none of the system's when the reader's officer hides them (their
    choice on the site or in the terminal; `news=true` or `false` for this request). R1.2: a
    palace only for its kingdom."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    view = board_page(board_id=board_id, campaign=campaign, viewer=_viewer(request, campaign), page=page, news=news)
    listed = view.threads

    def address(number: int) -> str:
        query = request.GET.copy()
        query["page"] = str(number)
        return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")

    return {
        "count": listed.paginator.count,
        "page": listed.number,
        "pages": listed.paginator.num_pages,
        "news": view.news,
        "next": address(listed.next_page_number()) if listed.has_next() else None,
        "previous": address(listed.previous_page_number()) if listed.has_previous() else None,
        "results": list(listed),
    }


@read("/c/{slug}/search", schemas.SearchOut, "api-search")
def search(request, slug: str, q: str, page: int = 1):
    """Posts containing `q` (any part of a word, in the text or the thread's title) on the boards
    the reader may read (R1.2), the latest first, 20 a page (`page`); an empty query or one with
    no letter or digit finds nothing."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    found = board_search(campaign=campaign, viewer=_viewer(request, campaign), query=q, page=page)
    if found is None:
        return {"count": 0, "counted_all": True, "page": 1, "has_next": False, "results": []}
    paginator = found.paginator
    return {
        "count": paginator.count,
        "counted_all": paginator.counted_all,  # type: ignore[attr-defined]
        "page": found.number,
        "has_next": found.has_next(),
        "results": list(found),
    }


@read("/c/{slug}/threads/{thread_id}/posts", list[schemas.PostDetailOut], "api-posts")
@paginate(Paged, **PAGE)
def posts(request, slug: str, thread_id: schemas.Id):
    """A thread's posts in order, each with its 推/噓/→ comments, hidden ones left out."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    return forum_lookups.posts(campaign, thread_id, _viewer(request, campaign))


@read("/c/{slug}/posts/{post_id}/comments", list[schemas.CommentOut], "api-comments")
@paginate(Paged, **PAGE)
def comments(request, slug: str, post_id: schemas.Id):
    """A post's 推/噓/→ comments in order, hidden ones left out (R1.2: a palace's for its kingdom)."""
    campaign = campaign_lookups.campaign_by_slug(slug)
    return forum_lookups.comments(campaign, post_id, _viewer(request, campaign))
