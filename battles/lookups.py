"""A thing of the war (an army, a siege, a siege's game, a ransom, a field battle, a pursuit, a
stratagem, a dark-chess game) found by its id in its campaign, 404 otherwise: for the pages, the
API and the terminal; and the lists the API pages by cursor and a form picks an id from (each a
fixed number of queries whatever the size: the related rows a list shows are joined or
prefetched here)."""

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from battles.models import Army, ArmyMember, BanqiGame, FieldBattle, LedgerEntry, Pursuit, Ransom, Siege, Stratagem
from battles.selectors.siege import due_next
from campaign import lookups as campaign_lookups
from campaign.models import Campaign
from play.models import Game

MEMBERS = Prefetch("members", queryset=ArmyMember.objects.order_by("position"))


def armies(campaign: Campaign) -> QuerySet[Army]:
    return Army.objects.filter(campaign=campaign).prefetch_related(MEMBERS)


def army(campaign: Campaign, army_id: int) -> Army:
    return get_object_or_404(armies(campaign), pk=army_id)


def army_only(campaign: Campaign, army_id: int) -> Army:
    """An army without its members, its target joined (what an act on it and the reinforcement
    form's preview read)."""
    return get_object_or_404(Army.objects.select_related("target"), pk=army_id, campaign=campaign)


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


def city_ledger(campaign: Campaign, city_id: int) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(city=campaign_lookups.city(campaign, city_id))


def army_ledger(campaign: Campaign, army_id: int) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(army=get_object_or_404(Army, campaign=campaign, pk=army_id))


def siege_only(campaign: Campaign, siege_id: int) -> Siege:
    return get_object_or_404(Siege, pk=siege_id, campaign=campaign)


def siege_with_city(campaign: Campaign, siege_id: int) -> Siege:
    """A siege with its city (what the siege page's forms and their messages read)."""
    return get_object_or_404(Siege.objects.select_related("city"), pk=siege_id, campaign=campaign)


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
