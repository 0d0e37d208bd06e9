"""W1, W3 in the terminal: a battle decided by 戰棋 opened from the war's games list (or a siege's
page) goes to the hero tactics game's own screen, not to an empty xiangqi board."""

from datetime import timedelta

from asgiref.sync import async_to_sync

from bbs.context import Context
from gamescreens.games.open import game_screen
from gamescreens.tactics.game import TacticsScreen
from tactics.models import TacticsGame
from tests.bbs.test_games_list import besieging, siege_game
from tests.worlds import make_world


def test_w1_w3_a_battles_tactics_game_opens_on_the_tactics_screen(transactional_db):
    world = make_world(battle_game="tactics", travel_time=timedelta(seconds=1), war_start_minute=0)
    game = siege_game(world, besieging(world))
    tactics = TacticsGame.objects.get(battle=game)
    ctx = Context(user=world["許褚"].user, language="en")
    ctx.campaign, ctx.officer = world.campaign, world["許褚"]
    opening = game_screen(ctx, game.pk)
    ctx.push(opening)
    async_to_sync(opening.start)()
    assert isinstance(ctx.stack[-1], TacticsScreen) and ctx.stack[-1].game_id == tactics.pk
