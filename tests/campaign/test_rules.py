"""Pure rules of §1–§3: no database, no Django."""

from datetime import datetime, timedelta

from campaign.rules.personnel import is_online, may_fight, only_king_orders, travel_time, valid_stars
from cities.rules import adjacency, shortest_route

RING = adjacency([(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 1)])


def test_r1_4_route_is_shortest_by_legs():
    assert shortest_route(RING, 1, 3) == [1, 2, 3]
    assert shortest_route(RING, 1, 5) == [1, 6, 5]
    assert shortest_route(RING, 1, 1) == [1]


def test_r1_4_route_through_allowed_cities_only():
    assert shortest_route(RING, 1, 3, passable={1, 3, 4, 5, 6}) == [1, 6, 5, 4, 3]
    assert shortest_route(RING, 1, 3, passable={1, 3}) is None


def test_r1_4_unconnected_city_has_no_route():
    assert shortest_route(adjacency([(1, 2), (3, 4)]), 1, 4) is None


def test_r1_4_journey_takes_the_sum_of_its_legs():
    assert travel_time(3, timedelta(minutes=20)) == timedelta(hours=1)


def test_r1_5_star_levels_are_1_to_25():
    assert valid_stars(1) and valid_stars(25)
    assert not valid_stars(0) and not valid_stars(26)


def test_r1_6_who_may_fight():
    assert may_fight("general") and may_fight("administrator")
    assert not may_fight("historian") and not may_fight("strategist")


def test_r2_6_online_is_a_request_within_the_window():
    t = datetime(2026, 5, 1, 12, 0)
    window = timedelta(minutes=15)
    assert is_online(t - timedelta(minutes=14, seconds=59), t, window)
    assert not is_online(t - timedelta(minutes=16), t, window)
    assert not is_online(None, t, window)


def test_r3_1_king_orders_21_to_25_stars():
    assert [only_king_orders(s, 21) for s in (20, 21, 25)] == [False, True, True]
