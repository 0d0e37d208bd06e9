"""Sieges (RULES.md §6): the roster, siege calls, games and their results, the fall (§10).

Locks, everywhere in this order: the city, then the army (DESIGN: city then army).
"""

from datetime import datetime
from typing import cast

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import commands, require_defender
from battles.models import Army, ArmyMember, Defender, Siege
from battles.models.sieges import DefenceRank
from battles.rules import (
    DEFENCE_RANKS,
    Result,
    check_organisation,
    siege_game_effect,
)
from battles.services.arrivals import open_calls_tell
from battles.services.common import (
    announcement_post,
    game_topic,
    member_leave,
    siege_topic,
    status_change,
)
from battles.services.fall import city_fall
from battles.services.ledger import value_change
from battles.services.lifecycle import army_check_forced_retreat, member_withdraw
from battles.services.locks import city_lock
from battles.services.prisoners import prisoner_take
from battles.services.stratagems import game_begin
from campaign import clock
from campaign.authority import is_king, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, Whereabouts
from campaign.services.notices import duties_recount, notices_send
from cities.models import City
from play.authority import require_war_hours
from play.models import Game


@transaction.atomic
def roster_set(*, actor: Officer, siege: Siege, roster: list[tuple[Officer, str]]) -> None:
    """R6.3: the governor (or the king) arranges the defence roster; ranks follow stars, the
    governor's post is the governor's whatever their stars, the king stands on top."""
    require_war_running(actor.campaign)
    city = city_lock(siege.city_id)
    if siege.status != Siege.Status.ACTIVE:
        raise RuleViolation("R6.3", _("This siege is over."))
    if not (is_king(actor, city.kingdom) or (city.governor_id == actor.pk and actor.city_id == city.pk)):
        raise NotAllowed("R6.3", _("The governor arranges the defence roster."))
    for officer, rank in roster:
        require_defender(officer, city, "R6.3")
        if rank == DefenceRank.GOVERNOR and officer.pk != city.governor_id:
            raise RuleViolation("R6.3", _("Only the city's governor holds the governor's post."))
        if rank == DefenceRank.KING and not is_king(officer, city.kingdom):
            raise RuleViolation("R6.4", _("Only the king stands as king."))
    violations = check_organisation([(o.stars, r) for o, r in roster], DEFENCE_RANKS)
    if violations:
        raise RuleViolation(violations[0].clause, _("Ranks follow stars, and each rank has its number of places."))
    busy = Game.objects.filter(siege=siege, status=Game.Status.PENDING).values_list("defender_id", flat=True)
    if set(busy) - {o.pk for o, _r in roster}:
        raise RuleViolation("R6.3", _("A defender playing a game stays on the roster until it ends."))
    now = clock.now()
    kept = {d.officer_id: d for d in Defender.objects.filter(siege=siege)}
    Defender.objects.filter(siege=siege, until__isnull=True).exclude(officer__in=[o for o, _r in roster]).update(
        until=now
    )
    placed = []
    for i, (officer, rank) in enumerate(roster):
        place = kept.get(officer.pk)
        if place is None or place.until is not None:
            placed.append(officer.pk)
        if place is None:
            Defender.objects.create(siege=siege, officer=officer, rank=rank, position=i, since=now)
        else:
            since = place.since if place.until is None else now
            Defender.objects.filter(pk=place.pk).update(rank=rank, position=i, since=since, until=None)
    open_calls_tell(siege=siege, officer_ids=placed)


@transaction.atomic
def siege_call(*, actor: Officer, army: Army, attacker: Officer, off_hours: bool = False) -> Game:
    """R6.1 Decision: the attacker challenges, naming its next player. `off_hours` records the
    attacker's agreement to play outside the hours of war (R7.4)."""
    require_war_running(actor.campaign)
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("siege__city__board", "kingdom", "campaign")
        .get(pk=army.pk)
    )
    if (
        army.status != Army.Status.BESIEGING
        or army.siege is None  # never: siege_join names the siege as the army begins besieging
        or army.siege.status != Siege.Status.ACTIVE
    ):
        raise RuleViolation("R6.1", _("This army is not besieging a city."))
    if not commands(actor, army):
        raise NotAllowed("R6.1", _("The marshal (or the highest remaining member) calls the next player."))
    member = army.members.filter(officer=attacker, status=ArmyMember.Status.ACTIVE).first()
    if member is None:
        raise RuleViolation("R6.1", _("%(name)s is not an active member of this army.") % {"name": attacker.name})
    now = clock.now()
    try:
        with transaction.atomic():
            game = Game.objects.create(
                campaign_id=army.campaign_id,
                siege=army.siege,
                army=army,
                attacker=attacker,
                attacker_rank=member.rank,
                called_at=now,
                attacker_agrees_off_hours=off_hours,
                game_kind=army.campaign.battle_game,
            )
    except IntegrityError:
        raise RuleViolation(
            "R6.1", _("%(name)s already has a game called or under way.") % {"name": attacker.name}
        ) from None
    city = army.siege.city
    announcement_post(
        city.board, f"game:{game.pk}:call", now, texts.siege_call(attacker, city), topic=siege_topic(army.siege.pk)
    )
    # A duty of the defenders on the roster in the city, who may take it up, and of the governor and the king,
    # who assign one.
    defenders = army.siege.roster.filter(
        until__isnull=True, officer__whereabouts=Whereabouts.CITY, officer__city_id=city.pk
    ).values_list("officer_id", flat=True)
    king_id = city.kingdom.king_id if city.kingdom else None
    notices_send(
        campaign_id=army.campaign_id, officer_ids=[*defenders, city.governor_id, king_id], key=f"game:{game.pk}:call"
    )
    return game


@transaction.atomic
def siege_call_answer(*, actor: Officer, game: Game, defender: Officer, off_hours: bool = False) -> Game:
    """R6.1 Decision: any defender on the roster may take up the call; the governor may assign one.
    R7.4: a game starts now; outside the hours of war only if both sides agreed beforehand."""
    require_war_running(actor.campaign)
    assert game.siege is not None  # the callers read the game among its siege's
    city = city_lock(game.siege.city_id)
    game = Game.objects.select_for_update(no_key=True, of=("self",)).select_related("siege", "attacker").get(pk=game.pk)
    assert game.siege is not None
    if game.status != Game.Status.CALLED:
        raise RuleViolation("R6.1", _("This siege call has already been answered."))
    place = game.siege.roster.filter(officer=defender, until__isnull=True).first()
    if place is None or defender.whereabouts != Whereabouts.CITY or defender.city_id != city.pk:
        raise RuleViolation("R6.3", _("%(name)s is not on the defence roster in the city.") % {"name": defender.name})
    if actor.pk != defender.pk and not (city.governor_id == actor.pk or is_king(actor, city.kingdom)):
        raise NotAllowed("R6.1", _("A defender takes up a call for themselves, or the governor assigns one."))
    now = clock.now()
    require_war_hours(city.campaign, now, agreed=game.attacker_agrees_off_hours and off_hours)
    game.defender_agrees_off_hours = off_hours
    game.defender, game.defender_rank, game.started_at = defender, place.rank, now
    status_change(game, Game.Status.PENDING, _("game"))
    try:
        with transaction.atomic():
            game.save(update_fields=["defender", "defender_rank", "started_at", "status", "defender_agrees_off_hours"])
            game_begin(game=game, at=now)  # R9.2: 速攻計 / 攪亂計 waiting for this player
    except IntegrityError:
        raise RuleViolation("R6.1", _("%(name)s is already playing a game.") % {"name": defender.name}) from None
    announcement_post(
        city.board,
        f"game:{game.pk}:answer",
        game.started_at,
        texts.call_taken_up(defender, game.attacker),
        topic=siege_topic(game.siege.pk),
    )
    duties_recount(key=f"game:{game.pk}:call")
    notices_send(campaign_id=game.campaign_id, officer_ids=[game.attacker_id, defender.pk], key=f"game:{game.pk}:start")
    return game


def siege_result_apply(*, city: City, siege: Siege, game: Game, army: Army, now: datetime) -> None:
    """R6.2: one game's result on the wall, the morale and the players."""
    assert game.defender is not None  # game_played_has_defender: the game is decided
    effect = siege_game_effect(cast(Result, game.result), game.attacker_rank, game.defender_rank)
    _post_result(city, game)
    if effect.wall:
        value_change(
            key=f"game:{game.pk}:wall",
            city=city,
            delta=effect.wall,
            clause="R6.2",
            game=game,
            cause="won",
            names={"attacker": game.attacker.name, "defender": game.defender.name},
            due_at=now,
        )
    if effect.morale:
        value_change(
            key=f"game:{game.pk}:morale",
            army=army,
            delta=effect.morale,
            clause="R6.2",
            game=game,
            cause="lost",
            names={"attacker": game.attacker.name, "defender": game.defender.name},
            due_at=now,
        )
    if effect.attacker_captured:
        member_leave(army, game.attacker, ArmyMember.Status.PRISONER, now)
        assert city.kingdom is not None  # R1.3: the city fought over has an owning kingdom
        prisoner_take(officer=game.attacker, captor=city.kingdom, held_in=city, at=now, siege=siege)
    if effect.attacker_withdraws:
        member_withdraw(army=army, officer=game.attacker, cause=texts.withdrew_after_draw(game.attacker))
    if city.wall == 0:
        city_fall(siege=siege, city=city, army=army, at=now)
    else:
        army_check_forced_retreat(army=army, at=now)


def _post_result(city: City, game: Game) -> None:
    assert game.decided_at is not None  # set by game_decide before it applies the result
    announcement_post(
        city.board,
        f"game:{game.pk}:result",
        game.decided_at,
        *texts.siege_result(city, game),
        topic=game_topic(game),
    )
