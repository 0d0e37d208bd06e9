"""The large worlds the benches build with bulk inserts (set-up, not play): the war's clock's
(bench/clock.py: cities, besieging armies, officers on the road), a season's at its height
(bench/pages.py: cities on a grid with roads, officers present, sieges) and many live games at
once (bench/live.py, in the demo world). Imported after django.setup()."""

import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, IntegerField, Value, When

from battles.models import Army, ArmyMember, Siege
from campaign import clock
from campaign.models import Campaign, Kingdom, Move, Officer, Presence, Whereabouts
from cities.models import City, Road
from forum.models import Board
from play.models import Game


def clock_world(cities: int, armies: int, travellers: int):
    """A campaign of `cities` cities (every other one the defenders'), `armies` armies besieging
    with one member each and `travellers` officers on the road; its cities' ids in order."""
    now = clock.now()
    with transaction.atomic():
        campaign, attackers, city_ids = _clock_cities(cities)
        officers = _clock_officers(campaign, attackers, city_ids, armies + travellers)
        army_rows = _clock_armies(campaign, attackers, city_ids, officers[:armies], now)
        _clock_travellers(campaign, city_ids, officers[armies:], now)
    _link_members(army_rows, officers[:armies])
    return campaign, city_ids


def _clock_cities(cities: int):
    campaign = Campaign.objects.create(name="bench", slug=f"bench-{int(time.time())}")
    attackers, defenders = (Kingdom.objects.create(campaign=campaign, name=n) for n in ("A", "B"))
    City.objects.bulk_create(
        [
            City(
                campaign=campaign,
                name=f"c{i}",
                kingdom=defenders if i % 2 else attackers,
                kind="frontier",
                wall=290,
                wall_max=300,
                wall_start=290,
                position=i,
            )
            for i in range(cities)
        ],
        batch_size=2000,
    )
    city_ids = list(City.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True))
    Board.objects.bulk_create(
        [Board(campaign=campaign, kind=Board.Kind.CITY, city_id=pk) for pk in city_ids], batch_size=2000
    )
    return campaign, attackers, city_ids


def _clock_officers(campaign, attackers, city_ids: list[int], count: int) -> list:
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"b{campaign.pk}-{i}") for i in range(count)], batch_size=2000
    )
    return Officer.objects.bulk_create(
        [
            Officer(
                campaign=campaign,
                user=users[i],
                kingdom=attackers,
                name=f"o{i}",
                stars=10,
                kind="general",
                whereabouts=Whereabouts.CITY,
                city_id=city_ids[0],
            )
            for i in range(count)
        ],
        batch_size=2000,
    )


def _clock_armies(campaign, attackers, city_ids: list[int], marshals: list, now) -> list:
    """An army besieging every other city, each of one officer (its marshal)."""
    armies = len(marshals)
    sieges = Siege.objects.bulk_create(
        [Siege(campaign=campaign, city_id=city_ids[2 * i + 1], started_at=now) for i in range(armies)],
        batch_size=2000,
    )
    army_rows = Army.objects.bulk_create(
        [
            Army(
                campaign=campaign,
                kingdom=attackers,
                origin_id=city_ids[2 * i],
                target_id=city_ids[2 * i + 1],
                route=[city_ids[2 * i], city_ids[2 * i + 1]],
                status=Army.Status.BESIEGING,
                morale=100,
                morale_start=100,
                ordered_by=marshals[i],
                siege=sieges[i],
                departs_at=now,
                arrives_at=now,
                besieging_from=now - timedelta(hours=1),
            )
            for i in range(armies)
        ],
        batch_size=2000,
    )
    ArmyMember.objects.bulk_create(
        [
            ArmyMember(
                army=army_rows[i], officer=marshals[i], rank="marshal", position=0, since=now - timedelta(hours=1)
            )
            for i in range(armies)
        ],
        batch_size=2000,
    )
    return army_rows


def _clock_travellers(campaign, city_ids: list[int], travelling: list, now) -> None:
    """`travelling` officers on the road from the first city to the third, arriving in a day."""
    Move.objects.bulk_create(
        [
            Move(
                campaign=campaign,
                officer=o,
                origin_id=city_ids[0],
                destination_id=city_ids[2],
                status="travelling",
                route=[city_ids[0], city_ids[2]],
                requested_by=o,
                created_at=now,
                departs_at=now,
                arrives_at=now + timedelta(days=1),
            )
            for o in travelling
        ],
        batch_size=2000,
    )
    Officer.objects.filter(pk__in=[o.pk for o in travelling]).update(whereabouts=Whereabouts.ROAD, city=None)


def _link_members(armies, officers) -> None:
    """Officer.army for each army's member, in one statement."""
    Officer.objects.filter(pk__in=[o.pk for o in officers]).update(
        whereabouts="army",
        city=None,
        army_id=Case(*[When(pk=o.pk, then=Value(a.pk)) for a, o in zip(armies, officers)], output_field=IntegerField()),
    )


def season_world(slug: str, cities: int, officers: int) -> None:
    """A season's world at its height: `cities` cities on a grid with roads, `officers` officers
    present in them (a quarter online), 200 on the road, 50 sieges with their armies."""
    now = clock.now()
    with transaction.atomic():
        campaign, kingdoms, ids = _season_cities(slug, cities)
        rows = _season_officers(campaign, kingdoms, ids, officers, now)
        _season_travellers(campaign, ids, rows[:200], now)
        _season_sieges(campaign, kingdoms, ids, rows, now)


def _season_cities(slug: str, cities: int):
    """50 kingdoms; `cities` cities on a square grid, each with its board, roads along its rows."""
    side = int(cities**0.5) + 1
    campaign = Campaign.objects.create(name="season", slug=slug)
    kingdoms = [Kingdom.objects.create(campaign=campaign, name=f"K{k}", colour="#884422") for k in range(50)]
    City.objects.bulk_create(
        [
            City(
                campaign=campaign,
                name=f"c{i}",
                kingdom=kingdoms[i % 50],
                kind="frontier",
                wall=200 + i % 100,
                wall_max=300,
                wall_start=250,
                position=i,
                map_x=i % side,
                map_y=i // side,
            )
            for i in range(cities)
        ],
        batch_size=2000,
    )
    ids = list(City.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True))
    Board.objects.bulk_create([Board(campaign=campaign, kind=Board.Kind.CITY, city_id=pk) for pk in ids])
    Road.objects.bulk_create(
        [Road(campaign=campaign, a_id=ids[i], b_id=ids[i + 1]) for i in range(cities - 1) if (i + 1) % side]
    )
    return campaign, kingdoms, ids


def _season_officers(campaign, kingdoms: list, ids: list[int], officers: int, now) -> list:
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"s{i}") for i in range(officers)], batch_size=2000)
    rows = Officer.objects.bulk_create(
        [
            Officer(
                campaign=campaign,
                user=users[i],
                kingdom=kingdoms[i % 50],
                name=f"o{i}",
                stars=1 + i % 25,
                kind="general",
                whereabouts=Whereabouts.CITY,
                city_id=ids[(i * 7) % len(ids)],
            )
            for i in range(officers)
        ],
        batch_size=2000,
    )
    Presence.objects.bulk_create([Presence(user=users[i], last_seen=now) for i in range(0, officers, 4)])
    return rows


def _season_travellers(campaign, ids: list[int], travelling: list, now) -> None:
    cities = len(ids)
    Move.objects.bulk_create(
        [
            Move(
                campaign=campaign,
                officer=o,
                origin_id=ids[0],
                destination_id=ids[1 + (j * 13) % (cities - 1)],
                status="travelling",
                route=[ids[0], ids[1 + (j * 13) % (cities - 1)]],
                requested_by=o,
                created_at=now,
                departs_at=now,
                arrives_at=now + timedelta(hours=1 + j % 5),
            )
            for j, o in enumerate(travelling)
        ]
    )
    Officer.objects.filter(pk__in=[o.pk for o in travelling]).update(whereabouts=Whereabouts.ROAD, city=None)


def _season_sieges(campaign, kingdoms: list, ids: list[int], rows: list, now) -> None:
    """50 sieges (of the cities 1, 21, 41, …), each by one army come from the city before it."""
    sieges = Siege.objects.bulk_create(
        [Siege(campaign=campaign, city_id=ids[20 * s + 1], started_at=now) for s in range(50)]
    )
    Army.objects.bulk_create(
        [
            Army(
                campaign=campaign,
                kingdom=kingdoms[(s + 1) % 50],
                origin_id=ids[20 * s],
                target_id=ids[20 * s + 1],
                route=[ids[20 * s], ids[20 * s + 1]],
                status=Army.Status.BESIEGING,
                morale=80,
                morale_start=100,
                ordered_by=rows[300 + s],
                siege=sieges[s],
                departs_at=now,
                arrives_at=now,
                besieging_from=now,
            )
            for s in range(50)
        ]
    )


def live_world(campaign, games: int) -> tuple[list, list]:
    """`games` games of a siege of 漢中, each between an officer of 魏 come from 長安 and one of
    漢中's, both ready, live and with their clocks running: the players' users (the attackers
    first) and the games."""
    now = clock.now()
    city = campaign.cities.get(name="漢中")
    origin = campaign.cities.get(name="長安")
    wei, shu = Kingdom.objects.get(campaign=campaign, name="魏"), city.kingdom
    with transaction.atomic():
        users, officers = _live_players(campaign, games, wei, shu, origin, city)
        siege = Siege.objects.create(campaign=campaign, city=city, started_at=now)
        army = Army.objects.create(
            campaign=campaign,
            kingdom=wei,
            origin=origin,
            target=city,
            route=[origin.pk, city.pk],
            status=Army.Status.BESIEGING,
            morale=100,
            morale_start=100,
            ordered_by=officers[0],
            siege=siege,
            departs_at=now,
            arrives_at=now,
        )
        rows = _live_games(campaign, siege, army, officers, now)
    return users, rows


def _live_players(campaign, games: int, wei, shu, origin, city) -> tuple[list, list]:
    """`games` officers of 魏 in 長安 (`origin`) and as many of 漢中's kingdom in 漢中 (`city`),
    with their users: 魏's first."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"p{i}") for i in range(2 * games)])
    officers = Officer.objects.bulk_create(
        [
            Officer(
                campaign=campaign,
                user=user,
                name=f"將{i}",
                kingdom=wei if i < games else shu,
                stars=5,
                kind="general",
                whereabouts=Whereabouts.CITY,
                city=origin if i < games else city,
            )
            for i, user in enumerate(users)
        ]
    )
    return users, officers


def _live_games(campaign, siege, army, officers: list, now) -> list:
    """A game for each officer of the first half of `officers` against the one as far into the
    second half, pending, both ready and live."""
    games = len(officers) // 2
    base = int(campaign.live_base.total_seconds() * 1000)
    return Game.objects.bulk_create(
        [
            Game(
                campaign=campaign,
                siege=siege,
                army=army,
                attacker=officers[i],
                attacker_rank="general",
                defender=officers[games + i],
                defender_rank="soldier",
                status=Game.Status.PENDING,
                called_at=now,
                started_at=now,
                attacker_ready=True,
                defender_ready=True,
                live_since=now,
                turn_since=now,
                attacker_left_ms=base,
                defender_left_ms=base,
            )
            for i in range(games)
        ]
    )
