"""Helpers every repository shares: rows <-> records, the dialect's upsert, one page of rows,
the stored form of "no location" and where a row is."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from sqlalchemy import (
    ColumnElement,
    FromClause,
    Label,
    Row,
    Table,
    UnaryExpression,
    and_,
    bindparam,
    cast,
    func,
    null,
    or_,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.types import TypeEngine

from brigade.kit.cursor import Cursor
from brigade.kit.db.connection import Connection
from brigade.kit.db.tables import NO_LOCATION

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_R = TypeVar("_R", bound="DataclassInstance")


def typed_null(type_: TypeEngine[Any], name: str) -> Label[Any]:
    """A NULL column of ``type_``: what one part of a UNION ALL puts where another part has a
    column it has not (PostgreSQL matches the parts' column types)."""
    return cast(null(), type_).label(name)


def location_in(location_id: UUID | None) -> UUID:
    return location_id or NO_LOCATION


def location_out(stored: UUID) -> UUID | None:
    return None if stored == NO_LOCATION else stored


# Where a row is: its location in a 1-tuple (None inside: none), or None when there is no row.
LocationReader = Callable[[Connection, UUID], Awaitable[tuple[UUID | None] | None]]


def location_reader(table: Table) -> LocationReader:
    """Where a row of ``table`` (by its ``id``) is, by its ``location_id``: what the location
    boundary asks of the resource a path names (kit/http/located.py). One statement, built
    once."""
    query = select(table.c.location_id).where(table.c.id == bindparam("row_key"))

    async def read(connection: Connection, row_id: UUID) -> tuple[UUID | None] | None:
        row = (await connection.execute(query, {"row_key": row_id})).first()
        if row is None:
            return None
        return (None if row[0] is None else location_out(row[0]),)

    return read


# A record's fields are its table's columns of the same name, but for the few converted.


@cache
def _field_names(cls: type[DataclassInstance]) -> tuple[str, ...]:
    # dataclasses.fields() walks the class's attributes on every call: a list of 20 products
    # spent more on it than on its SELECT.
    return tuple(f.name for f in fields(cls))


def record_from_row(cls: type[_R], row: Row[Any], **converted: Any) -> _R:
    """A record of ``cls`` from ``row``: each field from its column, or from ``converted``."""
    columns = row._mapping
    return cls(**{name: converted[name] if name in converted else columns[name]
                  for name in _field_names(cls)})  # fmt: skip


def row_from_record(
    record: DataclassInstance, *, dropped: Iterable[str] = (), **converted: Any
) -> dict[str, Any]:
    """``record``'s fields as columns; ``converted`` overrides or adds columns, and the fields
    ``dropped`` (stored under another column, in ``converted``) are left out."""
    left_out = set(dropped)
    row = {f.name: getattr(record, f.name) for f in fields(record) if f.name not in left_out}
    return row | converted


_DIALECTS = {"sqlite": sqlite, "postgresql": postgresql}
_S = TypeVar("_S")


def insert_or_update(connection: Connection, table: Table) -> Any:
    """The dialect's INSERT, with ON CONFLICT (``on_conflict_do_*``) on both databases."""
    return _DIALECTS[connection.dialect.name].insert(table)


def by_column(rows: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    """The rows an executemany would take one by one, as one list per column: for a statement
    that takes a whole batch as arrays (PostgreSQL's ``unnest``), one round trip."""
    return {key: [row[key] for row in rows] for key in rows[0]} if rows else {}


def upsert_per_database(table: Table, finish: Callable[[Any], _S]) -> dict[str, _S]:
    """A hot upsert built once for each database: ``finish`` completes the dialect's INSERT of
    ``table`` (values as bind parameters); run ``upserts[connection.dialect.name]``."""
    return {name: finish(dialect.insert(table)) for name, dialect in _DIALECTS.items()}


def rows_before(
    cursor: Cursor | None, at: ColumnElement[Any], id_: ColumnElement[Any]
) -> ColumnElement[bool] | None:
    """The rows a newest-first list (by ``at``, then ``id``) holds after ``cursor``'s row."""
    if cursor is None:
        return None
    return or_(at < cursor.at, and_(at == cursor.at, id_ < cursor.id))


async def count_one_more(connection: Connection, table: Table, **key: Any) -> int:
    """Add one to the ``failures`` of ``table``'s row with primary ``key`` (made at 1) and
    answer the count: one upsert, so every worker and host sharing the database shares it."""
    statement = (
        insert_or_update(connection, table)
        .values(**key, failures=1)
        .on_conflict_do_update(
            index_elements=[table.c[name] for name in key],
            set_={"failures": table.c.failures + 1},
        )
        .returning(table.c.failures)
    )
    failures: int = (await connection.execute(statement)).scalar_one()
    return failures


async def fetch_page(
    connection: Connection,
    table: Table,
    where: Sequence[ColumnElement[bool]],
    order_by: Sequence[UnaryExpression[Any] | ColumnElement[Any]],
    *,
    page: int,
    limit: int,
    joined: tuple[FromClause, Sequence[ColumnElement[Any]]] | None = None,
    before: ColumnElement[bool] | None = None,
) -> tuple[list[Row[Any]], int]:
    """One page of ``table`` and the count of every matching row: two statements. ``joined``
    (an outer join of ``table`` and the columns it adds) widens the page's rows, not the count;
    ``before`` (``rows_before``: a cursor's) narrows the page, not the count."""
    total = (
        await connection.execute(select(func.count()).select_from(table).where(*where))
    ).scalar_one()
    query = select(table).where(*where).order_by(*order_by)
    if before is not None:
        query = query.where(before)
    if joined is not None:
        source, columns = joined
        query = query.add_columns(*columns).select_from(source)
    rows = await connection.execute(query.offset((page - 1) * limit).limit(limit))
    return list(rows), total
