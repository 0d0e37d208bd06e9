"""A thing of the campaign (a campaign, its kingdoms, officers, moves and promotions; its cities
and roads, which the cities app below cannot look up by campaign) found by its id in its
campaign, 404 otherwise: for the pages, the API and the terminal; and the lists the API pages by
cursor and a form picks an id from; an officer by the feed secret their feeds' addresses carry."""

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from campaign.models import STAGING, Campaign, Kingdom, Move, Officer, Promotion
from cities.models import City, Road


def campaigns() -> QuerySet[Campaign]:
    return Campaign.objects.exclude(slug__startswith=STAGING)  # not one being built (world/staging.py)


def campaigns_listed(user: User | AnonymousUser) -> QuerySet[Campaign]:
    """The campaigns a list shows `user` (the home page, the API): a draft only to its organisers
    (and site admins, who organise every campaign), in the same one query."""
    found = campaigns()
    if user.is_superuser:
        return found
    if not user.is_authenticated:
        return found.exclude(status=Campaign.Status.DRAFT)
    theirs = Campaign.organisers.through.objects.filter(user_id=user.pk).values("campaign_id")
    return found.filter(~Q(status=Campaign.Status.DRAFT) | Q(pk__in=theirs))


def campaign_by_slug(slug: str) -> Campaign:
    return get_object_or_404(Campaign, slug=slug)


def kingdoms(campaign: Campaign) -> QuerySet[Kingdom]:
    return Kingdom.objects.filter(campaign=campaign)


def kingdom(campaign: Campaign, kingdom_id: int) -> Kingdom:
    """The campaign's kingdom, with what its services read (its king, campaign, palace)."""
    return get_object_or_404(
        Kingdom.objects.select_related("king", "campaign", "palace"), campaign=campaign, pk=kingdom_id
    )


def cities(campaign: Campaign, kingdom_id: int | None = None) -> QuerySet[City]:
    found = City.objects.filter(campaign=campaign)
    return found.filter(kingdom_id=kingdom_id) if kingdom_id is not None else found


def city(campaign: Campaign, city_id: int) -> City:
    return get_object_or_404(City, campaign=campaign, pk=city_id)


def roads(campaign: Campaign) -> QuerySet[Road]:
    return Road.objects.filter(campaign=campaign)


def road(campaign: Campaign, road_id: int) -> Road:
    """A road with its two cities and its campaign (what its page's message and its removal read)."""
    return get_object_or_404(Road.objects.select_related("a", "b", "campaign"), pk=road_id, campaign=campaign)


def officers(campaign: Campaign, kingdom_id: int | None = None) -> QuerySet[Officer]:
    found = Officer.objects.filter(campaign=campaign)
    return found.filter(kingdom_id=kingdom_id) if kingdom_id is not None else found


def officer(campaign: Campaign, officer_id: int) -> Officer:
    return get_object_or_404(Officer, campaign=campaign, pk=officer_id)


def moves_on_the_road(campaign: Campaign) -> QuerySet[Move]:
    return Move.objects.filter(campaign=campaign, status=Move.Status.TRAVELLING)


def move(campaign: Campaign, move_id: int) -> Move:
    return get_object_or_404(Move, pk=move_id, campaign=campaign)


def promotion(campaign: Campaign, promotion_id: int) -> Promotion:
    return get_object_or_404(Promotion, pk=promotion_id, campaign=campaign)


def feed_reader(campaign: Campaign, token: str) -> Officer | None:
    """The officer of `campaign` whose feed secret `token` is (a board's private feed); None when
    none holds it (a renewed address), which the feed refuses in words rather than as a 404."""
    return Officer.objects.filter(campaign=campaign, feed_token=token).first()


def feed_reader_by_slug(slug: str, token: str) -> Officer | None:
    """The same by the campaign's slug, the campaign loaded with its officer (the calendar's feed)."""
    return Officer.objects.select_related("campaign").filter(campaign__slug=slug, feed_token=token).first()
