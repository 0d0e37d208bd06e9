"""R11.7 dark chess on its page: a refused action says what is wrong with it (in the page's
language, and the same through the API); at the end every piece is shown face up, piece by
piece, with the deal as dealt and the page's own check of it against the hash shown at the start."""

import json
import re

from django.urls import reverse

from accounts.services import token_create
from battles.models import BanqiGame
from battles.services.stratagems import banqi_act, stratagem_accept
from tests.battles.test_stratagems import challenge, schemer_wins


def refusal_on_page(client, world, game, action) -> str:
    page = client.post(reverse("banqi-act", args=[world.campaign.slug, game.pk]), {"action": action}, follow=True)
    shown = re.search(r'<li class="error"[^>]*>(.*?)</li>', page.content.decode(), re.S).group(1)
    return re.sub(r"<[^>]+>", "", shown)  # the text read (its clause is a link to the rules page)


def test_r11_7_an_illegal_action_on_the_page_says_what_is_wrong(world, client, clock):
    game = stratagem_accept(actor=world["張飛"], stratagem=challenge(world)).banqi
    client.force_login(world["張飛"].user)
    assert refusal_on_page(client, world, game, "a1") == "還沒輪到你。 (R11.7)"
    banqi_act(actor=world["郭嘉"], game=game, action="a1")  # the schemer's colour: a1's
    piece = re.search(
        r'data-square="a1"[^>]*>([^<]+)<',
        client.get(reverse("banqi", args=[world.campaign.slug, game.pk])).content.decode(),
    ).group(1)
    shown = refusal_on_page(client, world, game, "a1-b1")
    assert f"a1 的{piece}不是你的" in shown and "(R11.7)" in shown
    assert "a1 的棋子已經翻開" in refusal_on_page(client, world, game, "a1")
    assert "翻子寫作 b3" in refusal_on_page(client, world, game, "flip")
    assert "現在不能這樣走" not in shown
    assert BanqiGame.objects.get(pk=game.pk).actions == ["a1"], "nothing refused was played"


def test_r11_7_the_api_says_what_is_wrong_in_english(world, client, clock):
    game = stratagem_accept(actor=world["張飛"], stratagem=challenge(world)).banqi
    banqi_act(actor=world["郭嘉"], game=game, action="a1")
    _token, text = token_create(user=world["張飛"].user, name="bot", scope="act")
    answer = client.post(
        f"/api/v1/c/{world.campaign.slug}/banqi/{game.pk}/act",
        json.dumps({"action": "b9"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {text}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 400 and answer.json()["clause"] == "R11.7"
    assert answer.json()["message"] == "Write a flip as b3, a move as b3-b4 and a capture as b3xb1."
    answer = client.post(
        f"/api/v1/c/{world.campaign.slug}/banqi/{game.pk}/act",
        json.dumps({"action": "a1"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {text}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.json()["message"].startswith("The piece on a1 is already face up")


def test_r11_7_the_end_shows_every_piece_and_checks_the_deal_against_the_hash(world, client, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    url = reverse("banqi", args=[world.campaign.slug, stratagem.banqi_id])
    client.force_login(world["郭嘉"].user)
    before = client.get(url).content.decode()
    assert before.count('class="down"') == 32 and "data-deal" not in before, "face down, the deal secret"
    schemer_wins(world, stratagem)
    page = client.get(url).content.decode()
    game = BanqiGame.objects.get(pk=stratagem.banqi_id)
    board = page[page.index('aria-label="棋盤"') : page.index("data-deal")]
    assert "?" not in re.sub(r"<[^>]+>", "", board), "no square left face down"
    assert board.count("was-down") == 31, "the 31 pieces never flipped (one flip, then a resignation), marked"
    deal = page[page.index('aria-label="佈局"') :]
    cells = re.findall(r'data-square="(\w\d)" class="(red|black)"[^>]*>(.)<', deal)
    names = {"K": "帥", "A": "仕", "E": "相", "R": "俥", "H": "傌", "C": "炮", "P": "兵"}
    names |= {"k": "將", "a": "士", "e": "象", "r": "車", "h": "馬", "c": "包", "p": "卒"}
    assert len(cells) == 32 and {c[0]: c[2] for c in cells}["a1"] == names[game.layout[0]]
    assert "佈局與開局時顯示的雜湊值相符" in page and "不符" not in page


def test_r11_7_a_deal_that_does_not_match_its_hash_is_said_to_be_wrong(world, client, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    schemer_wins(world, stratagem)
    BanqiGame.objects.filter(pk=stratagem.banqi_id).update(layout_hash="0" * 64)  # a tampered commitment
    client.force_login(world["郭嘉"].user)
    page = client.get(reverse("banqi", args=[world.campaign.slug, stratagem.banqi_id])).content.decode()
    assert "佈局與開局時顯示的雜湊值不符" in page and "相符" not in page
