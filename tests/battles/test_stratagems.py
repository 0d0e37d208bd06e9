"""§9 Stratagems, decided by dark chess played on the site (R11.7)."""

from datetime import timedelta

import pytest

from battles.models import BanqiGame, LedgerEntry, Stratagem
from battles.services.siege import siege_call, siege_call_answer
from battles.services.stratagems import (
    banqi_act,
    banqi_replay,
    stratagem_accept,
    stratagem_challenge,
    stratagem_name_substitute,
)
from campaign.errors import NotAllowed, RuleViolation
from campaign.timers import timers_sweep
from games.banqi import layout_hash
from play.models import Game
from tests.worlds import besiege


def challenge(world, kind="siege", schemer="郭嘉", target="張飛", **extra):
    world.online(target)
    return stratagem_challenge(actor=world[schemer], target=world[target], kind=kind, **extra)


def schemer_wins(world, stratagem):
    """Play until the schemer (moving first) wins: the general resigns after one flip each."""
    game = stratagem.banqi
    banqi_act(actor=world["郭嘉"], game=game, action="a1")
    return banqi_act(actor=stratagem.player, game=game, action="resign")


def test_r9_1_a_civil_officer_challenges_an_online_enemy_general(world, clock):
    stratagem = challenge(world)
    assert stratagem.status == Stratagem.Status.CHALLENGED
    assert stratagem.deadline - stratagem.challenged_at == timedelta(minutes=10)


def test_r9_1_who_may_scheme_and_be_challenged(world, clock):
    world.online("張飛", "劉備")
    with pytest.raises(NotAllowed):
        stratagem_challenge(actor=world["徐晃"], target=world["張飛"], kind="siege")  # a general
    with pytest.raises(RuleViolation):
        stratagem_challenge(actor=world["郭嘉"], target=world["諸葛亮"], kind="siege")  # not a general
    with pytest.raises(RuleViolation):
        stratagem_challenge(actor=world["郭嘉"], target=world["曹仁"], kind="siege")  # not an enemy
    with pytest.raises(RuleViolation) as err:
        stratagem_challenge(actor=world["郭嘉"], target=world["關羽"], kind="siege")  # not online
    assert err.value.clause == "R9.1"
    assert not Stratagem.objects.exists()


def test_r9_2_siege_ploy_lowers_the_wall_where_the_general_is_by_3(world, clock):
    stratagem = challenge(world)
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    schemer_wins(world, Stratagem.objects.get(pk=stratagem.pk))
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    assert world.city("漢中").wall == 497 and LedgerEntry.objects.get(clause="R9.2").delta == -3


def test_r9_2_the_general_winning_foils_the_stratagem(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    banqi_act(actor=world["郭嘉"], game=stratagem.banqi, action="resign")
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.FAILED
    assert world.city("漢中").wall == 500


def test_r9_3_no_answer_within_10_minutes_the_stratagem_takes_effect(world, clock):
    stratagem = challenge(world)
    clock.shift(timedelta(minutes=10, seconds=1))
    timers_sweep()
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    with pytest.raises(RuleViolation):
        stratagem_accept(actor=world["張飛"], stratagem=stratagem)


def test_r9_3_the_general_names_a_civil_officer_who_takes_the_game(world, clock):
    stratagem = challenge(world)
    with pytest.raises(RuleViolation):  # a general cannot be named
        stratagem_name_substitute(actor=world["張飛"], stratagem=stratagem, substitute=world["魏延"])
    stratagem_name_substitute(actor=world["張飛"], stratagem=stratagem, substitute=world["法正"])
    with pytest.raises(NotAllowed):
        stratagem_accept(actor=world["魏延"], stratagem=stratagem)
    stratagem = stratagem_accept(actor=world["法正"], stratagem=stratagem)
    assert stratagem.player.name == "法正" and stratagem.status == Stratagem.Status.PLAYING


def test_r9_4_one_stratagem_a_day(world, clock):
    challenge(world)
    with pytest.raises(RuleViolation) as err:
        challenge(world, target="魏延")
    assert err.value.clause == "R9.4"
    clock.shift(timedelta(days=1))
    assert challenge(world, target="魏延").pk


def test_r9_2_swift_attack_gives_the_named_general_2_first_moves_in_the_next_game(world, clock):
    stratagem = challenge(world, kind="swift", beneficiary=world["徐晃"])
    clock.shift(timedelta(minutes=11))
    timers_sweep()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["徐晃"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    game = Game.objects.get(pk=game.pk)
    assert (game.favoured, game.extra_moves) == ("attacker", 2)
    assert Stratagem.objects.get(pk=stratagem.pk).effect_game_id == game.pk


def test_r9_2_confusion_holds_the_general_to_a_mainstream_opening(world, clock):
    challenge(world, kind="confusion", target="魏延")
    clock.shift(timedelta(minutes=11))
    timers_sweep()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    assert Game.objects.get(pk=game.pk).restricted == "defender"


def test_r9_decision_an_unused_effect_lapses_after_the_next_day(world, clock):
    challenge(world, kind="confusion", target="魏延")
    clock.shift(timedelta(days=2, hours=1))
    timers_sweep()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    assert Game.objects.get(pk=game.pk).restricted == ""


def test_r11_7_the_layout_is_dealt_and_committed_before_the_first_flip(world, clock):
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    game = BanqiGame.objects.get(pk=stratagem.banqi_id)
    assert game.actions == [] and game.layout_hash == layout_hash(game.layout, game.salt)
    with pytest.raises(RuleViolation) as err:  # out of turn
        banqi_act(actor=world["張飛"], game=game, action="a1")
    assert err.value.clause == "R11.7"
    banqi_act(actor=world["郭嘉"], game=game, action="a1")
    with pytest.raises(RuleViolation):  # a face-up square cannot be flipped again
        banqi_act(actor=world["張飛"], game=game, action="a1")
    assert BanqiGame.objects.get(pk=game.pk).actions == ["a1"]
    assert banqi_replay(BanqiGame.objects.get(pk=game.pk)).colours


def test_r9_1_r11_7_challenge_accept_and_play_through_the_pages(world, client, clock):
    from django.urls import reverse

    world.online("張飛")
    client.force_login(world["郭嘉"].user)
    assert "張飛" in client.get(reverse("stratagems", args=[world.campaign.slug])).content.decode()
    client.post(reverse("stratagem-new", args=[world.campaign.slug]), {"target": world["張飛"].pk, "kind": "siege"})
    stratagem = Stratagem.objects.get()
    client.force_login(world["張飛"].user)
    response = client.post(reverse("stratagem-answer", args=[world.campaign.slug, stratagem.pk]))
    game = Stratagem.objects.get().banqi
    assert response["Location"].endswith(f"/banqi/{game.pk}/")
    page = client.get(response["Location"]).content.decode()
    assert page.count("data-square=") == 32 and game.layout_hash[:10] in page
    assert "".join(game.layout) not in page, "the layout stays secret until the end"
    assert (
        client.post(
            reverse("banqi-act", args=[world.campaign.slug, game.pk]), {"action": "a1"}, follow=True
        ).status_code
        == 200
    )
    assert BanqiGame.objects.get(pk=game.pk).actions == [], "out of turn: refused with a message"
    client.force_login(world["郭嘉"].user)
    client.post(reverse("banqi-act", args=[world.campaign.slug, game.pk]), {"action": "resign"})
    page = client.get(reverse("banqi", args=[world.campaign.slug, game.pk])).content.decode()
    assert "".join(BanqiGame.objects.get(pk=game.pk).layout) in page, "revealed after the game"


def test_r9_2_a_siege_ploy_strikes_where_the_general_was_challenged_even_if_they_marched_off(world, clock):
    """張飛 takes the game, marches out with an army, then resigns it: 漢中's wall still falls by 3,
    with its ledger row and its post on 漢中's board."""
    from battles.services.march import march_start
    from forum.models import Post

    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    march_start(actor=world["劉備"], target=world.city("長安"), organisation=[(world["張飛"], "marshal")])
    banqi_act(actor=world["郭嘉"], game=stratagem.banqi, action="a1")
    banqi_act(actor=world["張飛"], game=stratagem.banqi, action="resign")
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    assert world.city("漢中").wall == 497 and LedgerEntry.objects.get(clause="R9.2").city == world.city("漢中")
    assert Post.objects.filter(thread__board=world.city("漢中").board, event_key__endswith=":effect").exists()


def test_r11_7_the_dark_chess_page_shows_coordinates_colours_and_acts_only_for_the_players(world, client, clock):
    """Squares named as moves are typed (a–h, 1–4); each player's colour once the first flip gave
    it; spectators get no move box; resigning asks first; the result reads as words; the move box
    is outside the part that refreshes itself."""
    from django.urls import reverse

    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    game = stratagem.banqi
    banqi_act(actor=world["郭嘉"], game=game, action="a1")
    url = reverse("banqi", args=[world.campaign.slug, game.pk])
    client.force_login(world["郭嘉"].user)
    page = client.get(url).content.decode()
    assert "<th>a</th>" in page and "<th>h</th>" in page and "<th>4</th>" in page
    assert "(紅)" in page or "(red)" in page or "(黑)" in page or "(black)" in page
    assert "data-player" in page and "<details" in page
    board = page[page.index('<section id="banqi"') :]
    assert 'name="action"' not in board[: board.index("</section>")], "the refresh must not empty the move box"
    client.force_login(world["孫權"].user)
    assert "data-player" not in client.get(url).content.decode(), "a spectator gets no move or resign button"
    client.force_login(world["張飛"].user)
    client.post(reverse("banqi-act", args=[world.campaign.slug, game.pk]), {"action": "resign"})
    page = client.get(url).content.decode()
    assert "郭嘉 勝（認輸）" in page


def test_r11_7_the_hash_shown_before_the_first_flip_is_recomputed_from_what_the_page_reveals(world, client, clock):
    """A player can check the deal: SHA-256 of the revealed salt, a colon and the revealed layout
    is the hash the page showed before the first flip."""
    import hashlib
    import re

    from django.urls import reverse

    stratagem = stratagem_accept(actor=world["張飛"], stratagem=challenge(world))
    url = reverse("banqi", args=[world.campaign.slug, stratagem.banqi_id])
    client.force_login(world["郭嘉"].user)
    shown = re.search(r'data-layout-hash="([0-9a-f]{64})"', client.get(url).content.decode()).group(1)
    schemer_wins(world, Stratagem.objects.get(pk=stratagem.pk))
    page = client.get(url).content.decode()
    layout = re.search(r"data-layout>([^<]+)<", page).group(1)
    salt = re.search(r"data-salt>([^<]+)<", page).group(1)
    assert len(layout) == 32 and hashlib.sha256(f"{salt}:{layout}".encode()).hexdigest() == shown
