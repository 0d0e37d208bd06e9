"""Two worlds for pinning each page's queries: the demo with a war begun, and one several times
larger (more cities, officers, armies, games, moves, posts), built through the services."""

from datetime import timedelta

from battles.models import BanqiGame, Siege
from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import banqi_act, stratagem_accept, stratagem_challenge
from forum.services.boards import post_reply, thread_create
from forum.services.comments import comment_add
from ops.demo import demo_spec
from orders.services.moves import move_order, move_request
from play.models import Game
from play.services.records import game_report
from play.services.results import game_result_enter
from seasons.world.creation import world_create
from tests.worlds import World, arrive


def spec(extra: int) -> dict:
    world = demo_spec()
    world["cities"] += [{"name": f"城{i}", "kingdom": "魏", "kind": "frontier"} for i in range(extra)]
    world["roads"] += [("長安", f"城{i}") for i in range(extra)]
    world["officers"] += [
        {"username": f"extra{i}", "name": f"將{i}", "kingdom": "魏", "stars": 4, "kind": "general", "city": "長安"}
        for i in range(extra)
    ]
    world["officers"] += [
        {"username": f"guard{i}", "name": f"兵{i}", "kingdom": "蜀", "stars": 6, "kind": "general", "city": "漢中"}
        for i in range(extra)
    ]
    return world


def comment_on(world, post, n: int) -> None:
    """One to three 推 or 噓 under a post (the thread page reads them in one query whatever their number)."""
    for name in ("張飛", "郭嘉", "孫權")[: 1 + n % 3]:
        comment_add(actor=world[name], post=post, kind="push" if n % 2 else "boo", text=f"留言{n}")


def build(clock, size: int) -> tuple[World, dict]:
    """`size` 1: the demo with one siege, one field battle, one game of each state, a move and a
    post; `size` n: n times the extra officers, and n armies before 漢中 with n games each."""
    world = World(world_create(spec=spec(5 * size)))
    extras = [f"將{i}" for i in range(5 * size)]
    march_start(actor=world["孫權"], target=world.city("江州"), organisation=[(world["呂蒙"], "marshal")])
    field = march_start(actor=world["孫權"], target=world.city("永安"), organisation=[(world["甘寧"], "marshal")])
    field_sortie(actor=world["劉備"], army=field, officers=[world["趙雲"]])
    armies = []
    for n in range(size):
        members = [(extras[5 * n], "marshal")] + [(extras[5 * n + k], "infantry") for k in (1, 2, 3)]
        if n == 0:
            members = [("徐晃", "marshal"), ("許褚", "general")] + [(extras[k], "infantry") for k in (1, 2)]
        armies.append(
            march_start(
                actor=world["曹操"],
                target=world.city("漢中"),
                organisation=[(world[name], rank) for name, rank in members],
            )
        )
    for army in armies:
        arrive(clock, army, world)
    siege = Siege.objects.get(city=world.city("漢中"))
    world.online("張飛", "魏延")
    for army in armies:
        marshal = army.members.get(rank="marshal").officer
        game = siege_call(actor=world["曹操"], army=army, attacker=marshal)
        siege_call_answer(actor=world["張飛"], game=game, defender=world[f"兵{armies.index(army)}"])
        game = Game.objects.get(pk=game.pk)
        game_report(actor=game.attacker, game=game, text="炮二平五 馬８進７", claimed="attacker")
        other = army.members.exclude(rank="marshal").select_related("officer").first().officer
        call = siege_call(actor=world["曹操"], army=army, attacker=other)
        if army == armies[0]:
            answered = siege_call_answer(actor=world["魏延"], game=call, defender=world["魏延"])
            game_result_enter(user=world["孫權"].user, game=answered, result="draw")
    for n in range(size):
        move_request(actor=world[extras[5 * n + 4]], destination=world.city(f"城{n}"))
    move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    clock.shift(timedelta(minutes=1))
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["司馬懿"], target=world["張飛"], kind="siege")
    stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    banqi = BanqiGame.objects.get(stratagem=stratagem)
    for action in ("a1", "b1", "c1")[:size]:  # a few flips: the board is read from the actions
        player = world["司馬懿"] if len(banqi.actions) % 2 == 0 else world["張飛"]
        banqi_act(actor=player, game=banqi, action=action)
        banqi.refresh_from_db()
    board = world.city("漢中").board
    for n in range(size):
        thread = thread_create(actor=world["張飛"], board=board, title=f"守城{n}", body="**守**")
        comment_on(world, post_reply(actor=world["魏延"], thread=thread, body="附議"), n)
    return world, {
        "banqi": banqi,
        "siege": siege,
        "army": armies[0],
        "field": field,
        "board": board,
        "game": Game.objects.filter(siege=siege).order_by("pk").first(),
    }
