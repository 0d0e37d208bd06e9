"""A hero tactics game's pages (tactics/views/games.py): the challenge form and its answers as
forms (CSRF), refusals naming their clause in the reader's language, the game page's queries
pinned, and what it never shows (the seed before the end, anything to a visitor not signed in)."""

import pytest
from django.test import Client

from tactics.models import TacticsGame
from tests.tactics.pages import accounts, playing

pytestmark = pytest.mark.django_db


def test_t2_6_the_challenge_form_challenges_an_account_by_username_and_the_answer_is_a_form():
    liubei, caocao = accounts("liubei", "caocao")
    client = Client(enforce_csrf_checks=True)
    client.force_login(liubei)
    refused = client.post("/tactics/challenge/", {"opponent": "caocao"})
    assert refused.status_code == 403 and not TacticsGame.objects.exists()  # no CSRF token, nothing made
    client.get("/tactics/")
    token = client.cookies["csrftoken"].value
    answer = client.post(
        "/tactics/challenge/",
        {
            "opponent": "CaoCao",
            "side": "second",
            "heroes_per_side": "2",
            "round_limit": "12",
            "csrfmiddlewaretoken": token,
        },
    )
    game = TacticsGame.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tactics/{game.pk}/"
    assert (game.opponent, game.challenger_side, game.settings) == (
        caocao,
        "second",
        {"heroes_per_side": 2, "round_limit": 12},
    )
    # the challenger cannot accept their own challenge: refused, nothing changed
    client.post(f"/tactics/{game.pk}/accept/", {"csrfmiddlewaretoken": token})
    assert TacticsGame.objects.get().status == "challenged"
    other = Client()
    other.force_login(caocao)
    listing = other.get("/tactics/").content.decode()
    assert f'data-game="{game.pk}"' in listing.split('id="tactics-to-me"')[1].split("</section>")[0]
    other.post(f"/tactics/{game.pk}/accept/")
    assert TacticsGame.objects.get().status == "picking"


def test_t15_a_challenge_out_of_range_is_refused_with_its_clause_in_the_readers_language():
    liubei, _caocao = accounts("liubei", "caocao")
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hant")
    client.force_login(liubei)
    answer = client.post("/tactics/challenge/", {"opponent": "caocao", "heroes_per_side": "9"}, follow=True)
    assert not TacticsGame.objects.exists()
    assert "heroes_per_side 是 1 到 7" in answer.content.decode() and "T15" in answer.content.decode()


def test_t18_1_the_game_page_reads_in_pinned_queries_and_shows_the_commitment_not_the_seed(django_assert_num_queries):
    liubei, caocao = accounts("liubei", "caocao")
    game = playing(liubei, caocao)
    client = Client()
    client.force_login(accounts("sunquan")[0])
    client.get(f"/tactics/{game.pk}/")  # the first request of a session writes it and the presence
    with django_assert_num_queries(3):  # the session, the account, the game with its two players
        page = client.get(f"/tactics/{game.pk}/")
    text = page.content.decode()
    assert page.status_code == 200 and game.commitment in text and game.seed not in text
    assert Client().get(f"/tactics/{game.pk}/").status_code == 302  # signed-in accounts only


def test_t18_1_the_dice_are_headed_in_words_with_the_clause_a_quiet_link_to_the_help():
    liubei, caocao = accounts("liubei", "caocao")
    game = playing(liubei, caocao)
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hant")
    client.force_login(liubei)
    text = client.get(f"/tactics/{game.pk}/").content.decode()
    summary = text.split('id="t-dice-box"')[1].split("</summary>")[0]
    assert summary.endswith("<summary>骰子") and "T18.1" not in summary
    note = text.split("</summary>")[1].split('<ol id="t-dice"')[0]
    assert 'href="/help/tactics/"' in note and "<small>(T18.1)</small>" in note


def test_t18_1_each_roll_is_named_by_the_step_of_the_game_that_made_it():
    """The page's dice list says what each roll served: the weather that opens each round (T11.1),
    else the step of the game that made it; read against the replay's positions, each with its
    round and its count of rolls so far."""
    from tactics.board_reads import tactics_replay_positions, tactics_roll_steps
    from tests.tactics.war import play_out

    liubei, caocao = accounts("liubei", "caocao")
    game = play_out(playing(liubei, caocao), winner="first")
    positions = tactics_replay_positions(game)
    expected: list[dict] = [{"weather": 1}] * positions[0]["state"]["rolls"]
    for before, after in zip(positions, positions[1:], strict=False):
        made = [{"act": before["index"]}] * (after["state"]["rolls"] - before["state"]["rolls"])
        if after["state"]["round"] > before["state"]["round"]:
            made[-1] = {"weather": after["state"]["round"]}
        expected += made
    assert len(expected) == positions[-1]["state"]["rolls"] > positions[-1]["state"]["round"] > 1
    assert tactics_roll_steps(game) == expected
