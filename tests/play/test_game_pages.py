"""The game page: report a record (text or file), see it replayed, confirm a claim, get the PGN."""

import html
import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from play.models import Game
from tests.play.test_records import MATE, pending_game
from tests.worlds import besiege


def url(world, name, *args):
    return reverse(name, args=[world.campaign.slug, *args])


def test_r11_3_report_by_form_and_replay_on_the_board(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    client.post(url(world, "game-report", game.pk), {"record": "炮二平五 馬８進７ 馬二進三", "claimed": "attacker"})
    game.refresh_from_db()
    assert game.claim_status == "claimed" and game.moves == ["h2e2", "h9g7", "h0g2"]
    page = client.get(url(world, "game", game.pk) + "?ply=1").content.decode()
    assert "炮二平五" in page and "馬８進７" in page and "<svg" in page and "1 / 3" in page
    assert "C2=5" in client.get(url(world, "game", game.pk) + "?notation=wxf").content.decode()
    client.force_login(world["魏延"].user)
    shown = re.search(r'name="claim" value="([^"]+)"', client.get(url(world, "game", game.pk)).content.decode())
    client.post(url(world, "game-claim", game.pk), {"confirm": "1", "claim": html.unescape(shown.group(1))})
    assert Game.objects.get(pk=game.pk).result == "attacker"
    pgn = client.get(url(world, "game-pgn", game.pk))
    assert pgn["Content-Disposition"].endswith('.pgn"') and b"h2e2 h9g7" in pgn.content


def test_r11_3_a_gbk_file_upload_is_read(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    upload = SimpleUploadedFile("game.pgn", MATE.encode("gb18030"))
    client.post(url(world, "game-report", game.pk), {"file": upload})
    assert Game.objects.get(pk=game.pk).claimed_result == "attacker", "the mate read from the file is the claim"


def test_r11_3_an_illegal_record_is_a_message_naming_the_move(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    page = client.post(
        url(world, "game-report", game.pk), {"record": "炮二平五 馬８進７ 炮五進五", "claimed": "attacker"}, follow=True
    ).content.decode()
    assert "第 3 手" in page and "炮五進五" in page
    assert Game.objects.get(pk=game.pk).record == ""


def test_r11_3_strangers_cannot_report(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["曹操"].user)
    assert client.post(url(world, "game-report", game.pk), {"record": MATE}).status_code == 403
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


def test_r7_4_agreement_and_start_time_through_the_game_page(world, client, clock):
    game = pending_game(world, clock)
    for name in ("許褚", "魏延"):
        client.force_login(world[name].user)
        client.post(url(world, "game-agree", game.pk))
    client.force_login(world["許褚"].user)
    client.post(url(world, "game-report", game.pk), {"record": MATE, "started_at": "2026-05-01T07:30"})
    game = Game.objects.get(pk=game.pk)
    assert game.claimed_result == "attacker" and game.started_at.astimezone(clock_zone()).hour == 7


def clock_zone():
    from zoneinfo import ZoneInfo

    return ZoneInfo("Asia/Taipei")


def test_r11_3_an_xqf_file_upload_is_replayed(world, client, clock):
    from pathlib import Path

    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    data = (Path(__file__).resolve().parents[1] / "data" / "opening-v10.xqf").read_bytes()
    client.post(
        url(world, "game-report", game.pk), {"file": SimpleUploadedFile("opening.xqf", data), "claimed": "attacker"}
    )
    game = Game.objects.get(pk=game.pk)
    assert (game.claimed_result, game.moves[:2]) == ("attacker", ["h2e2", "h9g7"])


def test_r11_3_an_xqf_file_with_a_set_up_position_is_refused(world, client, clock):
    """Battle games start where the site says: a composed mate in one is no battle game."""
    from pathlib import Path

    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    data = (Path(__file__).resolve().parents[1] / "data" / "mate-in-one-v10.xqf").read_bytes()
    page = client.post(
        url(world, "game-report", game.pk), {"file": SimpleUploadedFile("mate.xqf", data)}, follow=True
    ).content.decode()
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.moves) == (Game.Status.PENDING, "", [])
    assert "R11.3" in page and "標準" in page


def test_r11_6_the_games_list_keeps_every_game(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    client.post(url(world, "game-report", game.pk), {"record": MATE})
    client.force_login(world["魏延"].user)
    client.post(
        url(world, "game-claim", game.pk), {"confirm": "1", "claim": Game.objects.get(pk=game.pk).claim_token()}
    )
    page = client.get(url(world, "games")).content.decode()
    assert f'data-game="{game.pk}"' in page and "許褚" in page and "將死" in page
    assert (
        f'data-game="{game.pk}"'
        not in client.get(url(world, "games") + f"?officer={world['曹操'].pk}").content.decode()
    )


def test_r11_3_r11_6_the_judges_note_is_shown_and_the_list_says_how_it_ended(world, client, clock):
    """A disputed game settled by the R11.3 authority: its note on the game page, and the games
    list says the authority entered it (not "claim")."""
    from play.services.records import game_claim_answer, game_report
    from play.services.results import game_result_enter

    game = game_report(
        actor=world["許褚"], game=pending_game(world, clock), text="炮二平五 馬８進７", claimed="attacker"
    )
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    game_result_enter(user=world["孫權"].user, game=game, result="draw", note="雙方皆超時")
    page = client.get(url(world, "game", game.pk)).content.decode()
    assert "雙方皆超時" in page and "data-note" in page
    row = client.get(url(world, "games")).content.decode()
    row = row[row.index(f'data-game="{game.pk}"') :]
    row = row[: row.index("</tr>")]
    assert "裁判登錄" in row, "how it ended, in the reader's language"
    assert "claim" not in row


def test_r6_1_r11_6_a_called_game_waiting_for_a_defender_is_listed(world, client, clock):
    """The siege's first call appears in the games list before anyone takes it up."""
    from battles.services.siege import siege_call
    from tests.play.test_records import ARMY

    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    page = client.get(url(world, "games")).content.decode()
    row = page[page.index(f'data-game="{game.pk}"') :]
    assert "待守方應戰" in row[: row.index("</tr>")], "called, awaiting a defender"


def test_the_pgn_of_a_called_game_without_a_defender_is_not_found(world, client, clock):
    """The API lists a PGN address for every game; a call nobody has taken up has no second
    player and no record, so its address is a 404 (the page offers no PGN link before moves)."""
    from battles.services.siege import siege_call
    from tests.play.test_records import ARMY

    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    assert client.get(url(world, "game-pgn", game.pk)).status_code == 404


def test_r11_3_a_refused_record_stays_in_the_box(world, client, clock):
    """A record with an illegal move: the message names it, and the record is there to correct."""
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    record = "炮二平五 馬８進７ 馬二進三 帥五進二"
    page = client.post(
        url(world, "game-report", game.pk),
        {"record": record, "claimed": "attacker"},
        follow=True,
        headers={"referer": url(world, "game", game.pk)},
    )
    assert "第 4 手" in page.content.decode() and record in page.content.decode()


def test_r11_6_the_move_list_is_numbered_by_pairs(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    client.post(url(world, "game-report", game.pk), {"record": "炮二平五 馬８進７ 馬二進三", "claimed": "attacker"})
    page = client.get(url(world, "game", game.pk)).content.decode()
    first = page[page.index('data-pair="1"') :]
    first = first[: first.index("</li>")]
    assert "炮二平五" in first and "馬８進７" in first and 'data-pair="2"' in page


def test_r11_3_a_reported_mate_is_offered_to_the_opponent_to_confirm_or_dispute_on_the_game_page(world, client, clock):
    """The loser's game page offered nothing but "flip board" after a reported mate."""
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    done = client.post(url(world, "game-report", game.pk), {"record": MATE}, follow=True).content.decode()
    assert "對手確認" in done, "the reporter is told the opponent is asked"
    assert "data-claim-answer" not in done, "the reporter answers nothing"
    assert world.city("漢中").wall == 500
    client.force_login(world["魏延"].user)
    page = client.get(url(world, "game", game.pk)).content.decode()
    answer = page[page.index("data-claim-answer") :]
    answer = answer[: answer.index("</section>")]
    assert "許褚" in answer and "攻方勝" in answer and "將死" in answer and "data-claim-due" in page
    assert "確認" in answer and "異議" in answer and "csrfmiddlewaretoken" in answer
    token = html.unescape(re.search(r'name="claim" value="([^"]+)"', answer).group(1))
    client.post(url(world, "game-claim", game.pk), {"confirm": "0", "claim": token})
    assert Game.objects.get(pk=game.pk).claim_status == "disputed" and world.city("漢中").wall == 500


def test_r11_3_only_the_opponent_may_confirm_a_reported_mate_through_the_page(world, client, clock):
    game = pending_game(world, clock)
    client.force_login(world["許褚"].user)
    client.post(url(world, "game-report", game.pk), {"record": MATE})
    token = Game.objects.get(pk=game.pk).claim_token()
    for name in ("許褚", "張飛"):  # the reporter, the city's governor
        client.force_login(world[name].user)
        assert client.post(url(world, "game-claim", game.pk), {"confirm": "1", "claim": token}).status_code == 403
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING and world.city("漢中").wall == 500
