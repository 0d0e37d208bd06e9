"""Retreat and pursuit (RULES.md R8.1, R8.2): a 10-minute window for the defence to pursue."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.models import Army, ArmyMember, Pursuit
from battles.services.common import (
    announcement_post,
    army_topic,
    member_leave,
    status_change,
)
from battles.services.lifecycle import army_end, home_of
from battles.services.locks import city_lock
from battles.services.prisoners import prisoner_take
from battles.services.stratagems import game_begin
from battles.timer_kinds import PURSUIT_DEADLINE
from campaign import clock
from campaign.authority import is_king, officer_online, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, Timer, Whereabouts
from campaign.rules.personnel import may_fight
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_handler
from cities.models import City
from play.models import Game


@transaction.atomic
def pursuit_declare(*, actor: Officer, pursuit: Pursuit, pursuers: list[Officer], opponents: list[Officer]) -> Pursuit:
    """R8.2: within the window the defence names up to three pursuers and as many members of
    the retreating army (its rearguard, where there is one). A chosen member not online is
    taken at once; the others play, the pursuers moving first."""
    require_war_running(actor.campaign)
    city = city_lock(pursuit.city_id)
    pursuit = (
        Pursuit.objects.select_for_update(no_key=True, of=("self",))
        .select_related("army__kingdom", "army__campaign")
        .get(pk=pursuit.pk)
    )
    army = pursuit.army
    now = clock.now()
    if pursuit.status != Pursuit.Status.OPEN or now >= pursuit.deadline:
        raise RuleViolation("R8.2", _("The time to pursue is over."))
    if not (is_king(actor, city.kingdom) or (city.governor_id == actor.pk and actor.city_id == city.pk)):
        raise NotAllowed("R8.2", _("The governor (or the king) of %(city)s orders the pursuit.") % {"city": city.name})
    members = _check_pairs(pursuit, city, pursuers, opponents)
    status_change(pursuit, Pursuit.Status.PLAYING, _("pursuit"))
    pursuit.declared_at = now
    pursuit.save(update_fields=["status", "declared_at"])
    duties_recount(key=f"pursuit:{pursuit.pk}:open")
    games = []
    for board, (pursuer, opponent) in enumerate(zip(pursuers, opponents)):
        member = members[opponent.pk]
        if not officer_online(Officer.objects.select_related("user__presence", "campaign").get(pk=opponent.pk), now):
            ArmyMember.objects.filter(pk=member.pk).update(status=ArmyMember.Status.PRISONER, until=now)
            assert city.kingdom is not None  # R1.3: the city fought over has an owning kingdom
            prisoner_take(officer=opponent, captor=city.kingdom, held_in=city, at=now)
            continue
        games.append(
            Game(
                campaign_id=army.campaign_id,
                kind=Game.Kind.PURSUIT,
                pursuit=pursuit,
                army=army,
                board=board,
                attacker=opponent,
                attacker_rank=member.rank,
                defender=pursuer,
                status=Game.Status.PENDING,
                attacker_moves_first=False,
                called_at=now,
                started_at=now,
                game_kind=army.campaign.battle_game,
            )
        )
    for game in Game.objects.bulk_create(games):
        game_begin(game=game, at=now)  # R9.2
        notices_send(
            campaign_id=game.campaign_id, officer_ids=[game.attacker_id, game.defender_id], key=f"game:{game.pk}:start"
        )
    declared = texts.pursuit_declared(city, pursuers, opponents)
    announcement_post(city.board, f"pursuit:{pursuit.pk}:declared", now, declared, topic=army_topic(army))
    if not games:
        _finish(pursuit, army, now)
    return pursuit


def _check_pairs(
    pursuit: Pursuit, city: City, pursuers: list[Officer], opponents: list[Officer]
) -> dict[int, ArmyMember]:
    """R8.2: up to three pursuers, defenders of the city who may fight, against as many members
    of the retreating army (of its rearguard, where there is one). Returns its active members."""
    army = pursuit.army
    limit = army.campaign.pursuers
    if (
        not pursuers
        or len(pursuers) != len(opponents)
        or len(pursuers) > limit
        or len({o.pk for o in pursuers}) != len(pursuers)
        or len({o.pk for o in opponents}) != len(opponents)
    ):
        raise RuleViolation("R8.2", _("Name up to %(n)d pursuers and as many opponents, each once.") % {"n": limit})
    for officer in pursuers:
        if (
            officer.whereabouts != Whereabouts.CITY
            or officer.city_id != city.pk
            or officer.kingdom_id != city.kingdom_id
            or not may_fight(officer.kind)
        ):
            raise RuleViolation("R8.2", _("Pursuers are defenders of the city who may fight."))
    members = {m.officer_id: m for m in army.members.filter(status=ArmyMember.Status.ACTIVE)}
    for officer in opponents:
        member = members.get(officer.pk)
        if member is None:
            raise RuleViolation("R8.2", _("%(name)s is not in the retreating army.") % {"name": officer.name})
        if pursuit.has_rearguard and not member.rearguard:
            raise RuleViolation(
                "R8.2",
                _("%(name)s is not in the rearguard: the rearguard faces the pursuers.") % {"name": officer.name},
            )
    return members


def pursuit_result_apply(*, city: City, game: Game, army: Army, now: datetime) -> None:
    """R8.2: whoever loses a pursuit game, on either side, is taken prisoner."""
    if game.result == "defender":
        member_leave(army, game.attacker, ArmyMember.Status.PRISONER, now)
        assert city.kingdom is not None  # R1.3: the city fought over has an owning kingdom
        prisoner_take(officer=game.attacker, captor=city.kingdom, held_in=city, at=now)
    elif game.result == "attacker":
        assert game.defender is not None  # game_played_has_defender: the game is decided
        prisoner_take(officer=game.defender, captor=army.kingdom, held_in=home_of(army), at=now)
    assert game.pursuit_id is not None  # game_belongs_to_one_battle: a pursuit game has its pursuit
    pursuit = Pursuit.objects.select_for_update(no_key=True, of=("self",)).get(pk=game.pursuit_id)
    if not pursuit.games.exclude(status=Game.Status.DECIDED).exists():
        _finish(pursuit, army, now)


def _finish(pursuit: Pursuit, army: Army, at: datetime, reason: str = "") -> None:
    status_change(pursuit, Pursuit.Status.DONE, _("pursuit"))
    pursuit.save(update_fields=["status"])
    army_end(army=army, reason=reason or texts.army_home(army), at=at)


@timer_handler(PURSUIT_DEADLINE)
def pursuit_deadline(timer: Timer) -> None:
    """R8.2: no decision within the window: the retreat has succeeded."""
    pursuit = Pursuit.objects.select_for_update(no_key=True, of=("self",)).get(pk=timer.object_id)
    if pursuit.status != Pursuit.Status.OPEN:
        return
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__capital", "origin", "target__board", "campaign")
        .get(pk=pursuit.army_id)
    )
    _finish(pursuit, army, timer.due_at, texts.retreat_succeeded(army))
    duties_recount(key=f"pursuit:{pursuit.pk}:open")
