"""Stratagems (RULES.md §9): a civil officer challenges an online enemy general to dark chess
(R9.1); the general accepts or names a civil officer within 10 minutes (R9.3), else the
stratagem takes effect; if the general's side loses, it takes effect (R9.2). One attempt per
civil officer per local date (R9.4). An unused 速攻計 / 攪亂計 effect lapses at the end of the
next day (Decision).

Decision: the schemer moves first in the dark-chess game.
"""

import secrets
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.models import BanqiGame, Stratagem
from battles.services.banqi_refusals import banqi_refusal
from battles.services.common import announcement_post, status_change
from battles.services.ledger import value_change
from battles.timer_kinds import BANQI_FLAG, STRATAGEM_DEADLINE
from campaign import clock
from campaign.authority import officer_online, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, OfficerKind, Timer, Whereabouts
from campaign.rules.clock import local_midnight
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_handler, timer_move, timer_schedule, timers_cancel
from cities.models import City
from games.banqi import Banqi, BanqiError, deal, layout_hash
from games.banqi import replay as replay_actions
from play.hooks import begun
from play.models import Game
from play.services.common import watchers_tell


def _local_date(campaign, at: datetime):
    return at.astimezone(campaign.zone).date()


@transaction.atomic
def stratagem_challenge(*, actor: Officer, target: Officer, kind: str, beneficiary: Officer | None = None) -> Stratagem:
    require_war_running(actor.campaign)
    campaign = actor.campaign
    now = clock.now()
    if actor.kind == OfficerKind.GENERAL or actor.kingdom is None:
        raise NotAllowed("R9.1", _("Only a civil officer of a kingdom uses stratagems."))
    if actor.whereabouts != Whereabouts.CITY:
        raise RuleViolation("R3.5", _("An officer on the road or held prisoner cannot scheme (R3.5, R10.6)."))
    if kind not in Stratagem.Kind.values:
        raise RuleViolation("R9.2", _("Unknown stratagem."))
    target = Officer.objects.select_related("user__presence", "campaign", "city").get(pk=target.pk)
    if (
        target.kind != OfficerKind.GENERAL
        or target.kingdom_id in (None, actor.kingdom_id)
        or target.campaign_id != actor.campaign_id
    ):
        raise RuleViolation("R9.1", _("A stratagem targets a general of an enemy kingdom."))
    if target.whereabouts != Whereabouts.CITY:
        raise RuleViolation(
            "R3.5", _("%(name)s is on the road or held and cannot be challenged.") % {"name": target.name}
        )
    if not officer_online(target, now):
        raise RuleViolation("R9.1", _("%(name)s is not online.") % {"name": target.name})
    if kind == Stratagem.Kind.SWIFT and (
        beneficiary is None or beneficiary.kind != OfficerKind.GENERAL or beneficiary.kingdom_id != actor.kingdom_id
    ):
        raise RuleViolation("R9.2", _("Name a general of your kingdom to make the first two moves."))
    try:
        with transaction.atomic():
            stratagem = Stratagem.objects.create(
                campaign=campaign,
                kind=kind,
                schemer=actor,
                target=target,
                beneficiary=beneficiary if kind == Stratagem.Kind.SWIFT else None,
                local_date=_local_date(campaign, now),
                city=target.city,
                challenged_at=now,
                deadline=now + campaign.stratagem_window,
            )
    except IntegrityError:
        raise RuleViolation("R9.4", _("A civil officer attempts one stratagem a day.")) from None
    timer_schedule(
        campaign=campaign,
        key=f"stratagem:{stratagem.pk}:deadline",
        kind=STRATAGEM_DEADLINE,
        object_id=stratagem.pk,
        due_at=stratagem.deadline,
    )
    assert target.city is not None  # officer_one_whereabouts: the target is in a city, checked above
    announcement_post(
        target.city.board,
        f"stratagem:{stratagem.pk}:challenge",
        now,
        texts.stratagem_challenge(actor, target, stratagem),
        topic=f"stratagem:{stratagem.pk}",
    )
    notices_send(campaign_id=campaign.pk, officer_ids=[target.pk], key=f"stratagem:{stratagem.pk}:challenge")
    return stratagem


def _lock(stratagem: Stratagem) -> Stratagem:
    return (
        Stratagem.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "schemer", "target__city__board", "substitute")
        .get(pk=stratagem.pk)
    )


@transaction.atomic
def stratagem_name_substitute(*, actor: Officer, stratagem: Stratagem, substitute: Officer) -> Stratagem:
    """R9.3: the general declines and names a civil officer of their kingdom to play instead."""
    require_war_running(actor.campaign)
    stratagem = _lock(stratagem)
    if actor.pk != stratagem.target_id:
        raise NotAllowed("R9.3", _("Only the challenged general names who plays."))
    _check_open(stratagem)
    if (
        substitute.kind == OfficerKind.GENERAL
        or substitute.kingdom_id != stratagem.target.kingdom_id
        or substitute.whereabouts != Whereabouts.CITY
    ):
        raise RuleViolation("R9.3", _("The one named is a civil officer of the general's kingdom, in a city."))
    stratagem.substitute = substitute
    stratagem.save(update_fields=["substitute"])
    notices_send(
        campaign_id=stratagem.campaign_id, officer_ids=[substitute.pk], key=f"stratagem:{stratagem.pk}:challenge"
    )
    return stratagem


def _check_open(stratagem: Stratagem) -> None:
    if stratagem.status != Stratagem.Status.CHALLENGED or clock.now() >= stratagem.deadline:
        raise RuleViolation("R9.3", _("The time to take up this challenge is over."))


@transaction.atomic
def stratagem_accept(*, actor: Officer, stratagem: Stratagem) -> Stratagem:
    """R9.3: the general, or the civil officer named, takes the game within the window."""
    require_war_running(actor.campaign)
    stratagem = _lock(stratagem)
    if actor.pk not in (stratagem.target_id, stratagem.substitute_id):
        raise NotAllowed("R9.3", _("Only the challenged general or the civil officer named takes the game."))
    _check_open(stratagem)
    now = clock.now()
    layout, salt = deal(), secrets.token_hex(16)
    game = BanqiGame.objects.create(
        campaign_id=stratagem.campaign_id,
        first=stratagem.schemer,
        second=actor,
        layout=layout,
        salt=salt,
        layout_hash=layout_hash(layout, salt),
        started_at=now,
        first_left_ms=_ms(stratagem.campaign.banqi_base),
        second_left_ms=_ms(stratagem.campaign.banqi_base),
        turn_since=now,
    )
    _schedule_banqi_flag(game, 0)
    timers_cancel(kind=STRATAGEM_DEADLINE, object_ids=[stratagem.pk])  # the game is taken (R9.3)
    stratagem.player, stratagem.banqi = actor, game
    status_change(stratagem, Stratagem.Status.PLAYING, _("stratagem"))
    stratagem.save(update_fields=["player", "banqi", "status"])
    duties_recount(key=f"stratagem:{stratagem.pk}:challenge")
    notices_send(campaign_id=stratagem.campaign_id, officer_ids=[stratagem.schemer_id], key=f"banqi:{game.pk}:play")
    return stratagem


@transaction.atomic
def banqi_act(*, actor: Officer, game: BanqiGame, action: str) -> BanqiGame:
    """One dark-chess action by the player whose turn it is; the game is rebuilt from its
    stored layout and actions, so a refused action changes nothing. The player's clock stops and
    gains the campaign's increment; an action after the flag fell loses on time."""
    game = BanqiGame.objects.select_for_update(no_key=True, of=("self",)).select_related("campaign").get(pk=game.pk)
    require_war_running(game.campaign)
    if game.result:
        raise RuleViolation("R11.7", _("This game is over."))
    if actor.pk not in (game.first_id, game.second_id):
        raise NotAllowed("R11.7", _("Only the two players act in this game."))
    engine = banqi_replay(game)
    now = clock.now()
    if game.turn_since is not None and action != "resign" and now >= game.deadline(engine.turn):
        return _banqi_time(game, engine.turn, now)
    player = 0 if actor.pk == game.first_id else 1
    try:
        if action == "resign":
            engine.resign(player=player)
        else:
            engine.play(action, player=player)
    except BanqiError as exc:
        raise RuleViolation("R11.7", banqi_refusal(exc)) from None
    stale_flag = _banqi_flag_key(game)
    game.actions = engine.actions + (["resign"] if action == "resign" else [])
    update = ["actions"]
    if game.turn_since is not None and action != "resign":
        field = "first_left_ms" if player == 0 else "second_left_ms"
        left = game.left_ms(player, now, to_move=player) + _ms(game.campaign.banqi_increment)
        setattr(game, field, left)
        game.turn_since = now
        update += [field, "turn_since"]
    if engine.result is not None:
        game.result, game.termination, game.ended_at = engine.result, engine.termination, now
        update += ["result", "termination", "ended_at"]
    game.save(update_fields=update)
    if game.result:
        _decide(game)
    elif game.turn_since is not None:
        _move_banqi_flag(game, engine.turn, stale_flag)
    watchers_tell("banqi", game.pk)
    return game


def _ms(duration: timedelta) -> int:
    return int(duration / timedelta(milliseconds=1))


def _banqi_flag_key(game: BanqiGame) -> str:
    return f"banqi:{game.pk}:flag:{len(game.actions)}"


def _schedule_banqi_flag(game: BanqiGame, to_move: int) -> None:
    ply = len(game.actions)
    timer_schedule(
        campaign=game.campaign,
        key=_banqi_flag_key(game),
        kind=BANQI_FLAG,
        object_id=game.pk,
        due_at=game.deadline(to_move),
        seq=ply,
    )


def _move_banqi_flag(game: BanqiGame, to_move: int, stale_key: str) -> None:
    """One flag per game, as a live battle game's: the flag of the position left becomes the
    player to move's (a game's actions no longer leave a pending timer each)."""
    ply = len(game.actions)
    if not timer_move(key=stale_key, to_key=_banqi_flag_key(game), due_at=game.deadline(to_move), seq=ply):
        _schedule_banqi_flag(game, to_move)


def _banqi_time(game: BanqiGame, to_move: int, now: datetime) -> BanqiGame:
    """The player to move ran out of time: the other wins (R11.7)."""
    game.result, game.termination, game.ended_at = ("1" if to_move == 0 else "0"), "time", now
    game.save(update_fields=["result", "termination", "ended_at"])
    _decide(game)
    watchers_tell("banqi", game.pk)
    return game


@timer_handler(BANQI_FLAG)
def banqi_flag_due(timer: Timer) -> None:
    """Applied at the due instant whether or not anyone is on the page; an action since makes it
    stale."""
    game = (
        BanqiGame.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign")
        .get(pk=timer.object_id)
    )
    if game.result or game.turn_since is None or len(game.actions) != timer.seq:
        return
    to_move = banqi_replay(game).turn
    if timer.due_at < game.deadline(to_move):
        return
    _banqi_time(game, to_move, timer.due_at)


def banqi_replay(game: BanqiGame) -> Banqi:
    return replay_actions(game.layout, game.actions)


def _decide(game: BanqiGame) -> None:
    """The game is over, however it ended (an action, a resignation, a flag): its stratagem is
    decided and no timer of the game stays pending."""
    timers_cancel(kind=BANQI_FLAG, object_ids=[game.pk])
    stratagem = _lock(Stratagem.objects.get(banqi=game))
    duties_recount(key=f"banqi:{game.pk}:play")
    target_side_lost = game.result == "0"  # the schemer (first) won
    assert game.ended_at is not None  # the callers set it with the result
    if target_side_lost:
        _take_effect(stratagem, game.ended_at)
    else:
        status_change(stratagem, Stratagem.Status.FAILED, _("stratagem"))
        stratagem.decided_at = game.ended_at
        stratagem.save(update_fields=["status", "decided_at"])


def _take_effect(stratagem: Stratagem, at: datetime) -> None:
    """R9.2."""
    status_change(stratagem, Stratagem.Status.EFFECT, _("stratagem"))
    stratagem.decided_at = at
    campaign = stratagem.campaign
    zone = campaign.zone
    stratagem.effect_until = local_midnight(at.astimezone(zone).date() + timedelta(days=2), zone)
    stratagem.save(update_fields=["status", "decided_at", "effect_until"])
    target = Officer.objects.select_related("city__board").get(pk=stratagem.target_id)
    # R9.2: the city where the general is; a general who has left since the challenge (marching,
    # on the road) does not take the ploy away with them: the city where they were challenged.
    city = target.city or (
        City.objects.select_related("board").get(pk=stratagem.city_id) if stratagem.city_id else None
    )
    if stratagem.kind == Stratagem.Kind.SIEGE and city is not None:
        value_change(
            key=f"stratagem:{stratagem.pk}:wall",
            city=city,
            delta=-campaign.stratagem_wall,
            clause="R9.2",
            cause="ploy",
            names={"schemer": stratagem.schemer.name, "target": target.name},
            due_at=at,
        )
    title = texts.stratagem_effect(stratagem, target)
    if city is not None:
        board = city.board
    else:
        kingdom = stratagem.target.kingdom
        assert kingdom is not None  # R9.1: the target was challenged as a general of an enemy kingdom
        board = kingdom.palace
    announcement_post(board, f"stratagem:{stratagem.pk}:effect", at, title, topic=f"stratagem:{stratagem.pk}")


@timer_handler(STRATAGEM_DEADLINE)
def stratagem_deadline(timer: Timer) -> None:
    """R9.3: nobody took the game within the window: the stratagem takes effect."""
    stratagem = _lock(Stratagem(pk=timer.object_id))
    if stratagem.status == Stratagem.Status.CHALLENGED:
        _take_effect(stratagem, timer.due_at)
        duties_recount(key=f"stratagem:{stratagem.pk}:challenge")


def game_effects_apply(*, game: Game, at: datetime) -> None:
    """Apply waiting 速攻計 / 攪亂計 effects to a battle game as it begins (R9.2, R11.4, R11.5):
    the earliest unused, unlapsed effect for each player."""
    for side, officer_id in (("attacker", game.attacker_id), ("defender", game.defender_id)):
        pending = (
            Stratagem.objects.select_for_update(no_key=True, of=("self",))
            .filter(status=Stratagem.Status.EFFECT, effect_game__isnull=True, effect_until__gt=at)
            .filter(
                Q(kind=Stratagem.Kind.SWIFT, beneficiary_id=officer_id)
                | Q(kind=Stratagem.Kind.CONFUSION, target_id=officer_id)
            )
            .order_by("decided_at")
        )
        for stratagem in pending:
            if stratagem.kind == Stratagem.Kind.SWIFT and not game.favoured:
                game.favoured, game.extra_moves = side, stratagem.campaign.stratagem_extra_moves
            elif stratagem.kind == Stratagem.Kind.CONFUSION and not game.restricted:
                game.restricted = side
            else:
                continue
            stratagem.effect_game = game
            stratagem.save(update_fields=["effect_game"])
    game.save(update_fields=["favoured", "extra_moves", "restricted"])


def game_begin(*, game: Game, at: datetime) -> None:
    """A battle's game begins (taken up, paired, declared): its 速攻計 / 攪亂計 applied, then the
    game of its kind set up where that kind is played (W1: a hero tactics game, play/hooks.py
    `begun`, with W5 and W6 read from those effects)."""
    game_effects_apply(game=game, at=at)
    for hook in begun:
        hook(game=game)
