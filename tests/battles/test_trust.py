"""Results no one can forge, and bad input that is a message, never a 500 (R11.3, R11.4, R3.2,
R2.4): each test here failed on the site before these rules were enforced."""

from datetime import timedelta
from functools import partial

import pytest
from django.urls import reverse

from battles.models import Army, FieldBattle
from battles.services.field import field_sortie
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import stratagem_challenge
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move
from campaign.timers import timers_sweep
from cities.models import City
from forum.models import Post, Thread
from orders.services.moves import move_approve, move_request
from orders.services.personnel import governor_appoint
from play.models import Game
from play.services.records import game_claim_answer, game_report
from play.services.results import game_result_enter
from tests.races import at_once
from tests.worlds import besiege, make_world

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
MATE_IN_ONE = '[FEN "4k4/9/9/9/9/9/9/3R5/R8/5K3 w - - 0 1"]\n1. 車九平五'


def url(world, name, *args):
    return reverse(name, args=[world.campaign.slug, *args])


def field_game(world):
    army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])
    battle = field_sortie(actor=world["劉備"], army=army, officers=[world["魏延"]])
    return battle.games.get()


def siege_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    return siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])


def test_r11_3_a_forged_start_decides_nothing(world, clock):
    """A player of a pending field game reports a set-up position with a ready mate."""
    game = field_game(world)
    attacker = game.attacker.name
    with pytest.raises(RuleViolation) as err:
        game_report(actor=world[attacker], game=game, text=MATE_IN_ONE)
    assert err.value.clause == "R11.3"
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.record) == (Game.Status.PENDING, "", "")
    assert FieldBattle.objects.get().winner == ""


def test_a_record_text_past_the_cap_is_refused(world, clock):
    game = siege_game(world, clock)
    with pytest.raises(RuleViolation) as err:
        game_report(actor=world["許褚"], game=game, text="(" * 400_000, claimed="attacker")
    assert err.value.clause == "R11.3"
    assert Game.objects.get(pk=game.pk).record == ""


def test_r11_3_a_claim_once_made_cannot_be_changed_by_its_reporter(world, clock):
    game = game_report(actor=world["許褚"], game=siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker")
    shown = game.claim_token()
    for claimed in ("draw", "attacker"):
        with pytest.raises(RuleViolation):
            game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７ 馬二進三", claimed=claimed)
    with pytest.raises(RuleViolation):  # the opponent cannot replace it either
        game_report(actor=world["魏延"], game=game, text="炮二平五", claimed="defender")
    game = Game.objects.get(pk=game.pk)
    assert (game.claimed_result, game.moves, game.claim_token()) == ("attacker", ["h2e2", "h9g7"], shown)


def test_r11_3_confirm_names_the_claim_it_answers(world, clock):
    game = game_report(actor=world["許褚"], game=siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker")
    with pytest.raises(RuleViolation):
        game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim="draw@" + game.reported_at.isoformat())
    with pytest.raises(RuleViolation):
        game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim="")
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


def test_r11_3_a_disputed_claim_goes_only_to_the_authority(world, clock):
    game = game_report(actor=world["許褚"], game=siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker")
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    with pytest.raises(RuleViolation):
        game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７", claimed="attacker")
    with pytest.raises(RuleViolation):
        game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim=game.claim_token())
    assert Game.objects.get(pk=game.pk).claim_status == "disputed"
    game = game_result_enter(user=world["孫權"].user, game=game, result="defender")
    assert game.result == "defender"


def test_r11_3_the_governor_who_played_does_not_judge_the_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    world.online("張飛")
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["張飛"], game=game, defender=world["張飛"])
    with pytest.raises(NotAllowed):
        game_result_enter(user=world["張飛"].user, game=game, result="defender")
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING
    assert game_result_enter(user=world["孫權"].user, game=game, result="defender").result == "defender"


def test_r3_2_an_administrators_own_request_is_not_his_citys_approval(world, clock):
    """荀彧 administers 許昌's board; with 夏侯惇, its governor, not online he would decide for
    許昌 — but not on his own move."""
    move = move_request(actor=world["荀彧"], destination=world.city("洛陽"))
    assert move.origin_approver_id is None and move.status == Move.Status.REQUESTED
    with pytest.raises(NotAllowed):
        move_approve(actor=world["荀彧"], move=move)
    assert Move.objects.get(pk=move.pk).origin_approver_id is None


def test_r3_2_a_governors_own_move_is_decided_by_others(world, clock):
    """張遼 governs 合肥 and asks to leave it: 陳群, the administrator there, decides for 合肥
    in his place; 夏侯惇 for 許昌."""
    world.online("張遼", "夏侯惇")
    move = move_request(actor=world["張遼"], destination=world.city("許昌"))
    assert move.origin_approver_id is None
    with pytest.raises(NotAllowed):
        move_approve(actor=world["張遼"], move=move)
    move = move_approve(actor=world["陳群"], move=move)
    move = move_approve(actor=world["夏侯惇"], move=move)
    assert move.status == Move.Status.TRAVELLING


def test_r11_4_the_game_page_replays_a_handicap_game(world, clock, client):
    """速攻計 gives 徐晃 two first moves (R9.2, R11.4): the page shows them, never a 500."""
    world.online("張飛")
    stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="swift", beneficiary=world["徐晃"])
    clock.shift(timedelta(minutes=11))
    timers_sweep()
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["徐晃"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    game = game_report(actor=world["徐晃"], game=game, text="炮二平五 炮八平六 馬８進７", claimed="attacker")
    client.force_login(world["魏延"].user)
    for query in ("", "?notation=wxf", "?ply=1", "?ply=2"):
        page = client.get(url(world, "game", game.pk) + query)
        assert page.status_code == 200
    page = client.get(url(world, "game", game.pk)).content.decode()
    assert "炮二平五" in page and "炮八平六" in page and "馬８進７" in page and 'name="confirm"' in page
    pgn = client.get(url(world, "game-pgn", game.pk))
    assert pgn.status_code == 200 and b"h2e2 b2d2" in pgn.content


@pytest.mark.parametrize(
    "query", ["?officer=²", "?officer=٣", "?officer=99999999999999999999", "?page=²", "?officer=-1", "?officer=%00"]
)
def test_the_games_list_reads_odd_filters(world, client, query):
    assert client.get(url(world, "games") + query).status_code == 200


@pytest.mark.parametrize("raw", ["²", "٣", "99999999999999999999", "-1", "1\x00"])
def test_odd_ids_in_the_march_and_move_forms_are_messages(world, clock, client, raw):
    client.force_login(world["曹操"].user)
    response = client.post(
        url(world, "march-new"),
        {"origin": world.city("長安").pk, "target": world.city("漢中").pk, "member": [raw]},
        follow=True,
    )
    assert response.status_code == 200 and "R4" in response.content.decode()
    assert not Army.objects.exists()
    response = client.post(url(world, "move-request"), {"destination": raw}, follow=True)
    assert response.status_code == 200 and not Move.objects.exists()


@pytest.mark.parametrize("field", ["title", "body"])
def test_control_characters_in_a_post_are_refused(world, client, field):
    client.force_login(world["郭嘉"].user)
    board = world.city("洛陽").board
    data = {"title": "獻策", "body": "奇謀"}
    data[field] = data[field] + "\x00"
    page = client.post(url(world, "thread-new", board.pk), data, follow=True).content.decode()
    assert "NUL" in page
    assert not Thread.objects.filter(board=board, is_system=False).exists()
    assert not Post.objects.filter(author=world["郭嘉"]).exists()


def test_control_characters_in_a_judges_note_are_refused(world, clock):
    game = siege_game(world, clock)
    with pytest.raises(RuleViolation):
        game_result_enter(user=world["孫權"].user, game=game, result="draw", note="x\x00y")
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


def test_a_pathological_post_is_stored_rendered(world, client):
    """20,000 characters of brackets: accepted, rendered once, shown from the stored HTML."""
    client.force_login(world["郭嘉"].user)
    board = world.city("洛陽").board
    client.post(url(world, "thread-new", board.pk), {"title": "括號", "body": "[\\]" * 6_000})
    post = Post.objects.get(author=world["郭嘉"])
    assert post.html.startswith("<p>") and "[]" in post.html


@pytest.mark.django_db(transaction=True)
def test_r2_4_one_officer_appointed_to_two_cities_at_once(clock):
    """Two kings' clicks at the same instant name 郭嘉 governor of 洛陽 and of 許昌: one city has
    him, the other none; neither click is a 500."""
    world = make_world()
    king, officer = world["曹操"], world["郭嘉"]
    raised = at_once(
        *(partial(governor_appoint, actor=king, city=world.city(name), officer=officer) for name in ("洛陽", "許昌"))
    )
    assert [exc for exc in raised if not isinstance(exc, RuleViolation)] == []
    assert City.objects.filter(governor=officer).count() == 1
