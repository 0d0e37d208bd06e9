"""The team form of a hero tactics game (T2.6, D2) through its services: players take the open
seats of a side before the picks, which begin once every seat is taken; the captain picks, deploys
and resigns for the side; each player acts only the heroes they command (the side's heroes in pick
order go to its players in order), any of them may start a hero of theirs that has not acted and
the first to start acts; and a whole game among six accounts, played to its end."""

import pytest
from django.utils import translation

from bots.services.accounts import bot_create
from bots.services.tactics import bot_tactics_turn
from campaign.errors import NotAllowed, RuleViolation, Stale
from games.tactics.board import distance
from games.tactics.replay import replay
from room.services.seeks import seek_accept, seek_open
from tactics.board_reads import tactics_preview
from tactics.models import TacticsGame, TacticsSeat
from tactics.selectors import tactics_legal, tactics_record, tactics_view
from tactics.services.challenges import tactics_accept, tactics_cancel, tactics_challenge
from tactics.services.play import tactics_act, tactics_resign
from tactics.services.seats import tactics_join, tactics_unseat
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.races import at_once
from tests.tactics.bots import SIDES_PICKS
from tests.tactics.pages import accounts, playing
from tests.tactics.team import seated, team_accounts, team_play_out, team_playing

pytestmark = pytest.mark.django_db


def _refused(call, clause: str = "T2.6", kind: type = RuleViolation) -> RuleViolation:
    with pytest.raises(kind) as refused:
        call()
    assert refused.value.clause == clause, refused.value.refusal
    return refused.value


def test_t2_6_players_take_the_open_seats_and_the_picks_begin_once_every_seat_is_taken():
    team = team_accounts()
    liubei, guanyu, zhangfei = team["first"]
    caocao, xuchu, dianwei = team["second"]
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=3)
    tactics_join(user=guanyu, game_id=game.pk, side="first")
    after = tactics_accept(user=caocao, game_id=game.pk)
    assert after.status == "seating"  # accepted, but seats are open: nobody picks yet
    _refused(lambda: tactics_pick(user=liubei, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]}), "T2.3")
    tactics_join(user=zhangfei, game_id=game.pk, side="first")
    _refused(lambda: tactics_join(user=xuchu, game_id=game.pk, side="first"))  # that side is full
    _refused(lambda: tactics_join(user=guanyu, game_id=game.pk, side="second"), kind=NotAllowed)  # one seat each
    _refused(lambda: tactics_join(user=caocao, game_id=game.pk, side="second"), kind=NotAllowed)  # a captain
    tactics_join(user=xuchu, game_id=game.pk, side="second")
    assert TacticsGame.objects.get(pk=game.pk).status == "seating"
    last = tactics_join(user=dianwei, game_id=game.pk, side="second")
    assert last.status == "picking"
    view = tactics_view(TacticsGame.objects.get(pk=game.pk), guanyu)
    assert view["you"] == "first" and view["captain"] is False and view["seats"] == 3
    assert view["team"] == {"first": ["liubei", "guanyu", "zhangfei"], "second": ["caocao", "xuchu", "dianwei"]}
    _refused(lambda: tactics_join(user=accounts("sunquan")[0], game_id=game.pk, side="first"))  # picks begun


def test_t2_6_a_player_leaves_or_is_unseated_by_their_captain_only_before_the_picks():
    team = team_accounts()
    liubei, guanyu, zhangfei = team["first"]
    caocao = team["second"][0]
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    tactics_join(user=guanyu, game_id=game.pk, side="first")
    _refused(lambda: tactics_unseat(user=caocao, game_id=game.pk, player_name="guanyu"), kind=NotAllowed)
    tactics_unseat(user=liubei, game_id=game.pk, player_name="guanyu")  # his captain unseats him
    assert not TacticsSeat.objects.filter(game=game).exists()
    tactics_join(user=zhangfei, game_id=game.pk, side="first")
    tactics_unseat(user=zhangfei, game_id=game.pk)  # he leaves
    one = tactics_challenge(user=liubei, opponent_name="xuchu", settings={})  # caocao's is unanswered yet
    _refused(lambda: tactics_join(user=guanyu, game_id=one.pk, side="first"))  # one player a side: no seats
    _refused(lambda: tactics_challenge(user=liubei, opponent_name="dianwei", settings={}, seats=4))  # N is 3


def test_t2_6_the_captain_picks_deploys_and_resigns_for_the_side_and_the_refusal_names_him():
    team = team_accounts()
    liubei, guanyu, _zhangfei = team["first"]
    game = seated(team)
    with translation.override("en"):
        refused = _refused(
            lambda: tactics_pick(user=guanyu, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]}), kind=NotAllowed
        )
    assert "liubei" in refused.refusal and "captain" in refused.refusal
    with translation.override("zh-hant"):
        refused = _refused(
            lambda: tactics_pick(user=guanyu, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]}), kind=NotAllowed
        )
    assert "liubei" in refused.refusal and "隊長" in refused.refusal
    assert TacticsGame.objects.get(pk=game.pk).picks == {}  # nothing changed
    _refused(lambda: tactics_cancel(user=guanyu, game_id=game.pk), kind=NotAllowed)
    for side in ("first", "second"):
        tactics_pick(user=team[side][0], game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    cells = {"呂布": "c1", "張飛": "d1", "甘寧": "f1"}
    _refused(lambda: tactics_deploy(user=guanyu, game_id=game.pk, cells=cells), kind=NotAllowed)
    assert tactics_deploy(user=liubei, game_id=game.pk, cells=cells).deployments["first"] == cells


def test_t2_6_each_player_acts_only_the_heroes_they_command():
    team = team_accounts()
    liubei, guanyu, zhangfei = team["first"]
    game = team_playing(team)
    view = tactics_view(game, guanyu)
    assert view["commanders"]["first"] == {"呂布": "liubei", "張飛": "guanyu", "甘寧": "zhangfei"}
    assert view["commanders"]["second"] == {"趙雲": "caocao", "關羽": "xuchu", "張遼": "dianwei"}
    starts = {user.username: tactics_legal(game, user)["actions"] for user in team["first"]}
    assert [a["hero"] for a in starts["liubei"]] == ["呂布"]
    assert [a["hero"] for a in starts["guanyu"]] == ["張飛"]
    assert [a["hero"] for a in starts["zhangfei"]] == ["甘寧"]
    lubu = starts["liubei"][0]
    refused = _refused(lambda: tactics_act(user=guanyu, game_id=game.pk, action=lubu, expected_version=game.version))
    assert "呂布" in refused.refusal and "liubei" in refused.refusal
    assert TacticsGame.objects.get(pk=game.pk).version == game.version  # nothing applied
    started = tactics_act(user=guanyu, game_id=game.pk, action=starts["guanyu"][0], expected_version=game.version)
    assert tactics_legal(started, liubei)["actions"] == []  # 張飛's turn is under way: his player's alone
    end = {"act": "end", "side": "first", "hero": "張飛"}
    _refused(lambda: tactics_act(user=liubei, game_id=game.pk, action=end, expected_version=started.version))
    ended = tactics_act(user=guanyu, game_id=game.pk, action=end, expected_version=started.version)
    assert [a["hero"] for a in tactics_legal(ended, zhangfei)["actions"]] == ["甘寧"]
    _refused(lambda: tactics_resign(user=zhangfei, game_id=game.pk), kind=NotAllowed)  # the captain resigns
    assert TacticsGame.objects.get(pk=game.pk).status == "playing"


def test_t2_6_fewer_players_than_heroes_leave_the_heroes_beyond_the_seats_to_the_captain():
    team = team_accounts()
    game = team_playing(team, seats=2)
    assert tactics_view(game)["commanders"]["first"] == {"呂布": "liubei", "張飛": "guanyu", "甘寧": "liubei"}
    assert sorted(a["hero"] for a in tactics_legal(game, team["first"][0])["actions"]) == ["呂布", "甘寧"]


@pytest.mark.django_db(transaction=True)
def test_t2_6_d2_two_players_start_their_heroes_at_once_and_the_first_acts():
    team = team_accounts()
    game = team_playing(team)
    starts = [(user, tactics_legal(game, user)["actions"][0]) for user in team["first"]]
    outcomes: list = []

    def start(user, action):
        try:
            tactics_act(user=user, game_id=game.pk, action=action, expected_version=game.version)
            outcomes.append("acted")
        except Stale:
            outcomes.append("stale")

    assert at_once(*[lambda user=user, action=action: start(user, action) for user, action in starts]) == []
    assert sorted(outcomes) == ["acted", "stale", "stale"]
    after = TacticsGame.objects.get(pk=game.pk)
    assert after.version == game.version + 1 and len(after.record["actions"]) == 1


def test_t2_6_a_whole_team_game_among_six_accounts_is_played_to_its_end():
    team = team_accounts()
    game = team_playing(team)
    view, senders = team_play_out(team, game.pk)
    assert view["status"] == "decided" and view["result"]["outcome"] in ("first", "second", "draw")
    commanders = view["commanders"]
    for (side, hero), names in senders.items():
        assert names == {commanders[side][hero]}, (side, hero, names)  # every turn started by its commander
    record = tactics_record(TacticsGame.objects.get(pk=game.pk))
    assert record["sides"]["first"]["player"] == "liubei, guanyu, zhangfei"
    assert replay(record)["result"] == view["result"]


def test_t2_6_a_seek_for_a_team_game_opens_its_seats_when_accepted():
    liubei, caocao = accounts("liubei", "caocao")
    seek = seek_open(user=liubei, settings={}, seats=2)
    accepted = seek_accept(user=caocao, seek_id=seek.pk)
    game = TacticsGame.objects.get(pk=accepted.tactics_game_id)
    assert (game.seats, game.status) == (2, "seating")
    _refused(lambda: seek_open(user=liubei, settings={"heroes_per_side": 2}, seats=3))


def test_t2_6_a_game_of_one_player_a_side_reads_no_seats(django_assert_num_queries):
    liubei, caocao = accounts("liubei", "caocao")
    game = TacticsGame.objects.select_related("challenger", "opponent").get(pk=playing(liubei, caocao).pk)
    with django_assert_num_queries(0):
        view = tactics_view(game, liubei)
        legal = tactics_legal(game, liubei)
    assert view["team"] == {"first": ["liubei"], "second": ["caocao"]} and view["captain"] is True
    assert legal["actions"]


def _ready(game: TacticsGame, players: list) -> tuple:
    """The first player of the side with something to play, and their legal actions."""
    return next((user, legal) for user in players if (legal := tactics_legal(game, user))["actions"])


def _attack_near_zhao_yun(team: dict, game: TacticsGame) -> TacticsGame:
    """The first side walks its heroes to 趙雲's neighbours and attacks one of them once he has
    the EN for 援護; the second side only ends its turns. Each act sent by its hero's commander."""
    for _ in range(300):
        game = TacticsGame.objects.select_related("challenger", "opponent").get(pk=game.pk)
        if game.pending is not None or game.status != "playing":
            return game
        user, legal = _ready(game, team[game.to_act])
        actions = legal["actions"]
        if game.to_act == "second":
            action = next((a for a in actions if a["act"] in ("turn", "end")), actions[0])
        else:
            heroes = {(h["side"], h["hero"]): h for h in tactics_view(game)["state"]["heroes"]}
            zhao = heroes[("second", "趙雲")]
            covered = {
                h["cell"]
                for h in heroes.values()
                if h["side"] == "second" and h["cell"] and zhao["cell"] and distance(h["cell"], zhao["cell"]) == 1
            }
            attacks = [a for a in actions if a["act"] == "attack" and a["target"] in covered and zhao["en"] >= 1]
            moves = [a for a in actions if a["act"] == "move"]
            if attacks:
                action = attacks[0]
            elif moves and not any(a["act"] == "attack" for a in actions):
                action = min(moves, key=lambda a: distance(a["path"][-1], "c8"))
            else:
                action = next((a for a in actions if a["act"] in ("turn", "end", "respawn")), actions[-1])
        tactics_act(user=user, game_id=game.pk, action=action, expected_version=legal["version"])
    raise AssertionError("no attack came near 趙雲")


def test_t2_6_yuanhu_s_answer_goes_to_the_player_who_commands_zhao_yun():
    team = team_accounts()
    caocao, xuchu, _dianwei = team["second"]
    game = seated(team)
    second = [SIDES_PICKS["second"][1], SIDES_PICKS["second"][0], SIDES_PICKS["second"][2]]  # 趙雲 is xuchu's
    tactics_pick(user=team["first"][0], game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]})
    tactics_pick(user=caocao, game_id=game.pk, picks={"heroes": second})
    tactics_deploy(user=team["first"][0], game_id=game.pk, cells={"呂布": "c1", "張飛": "d1", "甘寧": "f1"})
    tactics_deploy(user=caocao, game_id=game.pk, cells={"關羽": "c9", "趙雲": "d9", "張遼": "f9"})
    waiting = _attack_near_zhao_yun(team, TacticsGame.objects.get(pk=game.pk))
    assert waiting.pending is not None and waiting.to_act == "second", waiting.record["actions"][-6:]
    assert tactics_view(waiting)["commanders"]["second"]["趙雲"] == "xuchu"
    assert tactics_legal(waiting, caocao)["actions"] == []  # the captain does not answer for 趙雲
    answers = tactics_legal(waiting, xuchu)["actions"]
    assert answers[0]["act"] == "react" and answers[-1] == {"act": "no-cover"}
    _refused(lambda: tactics_act(user=caocao, game_id=game.pk, action=answers[0], expected_version=waiting.version))
    after = tactics_act(user=xuchu, game_id=game.pk, action=answers[0], expected_version=waiting.version)
    assert after.pending is None and after.record["actions"][-1] == answers[0]


def test_t2_6_the_computer_commands_whole_sides_only_and_declines_a_team_challenge():
    bot_create(username="computer", tactics_level="greedy")
    liubei = accounts("liubei")[0]
    game = tactics_challenge(user=liubei, opponent_name="computer", settings={}, seats=2)
    assert bot_tactics_turn(game_id=game.pk, version=game.version) == "declined"
    assert TacticsGame.objects.get(pk=game.pk).status == "declined"


def test_t2_6_an_outsider_is_told_only_the_games_players_act_and_a_seated_player_who_may_call_it_off():
    """The refusals say who acts in a game of either form, not "its two players" (a team game has
    up to twelve): an account outside it is told only its players act, on the page's preview
    too; a seated player who would call it off, that its challenger or the challenged does."""
    team = team_accounts()
    guanyu = team["first"][1]
    (sunquan,) = accounts("sunquan")
    game = seated(team)
    words = {"en": "Only the game's players act in it.", "zh-hant": "只有這局的棋手能在局中行動。"}
    for language, expected in words.items():
        with translation.override(language):
            refused = _refused(lambda: tactics_resign(user=sunquan, game_id=game.pk), kind=NotAllowed)
            assert refused.message == expected
            preview = _refused(lambda: tactics_preview(game, sunquan, {"act": "attack"}), kind=NotAllowed)
            assert preview.message == expected
    with translation.override("en"):
        refused = _refused(lambda: tactics_cancel(user=guanyu, game_id=game.pk), kind=NotAllowed)
    assert refused.message == "Only the challenger or the challenged account calls a game off."
    with translation.override("zh-hant"):
        refused = _refused(lambda: tactics_cancel(user=sunquan, game_id=game.pk), kind=NotAllowed)
    assert refused.message == "只有挑戰者或被挑戰的帳號能取消這局。"
    assert TacticsGame.objects.get(pk=game.pk).status == TacticsGame.Status.PICKING  # nothing changed
