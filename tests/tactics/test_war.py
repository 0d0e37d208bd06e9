"""Hero tactics as the war's battle game (docs/tactics.md "In the war", W1–W7): a campaign set to
戰棋 decides its sieges, field battles and pursuits by hero tactics games between the two
officers, played through the services to their end, whose results move the wall, the morale and
the prisoners exactly as a xiangqi game's (R6.2, R5.4, R8.2)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from battles.models import Army, FieldBattle, Pursuit, Stratagem
from battles.rules import siege_game_effect
from battles.services.field import field_sortie
from battles.services.pursuit import pursuit_declare
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import stratagem_challenge
from campaign.errors import RuleViolation
from campaign.models import Campaign, Whereabouts
from campaign.timers import timers_sweep
from play.models import Game
from play.selectors.game_choice import game_opening
from play.services.live import live_ready
from play.services.records import game_report
from play.services.results import game_result_enter
from seasons.services.season_life import war_pause, war_resume
from tactics.lookups import tactics_of_battle
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal, tactics_view
from tactics.services.battle import battle_result
from tactics.services.challenges import tactics_cancel
from tactics.services.clock import tactics_flag_check
from tactics.services.play import tactics_act, tactics_resign
from tactics.services.seats import tactics_join
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.tactics.bots import CELLS, SIDES_PICKS
from tests.tactics.war import play_out, players, set_up, tactics_of
from tests.worlds import besiege, make_world

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture
def world(clock, db):
    return make_world(battle_game="tactics")


def taken_up(world, clock, attacker="許褚", defender="魏延", army=None) -> Game:
    army = army or besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world[attacker])
    return siege_call_answer(actor=world[defender], game=game, defender=world[defender])


def test_w1_w2_a_siege_call_taken_up_makes_a_tactics_game_between_the_two_officers(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    called = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    assert called.game_kind == "tactics" and not TacticsGame.objects.exists(), "nothing to play before a defender"
    game = siege_call_answer(actor=world["魏延"], game=called, defender=world["魏延"])
    tactics = tactics_of(game)
    assert (tactics.challenger, tactics.opponent) == (world["許褚"].user, world["魏延"].user)
    assert tactics.challenger_side == "first", "R6.1: the attacker moves first, so it is 先手"
    assert tactics.status == TacticsGame.Status.PICKING, "W2: no challenge to accept; both pick"
    assert (tactics.settings, tactics.map) == ({}, "classic-9")
    assert tactics_view(tactics, world["魏延"].user)["battle"] == game.pk, "a bot finds the battle it decides"


def test_r6_2_w4_a_siege_game_won_by_destroying_the_base_lowers_the_wall(world, clock):
    game = taken_up(world, clock)
    tactics = play_out(set_up(tactics_of(game)), winner="first")
    assert (tactics.outcome, tactics.reason) == ("first", "base")
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "attacker", "base")
    city = world.city("漢中")
    assert city.wall == 500 - 10, "R6.2: the attacker's win takes the patrol defender's 10 points off the wall"
    assert list(city.ledger.values_list("delta", "clause")) == [(-10, "R6.2")]


def test_r6_2_w4_a_resignation_is_the_defenders_win_and_lowers_the_morale(world, clock):
    game = taken_up(world, clock)
    tactics = set_up(tactics_of(game))
    before = Army.objects.get(pk=game.army_id).morale
    tactics_resign(user=world["許褚"].user, game_id=tactics.pk)
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination) == ("defender", "resignation")
    effect = siege_game_effect("defender", game.attacker_rank, game.defender_rank)
    assert effect.morale < 0 and Army.objects.get(pk=game.army_id).morale == before + effect.morale
    assert world.city("漢中").wall == 500


def test_r5_4_w1_a_field_battle_is_decided_by_its_tactics_games(world, clock):
    army = march_on_hanzhong(world)
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["張飛"], world["魏延"]])
    games = list(battle.games.order_by("board"))
    assert [tactics_of(g).challenger_side for g in games] == [
        "first" if g.attacker_moves_first else "second" for g in games
    ], "R5.3: whoever moves first in the pairing is 先手"
    first = tactics_of(games[0])
    play_out(set_up(first), winner=first.side_of(world["張飛"].user_id))  # the defender destroys the base
    second = set_up(tactics_of(games[1]))
    tactics_resign(user=world["許褚"].user, game_id=second.pk)
    battle = FieldBattle.objects.get(pk=battle.pk)
    assert battle.winner == "defender"
    assert world["徐晃"].whereabouts == Whereabouts.PRISONER, "R5.4: the loser of their own game is taken"


def test_r8_2_w1_a_pursuit_is_decided_by_its_tactics_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    world.online("徐晃")
    pursuit = pursuit_declare(
        actor=world["劉備"], pursuit=Pursuit.objects.get(army=army), pursuers=[world["張飛"]], opponents=[world["徐晃"]]
    )
    tactics = tactics_of(Game.objects.get(pursuit=pursuit))
    assert tactics.side_of(world["張飛"].user_id) == "first", "R8.2: the pursuer moves first"
    play_out(set_up(tactics), winner="first")
    assert world["徐晃"].whereabouts == Whereabouts.PRISONER and world["徐晃"].captor.name == "蜀"


def march_on_hanzhong(world) -> Army:
    from battles.services.march import march_start

    return march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])


def scheme(world, clock, kind: str, **extra) -> None:
    """A stratagem that took effect unanswered (R9.3), waiting for its general's next game."""
    target = extra.pop("target", "張飛")
    world.online(target)
    stratagem_challenge(actor=world["郭嘉"], target=world[target], kind=kind, **extra)
    clock.shift(timedelta(minutes=11))
    timers_sweep()
    assert Stratagem.objects.filter(status=Stratagem.Status.EFFECT).exists()


def test_w5_swift_attack_gives_the_favoured_side_free_movement_phases(world, clock):
    scheme(world, clock, "swift", beneficiary=world["許褚"])
    tactics = set_up(tactics_of(taken_up(world, clock)))
    assert tactics.settings["free_phases"] == {"side": "first", "count": 2}, "W5: 2先, the attacker's"
    first = players(tactics)["first"]
    for _phase in range(2):
        legal = tactics_legal(tactics, first)
        assert {a["act"] for a in legal["actions"]} == {"move", "free-end"}, "W5: moves only, no attack or skill"
        assert tactics_view(tactics)["state"]["rolls"] == 0, "W5: no weather in a free phase"
        move = next(a for a in legal["actions"] if a["act"] == "move")
        tactics = tactics_act(user=first, game_id=tactics.pk, action=move, expected_version=legal["version"])
        end = {"act": "free-end", "side": "first"}
        tactics = tactics_act(user=first, game_id=tactics.pk, action=end, expected_version=tactics.version)
    assert tactics_view(tactics)["state"]["rolls"] == 1, "round 1 begins, its weather rolled"
    assert {a["act"] for a in tactics_legal(tactics, first)["actions"]} == {"turn"}


def test_w6_confusion_makes_the_restricted_side_pick_and_deploy_first_in_the_open(world, clock):
    scheme(world, clock, "confusion", target="魏延")
    tactics = tactics_of(taken_up(world, clock))
    assert tactics.settings["picks"] == "open-second"
    users = players(tactics)
    for language, words in (("en", "confusion ploy"), ("zh-hant", "攪亂計")):
        with translation.override(language), pytest.raises(RuleViolation) as err:
            tactics_pick(user=users["first"], game_id=tactics.pk, picks={"heroes": SIDES_PICKS["first"]})
        assert err.value.clause == "W6" and words in err.value.message
    tactics_pick(user=users["second"], game_id=tactics.pk, picks={"heroes": SIDES_PICKS["second"]})
    seen = tactics_view(TacticsGame.objects.get(pk=tactics.pk), users["first"])
    assert seen["picks"]["second"] == {"heroes": SIDES_PICKS["second"]}, "W6: shown to the other side at once"
    tactics_pick(user=users["first"], game_id=tactics.pk, picks={"heroes": SIDES_PICKS["first"]})
    cells = {side: dict(zip([p["hero"] for p in SIDES_PICKS[side]], CELLS[side], strict=True)) for side in CELLS}
    with pytest.raises(RuleViolation) as err:
        tactics_deploy(user=users["first"], game_id=tactics.pk, cells=cells["first"])
    assert err.value.clause == "W6"
    tactics_deploy(user=users["second"], game_id=tactics.pk, cells=cells["second"])
    seen = tactics_view(TacticsGame.objects.get(pk=tactics.pk), users["first"])
    assert seen["deployments"]["second"] == cells["second"], "W6: deployed in the open"
    tactics = tactics_deploy(user=users["first"], game_id=tactics.pk, cells=cells["first"])
    assert tactics.status == TacticsGame.Status.PLAYING


def test_w3_a_tactics_battle_has_no_reported_record_no_live_board_and_is_not_called_off(world, clock):
    game = taken_up(world, clock)
    for door in (
        lambda: game_report(actor=world["許褚"], game=game, text="1. 炮二平五"),
        lambda: live_ready(actor=world["許褚"], game=game),
        lambda: tactics_cancel(user=world["許褚"].user, game_id=tactics_of(game).pk),
    ):
        with pytest.raises(RuleViolation) as err:
            door()
        assert err.value.clause == "W3"
    assert Game.objects.get(pk=game.pk).status == "pending" and tactics_of(game).status == "picking"


def test_r11_3_w1_a_result_entered_by_the_authority_calls_the_tactics_game_off(world, clock):
    game = taken_up(world, clock)
    game_result_enter(user=world["孫權"].user, game=game, result="draw")
    assert tactics_of(game).status == TacticsGame.Status.CANCELLED
    assert world.city("漢中").wall == 500


def test_r8_1_w1_a_retreat_calls_the_siege_games_tactics_game_off(world, clock):
    game = taken_up(world, clock)
    army_retreat(actor=world["徐晃"], army=Army.objects.get(pk=game.army_id))
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
    assert tactics_of(game).status == TacticsGame.Status.CANCELLED, "nothing left to decide"


def test_w1_w3_the_battles_game_page_links_its_tactics_game_and_offers_no_xiangqi_board(world, clock):
    game = taken_up(world, clock)
    client = Client()
    client.force_login(world["許褚"].user)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("game", args=[world.campaign.slug, game.pk])).content.decode()
    link = reverse("tactics:game", args=[tactics_of(game).pk])
    assert f'href="{link}" data-tactics-link' in page and "picking heroes" in page
    assert 'id="live"' not in page and "Report the record" not in page, "W3: played on its own board"
    slug, siege = world.campaign.slug, Game.objects.get(pk=game.pk).siege_id
    for url in (
        reverse("games", args=[slug]),
        reverse("siege", args=[slug, siege]),
        f"/api/v1/c/{slug}/games/{game.pk}",
    ):
        assert client.get(url).status_code == 200, url


def test_w7_r6_2_a_fallen_flag_decides_the_battle_against_the_side_to_act(world, clock):
    game = taken_up(world, clock)
    tactics = set_up(tactics_of(game))
    assert tactics.to_act == "first"
    clock.shift(timedelta(minutes=30, seconds=1))  # W7: 30 minutes a side, the attacker's running
    assert tactics_flag_check(game_id=tactics.pk)
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination) == ("defender", "time")
    assert tactics_of(game).reason == "flag"


def test_w1_t3_11_the_campaigns_drawn_map_is_the_battles_map(world, clock):
    rows = ["...B...", ".M...W.", "F.....F", "W.....W", "F.....F", ".W...M.", "...B..."]
    Campaign.objects.filter(pk=world.campaign.pk).update(tactics_map="\n".join(rows))
    tactics = tactics_of(taken_up(world, clock))
    assert tactics.map == {"name": "drawn", "rows": rows}
    users = players(tactics)
    for side in CELLS:
        tactics_pick(user=users[side], game_id=tactics.pk, picks={"heroes": SIDES_PICKS[side]})
    names = [p["hero"] for p in SIDES_PICKS["first"]]
    with pytest.raises(RuleViolation) as err:  # d1 is this map's base
        tactics_deploy(user=users["first"], game_id=tactics.pk, cells=dict(zip(names, ["c1", "d1", "e1"], strict=True)))
    assert err.value.clause == "T2.5" and "a1, b1, c1, e1, f1, g1" in err.value.message
    tactics_deploy(user=users["first"], game_id=tactics.pk, cells=dict(zip(names, ["a1", "b1", "c1"], strict=True)))


def test_r1_1_w7_a_pause_of_the_war_holds_its_battles_clocks(world, clock):
    game = taken_up(world, clock)
    tactics = set_up(tactics_of(game))
    organiser = get_user_model().objects.create_user("organiser", password="a-long-password-2026")
    world.campaign.organisers.add(organiser)
    clock.shift(timedelta(minutes=10))
    war_pause(user=organiser, campaign=world.campaign)
    clock.shift(timedelta(hours=1))
    assert not tactics_flag_check(game_id=tactics.pk), "no flag falls while the war is paused"
    legal = tactics_legal(TacticsGame.objects.get(pk=tactics.pk), players(tactics)["first"])
    with pytest.raises(RuleViolation) as err:
        tactics_act(
            user=players(tactics)["first"],
            game_id=tactics.pk,
            action=legal["actions"][0],
            expected_version=legal["version"],
        )
    assert err.value.clause == "R1.1"
    war_resume(user=organiser, campaign=Campaign.objects.get(pk=world.campaign.pk))
    tactics = TacticsGame.objects.get(pk=tactics.pk)
    assert tactics_view(tactics)["clocks"]["first"] == 20 * 60 * 1000, "the 20 minutes it had when paused"
    clock.shift(timedelta(minutes=19))
    assert not tactics_flag_check(game_id=tactics.pk)
    clock.shift(timedelta(minutes=1, seconds=1))
    assert tactics_flag_check(game_id=tactics.pk) and Game.objects.get(pk=game.pk).result == "defender"


@pytest.mark.parametrize(
    "attacker_side, outcome, result",
    [
        ("first", "first", "attacker"),
        ("first", "second", "defender"),
        ("second", "second", "attacker"),
        ("second", "first", "defender"),
        ("first", "draw", "draw"),
        ("second", "draw", "draw"),
    ],
)
def test_w4_r6_2_the_games_outcome_is_the_battles_result_for_the_armys_side(attacker_side, outcome, result):
    """A draw (both bases at once, equal losses at the round limit: T13) is the battle's draw."""
    assert battle_result(TacticsGame(challenger_side=attacker_side, outcome=outcome)) == result


def test_w1_w3_the_terminal_opens_a_battles_tactics_game_on_its_own_board(world, clock):
    """The terminal's games list opens a battle decided by 戰棋 on the hero tactics screen, not on
    an empty xiangqi board (play's `game_opening` says "tactics"; the tactics game is found by the
    battle's game, in that campaign only)."""
    game = taken_up(world, clock)
    assert game_opening(campaign=world.campaign, game_id=game.pk) == "tactics"
    found = tactics_of_battle(campaign_id=world.campaign.pk, game_id=game.pk)
    assert found == tactics_of(game).pk
    assert tactics_of_battle(campaign_id=world.campaign.pk + 1, game_id=game.pk) is None


def test_w2_t2_6_a_battle_s_game_has_one_player_a_side_and_no_seat_to_take(world, clock):
    tactics = tactics_of(taken_up(world, clock))
    names = {"first": [world["許褚"].user.username], "second": [world["魏延"].user.username]}
    assert tactics.seats == 1 and tactics_view(tactics)["team"] == names
    friend = get_user_model().objects.create_user("friend", password="a-long-password-2026")
    with pytest.raises(RuleViolation) as refused:
        tactics_join(user=friend, game_id=tactics.pk, side="first")
    assert refused.value.clause == "T2.6" and tactics_of(tactics.battle).side_of(friend.pk) is None
