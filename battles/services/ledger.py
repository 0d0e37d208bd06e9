"""The value ledger's one owner (DESIGN.md "Ledger"): every change of a wall or a morale, a row
at a time (`value_change`) or set-based for the daily change (`day_change_rows`), each with its
row in the same transaction. Table names come from the models."""

from datetime import date, datetime

from django.db import connection, transaction
from django.db.models import F, QuerySet, Value
from django.db.models.functions import Greatest, Least

from battles.models import Army, LedgerEntry
from battles.rules import clamp
from campaign import clock
from campaign.models import Campaign
from cities.models import City
from play.models import Game


def value_change(
    *,
    key: str,
    delta: int,
    clause: str,
    cause: str,
    due_at: datetime,
    names: dict[str, str | int] | None = None,
    city: City | None = None,
    army: Army | None = None,
    game: Game | None = None,
    set_to: int | None = None,
) -> LedgerEntry:
    """Change a city's wall or an army's morale by `delta` (or to `set_to`), kept within its
    bounds (walls 0…maximum, morale ≥ 0), and write the ledger row in the same transaction.
    The same `key` twice changes the value once: the second call returns the first row. The
    row of the city or army is locked first and the key checked under that lock, so two
    callers at once apply it once."""
    with transaction.atomic():
        target: City | Army
        if city is not None:
            target = City.objects.select_for_update(no_key=True, of=("self",)).get(pk=city.pk)
        else:
            assert army is not None, "a value change names a city or an army"
            target = Army.objects.select_for_update(no_key=True, of=("self",)).get(pk=army.pk)
        existing = LedgerEntry.objects.filter(key=key).first()
        if existing is not None:
            return existing
        high: int | None
        if isinstance(target, City):
            before, high, field = target.wall, target.wall_max, LedgerEntry.Field.WALL
        else:
            before, high, field = target.morale, None, LedgerEntry.Field.MORALE
        after = clamp(set_to if set_to is not None else before + delta, 0, high)
        setattr(target, field, after)
        target.save(update_fields=[field])
        if city is not None:
            city.wall = after
        else:
            assert army is not None
            army.morale = after
        return LedgerEntry.objects.create(
            campaign_id=target.campaign_id,
            city=city,
            army=army,
            field=field,
            delta=after - before,
            value_after=after,
            clause=clause,
            cause=cause,
            cause_args=names or {},
            game=game,
            key=key,
            due_at=due_at,
            applied_at=clock.now(),
        )


_DAY_LEDGER_SQL = """
INSERT INTO {ledger} (campaign_id, {target}, field, delta, value_after, clause, cause, cause_args, key, due_at,
                      applied_at)
SELECT campaign_id, id, '{field}', ({after}) - {field}, {after}, 'R7.1', 'day', CAST('{{}}' AS {json}),
       CAST(%s AS TEXT) || CAST(id AS TEXT),
       %s, %s
FROM {table} WHERE campaign_id = %s AND {where}
"""


def _ids_sql(ids: list[int]) -> str:
    return "id IN (" + ",".join(str(int(i)) for i in ids) + ")"


def day_change_rows(
    *, campaign: Campaign, day: date, key: str, at: datetime, applied: datetime, besieging: QuerySet[Army]
) -> list[int]:
    """R7.1 set-based: every city's wall + gain up to its maximum, every besieging army − loss
    (not below 0); one statement per kind for the ledger rows (computed from the values
    before), then one for the values. The caller holds the day's timer claimed. Returns the
    armies whose morale this takes to 0 (R8.1: their retreat is forced)."""
    gain, loss = campaign.daily_wall_gain, campaign.daily_morale_loss
    if connection.features.has_select_for_update:  # PostgreSQL: hold the rows from reading to writing
        list(
            City.objects.select_for_update(no_key=True)
            .filter(campaign=campaign, wall__lt=F("wall_max"))
            .values_list("pk")
        )
        list(besieging.select_for_update(no_key=True).values_list("pk"))
    falling = list(besieging.filter(morale__lte=loss).values_list("pk", flat=True))
    due, done = connection.ops.adapt_datetimefield_value(at), connection.ops.adapt_datetimefield_value(applied)
    ledger = LedgerEntry._meta.db_table
    army_ids = list(besieging.values_list("pk", flat=True))
    kinds: list[tuple[type[City] | type[Army], str, str, str, str, int]] = [
        (
            City,
            "city",
            "wall",
            "CASE WHEN wall + %s > wall_max THEN wall_max ELSE wall + %s END",
            "wall < wall_max",
            gain,
        )
    ]
    if army_ids:
        kinds.append(
            (Army, "army", "morale", "CASE WHEN morale - %s < 0 THEN 0 ELSE morale - %s END", _ids_sql(army_ids), loss)
        )
    with connection.cursor() as cursor:
        for model, target, field, after, where, step in kinds:
            sql = _DAY_LEDGER_SQL.format(
                ledger=ledger,
                table=model._meta.db_table,
                target=f"{target}_id",
                field=field,
                after=after,
                where=where,
                json="jsonb" if connection.vendor == "postgresql" else "text",
            )
            cursor.execute(sql, [step] * 4 + [f"{key}:{target}:", due, done, campaign.pk])
    City.objects.filter(campaign=campaign, wall__lt=F("wall_max")).update(wall=Least(F("wall") + gain, F("wall_max")))
    Army.objects.filter(pk__in=army_ids).update(morale=Greatest(F("morale") - loss, Value(0)))
    return falling
