"""The matrix's rows for the war's actions: marches, sieges, rosters, retreats, ransoms,
stratagems, games, field battles, pursuits and reinforcements."""

from datetime import timedelta

from battles.models import (
    BanqiGame,
    Ransom,
    Stratagem,
)
from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import stratagem_accept, stratagem_challenge
from play.services.records import game_report
from play.services.results import game_result_enter
from tests.authorization.cases import ARMY, Case, allow, refuse
from tests.worlds import besiege


def march(world):
    return march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])


def pending_siege_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    world.online("張飛")
    return siege_call_answer(actor=world["張飛"], game=game, defender=world["張飛"])


def march_new(world, clock):
    data = {
        "origin": world.city("長安").pk,
        "target": world.city("漢中").pk,
        "member": [world["徐晃"].pk, world["許褚"].pk],
        f"rank_{world['徐晃'].pk}": "marshal",
        f"rank_{world['許褚'].pk}": "general",
    }
    return Case([], data, {"other": refuse("孫權"), "same": refuse("許褚"), "right": allow("曹操")})


def ransom_decide(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    game_result_enter(user=world["孫權"].user, game=battle.games.get(), result="defender")
    ransom = Ransom.objects.get()
    return Case(
        [ransom.pk],
        {"paid": "1"},
        {"other": refuse("孫權"), "same": refuse("張飛"), "party": refuse("曹操"), "right": allow("劉備")},
    )


def call_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {"army": army.pk, "attacker": world["許褚"].pk},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("徐晃")},
    )


def call_answer(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    world.online("張飛")
    return Case(
        [army.siege_id, game.pk],
        {"defender": world["張飛"].pk},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("許褚"), "right": allow("張飛")},
    )


def roster_edit(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    data = {
        "member": [world["張飛"].pk, world["魏延"].pk],
        f"rank_{world['張飛'].pk}": "governor",
        f"rank_{world['魏延'].pk}": "soldier",
    }
    return Case(
        [army.siege_id],
        data,
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def retreat(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {"army": army.pk},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("徐晃")},
    )


def retreat_money(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.siege_id],
        {},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("魏延")},
    )


def stratagem_new(world, clock):
    world.online("張飛")
    return Case(
        [],
        {"target": world["張飛"].pk, "kind": Stratagem.Kind.SIEGE},
        {"other": refuse("孫權"), "same": refuse("許褚"), "party": refuse("張飛"), "right": allow("郭嘉")},
    )


def challenged(world):
    world.online("張飛")
    return stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind=Stratagem.Kind.SIEGE)


def stratagem_answer(world, clock):
    stratagem = challenged(world)
    return Case(
        [stratagem.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("郭嘉"), "right": allow("張飛")},
    )


def banqi_act(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenged(world))
    game = BanqiGame.objects.get(stratagem=stratagem)
    # Both players act, each in turn (a turn out of order is a rule, R11.7, not an authority).
    return Case([game.pk], {"action": "a1"}, {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("郭嘉")})


def game_report_case(world, clock):
    game = pending_siege_game(world, clock)
    return Case(
        [game.pk],
        {"record": "炮二平五 馬８進７", "claimed": "attacker"},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("許褚")},
    )


def game_claim(world, clock):
    game = game_report(
        actor=world["許褚"], game=pending_siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker"
    )
    return Case(
        [game.pk],
        {"confirm": "1", "claim": game.claim_token()},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("許褚"), "right": allow("張飛")},
    )


def game_agree(world, clock):
    game = pending_siege_game(world, clock)
    return Case([game.pk], {}, {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("許褚")})


def result_enter(world, clock):
    game = pending_siege_game(world, clock)  # 張飛, governor of 漢中, plays it himself
    return Case(
        [game.pk],
        {"result": "attacker"},
        {"other": refuse("劉備"), "same": refuse("諸葛亮"), "party": refuse("張飛"), "right": allow("孫權")},
    )


def sortie_new(world, clock):
    army = march(world)
    world.online("張飛")
    return Case(
        [army.pk],
        {"officer": [world["張飛"].pk, world["魏延"].pk]},
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def battle_choose(world, clock):
    army = march(world)
    field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    return Case(
        [army.pk],
        {"officer": [world["許褚"].pk]},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("劉備"), "right": allow("徐晃")},
    )


def battle_advance(world, clock):
    army = march(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    for game, outcome in zip(battle.games.order_by("board"), ["attacker", "draw"]):
        game_result_enter(user=world["孫權"].user, game=game, result=outcome)
    clock.move_to(army.arrives_at + timedelta(minutes=1))
    return Case(
        [army.pk],
        {"advance": "1"},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("劉備"), "right": allow("徐晃")},
    )


def pursuit_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    world.online("徐晃", "許褚", "張飛")
    data = {"pursuer": [world["張飛"].pk, world["魏延"].pk], "opponent": [world["徐晃"].pk, world["許褚"].pk]}
    return Case(
        [army.pk],
        data,
        {"other": refuse("孫權"), "same": refuse("諸葛亮"), "party": refuse("徐晃"), "right": allow("張飛")},
    )


def reinforce_new(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return Case(
        [army.pk],
        {"origin": world.city("洛陽").pk, "member": [world["曹仁"].pk]},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "party": refuse("張飛"), "right": allow("曹操")},
    )
