"""Interception and the field battle (RULES.md R4.6, §5): a team match before the walls."""

from datetime import datetime
from typing import cast

from django.db import transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import commands, orders_sortie, require_defender
from battles.models import Army, ArmyMember, FieldBattle
from battles.rules import Result, attacker_moves_first, field_battle_winner
from battles.services.arrivals import siege_join
from battles.services.common import (
    announcement_post,
    army_topic,
    member_leave,
    status_change,
)
from battles.services.lifecycle import army_end, home_of
from battles.services.locks import city_lock
from battles.services.march import march_notices_send
from battles.services.prisoners import prisoner_take
from battles.services.stratagems import game_begin
from battles.timer_kinds import ARMY_ARRIVAL
from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_schedule
from cities.models import City
from play.models import Game


def _split_unsent(army: Army, playing: list[ArmyMember], now: datetime) -> Army | None:
    """R5.2: the attacker's members who do not play keep marching and arrive as before."""
    unsent = [m for m in army.members.filter(status=ArmyMember.Status.ACTIVE) if m not in playing]
    if not unsent:
        return None
    column = Army.objects.create(
        campaign_id=army.campaign_id,
        kingdom=army.kingdom,
        origin=army.origin,
        target=army.target,
        route=army.route,
        morale=army.morale,
        morale_start=army.morale,
        ordered_by=army.ordered_by,
        departs_at=army.departs_at,
        arrives_at=army.arrives_at,
        split_from=army,
    )
    ArmyMember.objects.filter(pk__in=[m.pk for m in unsent]).update(army=column)
    Officer.objects.filter(pk__in=[m.officer_id for m in unsent]).update(army=column)
    timer_schedule(
        campaign=army.campaign,
        key=f"army:{column.pk}:arrive",
        kind=ARMY_ARRIVAL,
        object_id=column.pk,
        due_at=column.arrives_at,
    )
    march_notices_send(column)  # still on the road to the city: another march to meet (R4.6)
    return column


@transaction.atomic
def field_sortie(*, actor: Officer, army: Army, officers: list[Officer]) -> FieldBattle:
    """R4.6: until the army arrives, the target's governor (or king) sends defenders out.
    R5.2: the larger side sends only as many as the smaller has, by default its highest ranks;
    R5.3: pairing by rank order, the attacker's first board moving first, then alternating."""
    require_war_running(actor.campaign)
    city = city_lock(army.target_id)
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "kingdom", "origin")
        .get(pk=army.pk)
    )
    now = clock.now()
    if army.status != Army.Status.MARCHING or now >= army.arrives_at:
        raise RuleViolation("R4.6", _("A sortie meets an army on its way; this one is not on the road to the city."))
    if not orders_sortie(actor, city):
        raise NotAllowed("R4.6", _("The governor (or the king) of %(city)s orders a sortie.") % {"city": city.name})
    if not officers or len({o.pk for o in officers}) != len(officers):
        raise RuleViolation("R4.6", _("Name the officers who go out, each once."))
    for officer in officers:
        require_defender(officer, city, "R4.6")
    attackers = list(
        army.members.filter(status=ArmyMember.Status.ACTIVE).select_related("officer").order_by("position")
    )
    n = min(len(attackers), len(officers))
    defenders = sorted(officers[:n], key=lambda o: -o.stars)  # the defence chose by naming; paired by rank order
    playing = attackers[:n]
    status_change(army, Army.Status.FIELD_BATTLE, _("army"))
    army.save(update_fields=["status"])
    duties_recount(key=f"army:{army.pk}:march")  # met (R4.6): what follows are the games' duties
    battle = FieldBattle.objects.create(
        campaign_id=army.campaign_id, army=army, city=city, started_at=now, sortie_by=actor
    )
    column = _split_unsent(army, playing, now)
    _pair(battle, army, playing, defenders, now)
    announcement_post(
        city.board,
        f"battle:{battle.pk}:sortie",
        now,
        *texts.sortie(city, army, playing, defenders, column),
        topic=army_topic(army),
    )
    return battle


def _pair(battle: FieldBattle, army: Army, playing: list[ArmyMember], defenders: list[Officer], now: datetime) -> None:
    games = Game.objects.bulk_create(
        [
            Game(
                campaign_id=battle.campaign_id,
                kind=Game.Kind.FIELD,
                field_battle=battle,
                army=army,
                board=i,
                attacker=member.officer,
                attacker_rank=member.rank,
                defender=defender,
                status=Game.Status.PENDING,
                attacker_moves_first=attacker_moves_first(i),
                called_at=now,
                started_at=now,
                game_kind=army.campaign.battle_game,
            )
            for i, (member, defender) in enumerate(zip(playing, defenders))
        ]
    )
    for game in games:
        game_begin(game=game, at=now)  # R9.2
        notices_send(
            campaign_id=game.campaign_id, officer_ids=[game.attacker_id, game.defender_id], key=f"game:{game.pk}:start"
        )


@transaction.atomic
def field_battle_choose(*, actor: Officer, battle: FieldBattle, officers: list[Officer]) -> FieldBattle:
    """R5.2 Decision: the larger attacking side chooses who plays, before any result."""
    require_war_running(actor.campaign)
    battle = (
        FieldBattle.objects.select_for_update(no_key=True, of=("self",))
        .select_related("army__kingdom", "city")
        .get(pk=battle.pk)
    )
    army = battle.army
    if not commands(actor, army):
        raise NotAllowed("R5.2", _("The marshal chooses who plays."))
    games = list(battle.games.select_related("defender").order_by("board"))
    if any(g.status != Game.Status.PENDING for g in games):
        raise RuleViolation("R5.2", _("Players can be chosen only before any result."))
    column = army.columns.filter(status=Army.Status.MARCHING).first()
    pool = {
        m.officer_id: m
        for m in ArmyMember.objects.filter(
            army__in=[a for a in (army, column) if a], status=ArmyMember.Status.ACTIVE
        ).select_related("officer")
    }
    if (
        len(officers) != len(games)
        or any(o.pk not in pool for o in officers)
        or len({o.pk for o in officers}) != len(games)
    ):
        raise RuleViolation("R5.2", _("Choose exactly %(n)d members of the army.") % {"n": len(games)})
    chosen = sorted((pool[o.pk] for o in officers), key=lambda m: m.position)
    defenders = []
    for g in games:
        assert g.defender is not None  # game_played_has_defender: the games are pending
        defenders.append(g.defender)
    Game.objects.filter(pk__in=[g.pk for g in games]).delete()
    for member in pool.values():
        home = army if member in chosen else column
        ArmyMember.objects.filter(pk=member.pk).update(army=home)
        Officer.objects.filter(pk=member.officer_id).update(army=home)
    _pair(battle, army, chosen, defenders, clock.now())
    return battle


def field_result_apply(*, city: City, game: Game, army: Army, now: datetime) -> None:
    """When the last game of the match has its result, the battle is decided (R5.1, R5.4)."""
    assert game.field_battle_id is not None  # game_belongs_to_one_battle: a field game has its battle
    battle = FieldBattle.objects.select_for_update(no_key=True, of=("self",)).get(pk=game.field_battle_id)
    games = list(battle.games.select_related("attacker", "defender").order_by("board"))
    if any(g.status != Game.Status.DECIDED for g in games):
        return
    winner = field_battle_winner([cast(Result, g.result) for g in games])
    status_change(battle, FieldBattle.Status.DECIDED, _("battle"))
    battle.winner, battle.decided_at = winner, now
    battle.save(update_fields=["status", "winner", "decided_at"])
    title = texts.field_battle_decided(winner, city, army)
    announcement_post(city.board, f"battle:{battle.pk}:decided", now, title, topic=army_topic(army))
    if winner == "defender":  # R5.4: attackers who lost are taken; the others go home safely
        assert city.kingdom is not None  # R1.3: the city fought over has an owning kingdom
        for g in games:
            if g.result == "defender":
                member_leave(army, g.attacker, ArmyMember.Status.PRISONER, now)
                prisoner_take(officer=g.attacker, captor=city.kingdom, held_in=city, at=now)
        army_end(army=army, reason=title, at=now)
    elif winner == "attacker":  # defenders who lost are taken; the others are back in the city
        for g in games:
            if g.result == "attacker":
                assert g.defender is not None  # game_played_has_defender: the games are decided
                prisoner_take(officer=g.defender, captor=army.kingdom, held_in=home_of(army), at=now)


@transaction.atomic
def field_battle_advance(*, actor: Officer, battle: FieldBattle, advance: bool) -> Army:
    """R5.4: after a won (or, by Decision, drawn) battle the attacker advances or withdraws."""
    require_war_running(actor.campaign)
    battle = FieldBattle.objects.select_related("city").get(pk=battle.pk)
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__capital", "origin", "target__board", "campaign")
        .get(pk=battle.army_id)
    )
    if not commands(actor, army):
        raise NotAllowed("R5.4", _("The marshal decides to advance or withdraw."))
    if (
        battle.status != FieldBattle.Status.DECIDED
        or battle.winner == "defender"
        or army.status != Army.Status.FIELD_BATTLE
    ):
        raise RuleViolation("R5.4", _("Only the winner of a decided battle advances or withdraws."))
    now = clock.now()
    if not advance:
        army_end(army=army, reason=texts.withdraws(army, battle.city), at=now)
    elif now >= army.arrives_at:
        siege_join(army=army, at=now)
    else:
        status_change(army, Army.Status.MARCHING, _("army"))
        army.save(update_fields=["status"])
    return army
