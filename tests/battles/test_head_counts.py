"""R7.2's head counts where they touch this issue: who counts as present on each side, and the
original's worked examples (the 30-minute periods themselves are the clock's)."""

from datetime import timedelta

from battles.rules import outnumbered_loss
from battles.services.head_counts import head_counts_at
from battles.services.march import march_start
from campaign import clock as site_clock
from campaign.timers import timers_sweep
from orders.services.moves import move_order
from tests.worlds import arrive, besiege, play


def test_r7_2_worked_examples():
    assert outnumbered_loss(1, 3) == 0, "1 defender: up to 3 attackers cost nothing"
    assert outnumbered_loss(2, 6) == 0, "2 defenders: up to 6"
    assert outnumbered_loss(2, 8) == 12, "2 defenders against 8: 2 beyond, 12 points"
    assert outnumbered_loss(3, 8) == 0, "then 1 defender arrives: no loss from that moment"
    assert outnumbered_loss(0, 1) == 6


def test_r7_2_head_counts_leave_out_prisoners_and_withdrawn_and_add_arrivals(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    assert head_counts_at(siege=army.siege, at=site_clock.now()) == (2, 2)
    allies = march_start(
        actor=world["曹操"], target=world.city("漢中"), organisation=[(world["曹仁"], "marshal")]
    )  # a second army of attackers
    arrive(clock, allies)
    assert head_counts_at(siege=army.siege, at=site_clock.now()) == (2, 3)
    before = site_clock.now()
    clock.shift(timedelta(seconds=1))
    play(world, army, "許褚", "魏延", "defender")  # 許褚 is taken: no longer present
    assert head_counts_at(siege=army.siege, at=site_clock.now()) == (2, 2)
    assert head_counts_at(siege=army.siege, at=before) == (2, 3), "as of an earlier instant, 許褚 was there"
    move = move_order(actor=world["劉備"], officer=world["馬良"], destination=world.city("漢中"))
    clock.move_to(move.arrives_at + timedelta(seconds=1))
    timers_sweep()
    assert head_counts_at(siege=army.siege, at=site_clock.now()) == (3, 2), "reinforcements count from their arrival"
