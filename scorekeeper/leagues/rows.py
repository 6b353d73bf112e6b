"""Many rows inserted at once, for the league import's 20,000 hands.

Django's ``bulk_create`` prepares every value of every row through its query compiler (field
lookups, ``get_db_prep_save``, ``pre_save``, an SQL fragment per value): at 2,000 games that is
more than half a million values and most of an import's time. :func:`insert` writes the same
rows with the same values, chosen per column once: JSON through the connection's own adapter,
dates and times through its own converters, ``auto_now`` fields filled as ``save()`` fills
them, everything else as it is: by COPY on PostgreSQL, in multi-row ``INSERT ... VALUES``
statements on SQLite. Like ``bulk_create`` it sends no signals and calls no ``save()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

from django.db import connection, models


def insert(objs: Sequence[models.Model], *, returning: bool = False) -> None:
    """Insert ``objs`` (instances of one model with an automatic primary key, not yet saved);
    with ``returning``, set each one's primary key as the database gave it (later rows that
    point at them need it)."""
    if not objs:
        return
    model = type(objs[0])
    meta = model._meta
    fields = [f for f in meta.concrete_fields if f is not meta.pk]
    values = [_value_of(field) for field in fields]
    quote = connection.ops.quote_name
    table, key = quote(meta.db_table), meta.pk.column
    columns = [quote(f.column) for f in fields]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # COPY: the rows streamed in PostgreSQL's own format, no statement per row or
            # parameter per value; keys, when wanted, taken from the table's sequence first.
            if returning:
                cursor.execute(
                    "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                    [table, key, len(objs)],
                )
                for obj, (pk,) in zip(objs, cursor.fetchall(), strict=True):
                    obj.pk = pk
                columns.insert(0, quote(key))
            with cursor.cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                for obj in objs:
                    row = [v(obj) for v in values]
                    copy.write_row([obj.pk, *row] if returning else row)
        else:  # SQLite: as many rows a statement as its 999 parameters allow
            head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
            one = "(" + ", ".join(["%s"] * len(fields)) + ")"
            tail = f" RETURNING {quote(key)}" if returning else ""
            size = max(1, connection.features.max_query_params // len(fields))
            for start in range(0, len(objs), size):
                batch = objs[start : start + size]
                params = [value(obj) for obj in batch for value in values]
                cursor.execute(head + ", ".join([one] * len(batch)) + tail, params)
                if returning:
                    for obj, (pk,) in zip(batch, cursor.fetchall(), strict=True):
                        obj.pk = pk
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias


def _value_of(field: models.Field) -> Callable[[models.Model], Any]:
    """How one column's value is read off an instance, chosen once for the column."""
    ops = connection.ops
    if isinstance(field, models.JSONField):
        name, encoder = field.attname, field.encoder
        return lambda obj: ops.adapt_json_value(getattr(obj, name), encoder)
    if isinstance(field, models.DateTimeField):
        if field.auto_now or field.auto_now_add:
            return lambda obj: ops.adapt_datetimefield_value(field.pre_save(obj, add=True))
        name = field.attname
        return lambda obj: ops.adapt_datetimefield_value(getattr(obj, name))
    if isinstance(field, models.DateField):
        if field.auto_now or field.auto_now_add:
            return lambda obj: ops.adapt_datefield_value(field.pre_save(obj, add=True))
        name = field.attname
        return lambda obj: ops.adapt_datefield_value(getattr(obj, name))
    if field.is_relation:  # a row built before the one it points at had its key
        name = field.attname

        def related(obj: models.Model) -> Any:
            pk = getattr(obj, name)
            if pk is None:
                target = field.get_cached_value(obj, None)
                pk = target.pk if target is not None else None
            return pk

        return related
    if isinstance(field, models.DecimalField | models.UUIDField | models.BinaryField):
        return lambda obj: field.get_db_prep_save(getattr(obj, field.attname), connection)
    name = field.attname

    def plain(obj: models.Model) -> Any:
        value = getattr(obj, name)
        return value.value if isinstance(value, Enum) else value  # a TextChoices member

    return plain
