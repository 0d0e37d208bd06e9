"""The value ledger's one writer: every change of a wall or a morale (DESIGN.md "Ledger")."""

from datetime import datetime

from django.db import transaction

from battles.models import Army, Game
from battles.rules import clamp
from campaign import clock
from cities.models import City, LedgerEntry


def value_change(
    *, key: str, delta: int, clause: str, cause: str, due_at: datetime, city: City | None = None,
    army: Army | None = None, game: Game | None = None, set_to: int | None = None,
) -> LedgerEntry:
    """Change a city's wall or an army's morale by `delta` (or to `set_to`), kept within its
    bounds (walls 0…maximum, morale ≥ 0), and write the ledger row in the same transaction.
    The same `key` twice changes the value once: the second call returns the first row.
    Call inside a transaction that already holds the row's lock, or this takes it."""
    existing = LedgerEntry.objects.filter(key=key).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        if city is not None:
            target = City.objects.select_for_update(of=("self",)).get(pk=city.pk)
            before, high, field = target.wall, target.wall_max, LedgerEntry.Field.WALL
        else:
            target = Army.objects.select_for_update(of=("self",)).get(pk=army.pk)
            before, high, field = target.morale, None, LedgerEntry.Field.MORALE
        after = clamp(set_to if set_to is not None else before + delta, 0, high)
        setattr(target, field, after)
        target.save(update_fields=[field])
        if city is not None:
            city.wall = after
        else:
            army.morale = after
        return LedgerEntry.objects.create(
            campaign_id=target.campaign_id, city=city, army=army, field=field, delta=after - before,
            value_after=after, clause=clause, cause=cause[:200], game=game, key=key, due_at=due_at,
            applied_at=clock.now(),
        )
