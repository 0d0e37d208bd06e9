"""The war's own posts on the boards (§4–§10), written in the site's language whatever the
acting user's, with times in the campaign's zone, and kept as an event (campaign/said.py: `_`
here returns a Said) that each reader reads in their own language. Every text the war posts or
gives as a reason is here; services build nothing but keys and call these."""

from collections.abc import Sequence
from datetime import datetime

from django.urls import reverse

from battles.models import Army, ArmyMember, Ransom, Siege, Stratagem
from battles.models.armies import AttackRank
from battles.rules import RANK_POINTS, attacker_moves_first
from campaign.announcements import Post, in_site_language, local
from campaign.models import Campaign, Kingdom, Officer
from campaign.said import _, label, literal
from cities.models import City
from play.models import Game


def game_url(game: Game) -> str:
    """The game's page, for the links in battle reports."""
    return reverse("game", args=[game.campaign.slug, game.pk])


def _names(army: Army) -> dict[str, str]:
    return {"kingdom": army.kingdom.name, "city": army.target.name}


def march(army: Army, organisation: Sequence[tuple[Officer, str]]) -> Post:
    """R4.1: the march on the target's board: departure, arrival, head count, each member's rank."""
    with in_site_language():
        title = _("%(kingdom)s marches on %(city)s with %(n)d") % {**_names(army), "n": len(organisation)}
        lines = [
            "- " + label(AttackRank(rank).label) + f": **{o.name}** ({o.stars}★, {RANK_POINTS[rank]})"
            for o, rank in organisation
        ]
        body = (
            _("Left %(origin)s at %(time)s; arrives at %(arrival)s. Head count %(n)d (R4.1):")
            % {
                "origin": army.origin.name,
                "time": local(army.campaign, army.departs_at),
                "arrival": local(army.campaign, army.arrives_at),
                "n": len(organisation),
            }
            + "\n\n"
            + literal("\n").join(lines)
        )
    return title, body


def siege_begun(army: Army, city: City) -> Post:
    """R4.6, §6: an army arrived unopposed."""
    with in_site_language():
        title = _("%(kingdom)s besieges %(city)s") % {"kingdom": army.kingdom.name, "city": city.name}
        body = _("The army arrived without being intercepted and lays siege (R4.6, §6). Morale %(morale)d.") % {
            "morale": army.morale
        }
    return title, body


def reinforcements_joined(names: Sequence[str], main: Army) -> str:
    """R8.3."""
    with in_site_language():
        return _("%(names)s join %(kingdom)s's army before %(city)s (R8.3)") % {
            "names": "、".join(names),
            **_names(main),
        }


def siege_call_due(city: City, campaign: Campaign, due: datetime) -> str:
    """R7.3: the next siege call, posted by the site every period."""
    with in_site_language():
        return _("Siege call before %(city)s: answer by %(time)s (R7.3)") % {
            "city": city.name,
            "time": local(campaign, due),
        }


def city_fallen(city: City, conqueror: Kingdom) -> Post:
    """R6.5, R10.1."""
    with in_site_language():
        title = _("%(city)s falls to %(kingdom)s") % {"city": city.name, "kingdom": conqueror.name}
        body = _("The wall reached 0 (R6.5). New wall %(wall)d / %(max)d (R10.1).") % {
            "wall": city.wall,
            "max": city.wall_max,
        }
    return title, body


def kingdom_destroyed(kingdom: Kingdom, conqueror: Kingdom) -> str:
    """R10.5."""
    with in_site_language():
        return _("%(kingdom)s is destroyed; its cities pass to %(conqueror)s (R10.5)") % {
            "kingdom": kingdom.name,
            "conqueror": conqueror.name,
        }


def sortie(
    city: City, army: Army, playing: Sequence[ArmyMember], defenders: Sequence[Officer], column: Army | None
) -> Post:
    """R4.6, §5: the pairs by rank, who moves first (R5.3), the members not sent (R5.2)."""
    with in_site_language():
        title = _("Sortie from %(city)s: %(n)d against %(kingdom)s's army") % {
            "city": city.name,
            "n": len(playing),
            "kingdom": army.kingdom.name,
        }
        first, second = _("first move"), _("second move")
        lines = [
            f"{i + 1}. {m.officer.name} (" + (first if attacker_moves_first(i) else second) + f") — {d.name}"
            for i, (m, d) in enumerate(zip(playing, defenders))
        ]
        body = _("Field battle (R4.6, §5).") + "\n\n" + literal("\n").join(lines)
        if column is not None:
            body += "\n\n" + _("%(n)d members not sent keep marching, arriving at %(time)s (R5.2).") % {
                "n": column.members.count(),
                "time": local(army.campaign, column.arrives_at),
            }
    return title, body


def field_battle_decided(winner: str, city: City, army: Army) -> str:
    """R5.1, R5.4."""
    with in_site_language():
        return {
            "attacker": _("Field battle before %(city)s: %(kingdom)s's army wins"),
            "defender": _("Field battle before %(city)s: the defenders win"),
            "draw": _("Field battle before %(city)s: drawn"),
        }[winner] % {"city": city.name, "kingdom": army.kingdom.name}


def withdraws(army: Army, city: City) -> str:
    """R5.4: the winner of a field battle withdraws."""
    with in_site_language():
        return _("%(kingdom)s's army withdraws from %(city)s (R5.4).") % {
            "kingdom": army.kingdom.name,
            "city": city.name,
        }


def no_attacker_left(army: Army) -> str:
    """R6.1."""
    with in_site_language():
        return _("%(kingdom)s's army before %(city)s has no attacker left (R6.1).") % _names(army)


def forced_retreat(army: Army) -> str:
    """R8.1: morale 0, or every high rank a prisoner."""
    with in_site_language():
        if army.morale <= 0:
            return _("%(kingdom)s's army must retreat from %(city)s: morale is 0 (R8.1).") % _names(army)
        return _("%(kingdom)s's army must retreat from %(city)s: all its high ranks are prisoners (R8.1).") % _names(
            army
        )


def retreat_ordered(actor: Officer, army: Army) -> str:
    """R8.1: a retreat at will."""
    with in_site_language():
        return _("%(name)s orders %(kingdom)s's army to retreat from %(city)s (R8.1).") % {
            "name": actor.name,
            **_names(army),
        }


def retreat(reason: str, army: Army, deadline: datetime) -> Post:
    """R8.1, R8.2: the retreat and the pursuit window."""
    with in_site_language():
        return reason, reason + "\n\n" + _("The defence may pursue until %(time)s (R8.2).") % {
            "time": local(army.campaign, deadline)
        }


def siege_lifted(siege: Siege) -> str:
    """R6.1: no attacker left."""
    with in_site_language():
        return _("The siege of %(city)s is lifted") % {"city": siege.city.name}


def taken_prisoner(officer: Officer, captor: Kingdom, held_in: City, ransom: Ransom) -> Post:
    """R10.1, R10.2."""
    with in_site_language():
        title = _("%(name)s is taken prisoner by %(kingdom)s") % {"name": officer.name, "kingdom": captor.name}
        body = _("Held in %(city)s; ransom %(amount)d P coins (R10.2).") % {
            "city": held_in.name,
            "amount": ransom.amount,
        }
    return title, body


def ransom_settled(ransom: Ransom, officer: Officer, paid: bool) -> str:
    """R10.2, R10.6."""
    with in_site_language():
        return (
            _("Ransom of %(amount)d P coins paid: %(name)s is free (R10.2).")
            if paid
            else _("%(name)s is released (R10.6).")
        ) % {"amount": ransom.amount, "name": officer.name}


def pursuit_declared(city: City, pursuers: Sequence[Officer], opponents: Sequence[Officer]) -> str:
    """R8.2."""
    with in_site_language():
        return _("Pursuit from %(city)s: %(pairs)s") % {
            "city": city.name,
            "pairs": ", ".join(f"{p.name}–{o.name}" for p, o in zip(pursuers, opponents)),
        }


def army_home(army: Army) -> str:
    """R8.2: the pursuit over, the army goes home."""
    with in_site_language():
        return _("%(kingdom)s's army is home from %(city)s.") % _names(army)


def retreat_succeeded(army: Army) -> str:
    """R8.2: no pursuit within the window."""
    with in_site_language():
        return _("No pursuit from %(city)s: %(kingdom)s's retreat has succeeded (R8.2).") % _names(army)


def siege_call(attacker: Officer, city: City) -> str:
    """R6.1: the attacker's call."""
    with in_site_language():
        return _("Siege call: %(name)s challenges %(city)s") % {"name": attacker.name, "city": city.name}


def call_taken_up(defender: Officer, attacker: Officer) -> str:
    """R6.1, R7.3."""
    with in_site_language():
        return _("%(defender)s takes up %(attacker)s's call") % {"defender": defender.name, "attacker": attacker.name}


def _outcome(game: Game) -> str:
    assert game.defender is not None  # game_played_has_defender: a decided game has both players
    return {
        "attacker": _("%(a)s beat %(d)s"),
        "defender": _("%(d)s beat %(a)s"),
        "draw": _("%(a)s and %(d)s drew"),
    }[game.result] % {"a": game.attacker.name, "d": game.defender.name}


def _with_link(title: str, game: Game) -> str:
    return title + " ([" + _("the game") + f"]({game_url(game)}))" + (f"\n\n> {game.note}" if game.note else "")


def siege_result(city: City, game: Game) -> Post:
    """R6.2: a siege game's result, linking to the game."""
    with in_site_language():
        title = _("Siege of %(city)s: %(outcome)s") % {"city": city.name, "outcome": _outcome(game)}
        return title, _with_link(title, game)


def game_result(city: City, game: Game) -> Post:
    """§5, R8.2: a field battle or pursuit game's result, linking to the game."""
    with in_site_language():
        title = label(Game.Kind(game.kind).label) + f" · {city.name}: " + _outcome(game)
        return title, _with_link(title, game)


def claim_reported(actor: Officer, game: Game, claimed: str) -> str:
    """R11.3: a claim awaiting the opponent."""
    assert game.defender is not None  # game_played_has_defender: a claim is made on a pending game
    with in_site_language():
        return _("%(name)s reports the game %(attacker)s–%(defender)s: %(claim)s, awaiting the opponent") % {
            "name": actor.name,
            "attacker": game.attacker.name,
            "defender": game.defender.name,
            "claim": Game.Result(claimed).label,
        }


def claim_disputed(actor: Officer) -> str:
    """R11.3: a dispute goes to the authority."""
    with in_site_language():
        return _("%(name)s disputes the claimed result: the authority of R11.3 decides") % {"name": actor.name}


def stratagem_challenge(actor: Officer, target: Officer, stratagem: Stratagem) -> str:
    """R9.1."""
    with in_site_language():
        return _("%(schemer)s challenges %(target)s to dark chess: %(kind)s") % {
            "schemer": actor.name,
            "target": target.name,
            "kind": Stratagem.Kind(stratagem.kind).label,
        }


def stratagem_effect(stratagem: Stratagem, target: Officer) -> str:
    """R9.2, R9.3."""
    with in_site_language():
        return _("%(kind)s by %(schemer)s on %(target)s takes effect (R9.2)") % {
            "kind": Stratagem.Kind(stratagem.kind).label,
            "schemer": stratagem.schemer.name,
            "target": target.name,
        }


def withdrew_after_draw(officer: Officer) -> str:
    """R6.2: the cause of a drawn attacker's way home."""
    with in_site_language():
        return officer.name + " " + _("withdrew after a draw (R6.2)")


def joined_the_army() -> str:
    """R8.3: why a column of reinforcements ended."""
    with in_site_language():
        return _("joined the army (R8.3)")


def retreat_money_paid(defender: Officer) -> str:
    """R10.1: the cause of a defender's way to the capital."""
    with in_site_language():
        return _("%(name)s paid retreat money and leaves (R10.1).") % {"name": defender.name}


def army_of_destroyed(kingdom: Kingdom) -> str:
    """R10.5: why a destroyed kingdom's army ends."""
    with in_site_language():
        return _("%(kingdom)s is destroyed (R10.5).") % {"kingdom": kingdom.name}
