"""The outbox: events written at the end of their transaction, read back by id.

Writing (``append``) happens in the unit of work, just before COMMIT, in one statement
for all the transaction's events. On PostgreSQL that statement first takes a
transaction-level advisory lock, so ids are drawn in commit order (events/domain.py
says why a reader needs that), and queues a NOTIFY that is delivered at commit to
every worker listening. SQLite serializes writers already; its workers poll max(id).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import asyncpg
from sqlalchemy import ARRAY, BigInteger, String, Text, bindparam, case, delete, func, select, text
from sqlalchemy import Uuid as UuidType
from sqlalchemy.engine import make_url

from brigade.events.domain import EventFilter, PendingEvent, StoredEvent
from brigade.events.tables import events, events_swept
from brigade.kit.db.engine import Connection
from brigade.kit.db.rows import insert_or_update
from brigade.kit.db.types import UTCDateTime

CHANNEL = "brigade_events"
# pg_advisory_xact_lock key of the event log ("brigade" in ASCII): one per database.
_APPEND_LOCK = 0x62726967616465

# Turns an event's subject (a domain object) into the JSON the API shows for it.
Renderer = Callable[[Any], str]
_renderers: dict[type, Renderer] = {}


def register_renderer(subject_type: type, render: Renderer) -> None:
    """Registered by the api layer at app creation: services emit domain objects only."""
    _renderers[subject_type] = render


def render(subject: object) -> str:
    for cls in type(subject).__mro__:
        render = _renderers.get(cls)
        if render is not None:
            return render(subject)
    raise LookupError(f"no event renderer for {type(subject).__name__}: register one")


# One statement, whatever the number of events: lock, notify, then draw ids as rows form
# (the ids' default is evaluated once the gate's one row has joined, after the lock).
_PG_APPEND = text(
    """
    INSERT INTO events (type, at, location_id, entity_id, order_id, data)
    SELECT e.type, e.at, e.location_id, e.entity_id, e.order_id, e.data
    FROM unnest(
        CAST(:types AS varchar[]), CAST(:ats AS timestamptz[]), CAST(:location_ids AS uuid[]),
        CAST(:entity_ids AS uuid[]), CAST(:order_ids AS uuid[]), CAST(:data AS text[])
    ) AS e(type, at, location_id, entity_id, order_id, data),
    (SELECT pg_advisory_xact_lock(:lock), pg_notify(:channel, '')) AS gate
    """
).bindparams(
    bindparam("types", type_=ARRAY(String)),
    bindparam("ats", type_=ARRAY(UTCDateTime())),
    bindparam("location_ids", type_=ARRAY(UuidType())),
    bindparam("entity_ids", type_=ARRAY(UuidType())),
    bindparam("order_ids", type_=ARRAY(UuidType())),
    bindparam("data", type_=ARRAY(Text)),
    bindparam("lock", _APPEND_LOCK, type_=BigInteger),
    bindparam("channel", CHANNEL, type_=Text),
)
_SQLITE_APPEND = events.insert()


async def append(connection: Connection, pending: Sequence[PendingEvent]) -> None:
    """Write the transaction's events: called by the unit of work right before COMMIT."""
    rendered = [render(event.subject) for event in pending]
    if connection.dialect.name == "postgresql":
        await connection.execute(
            _PG_APPEND,
            {
                "types": [event.type.value for event in pending],
                "ats": [event.at for event in pending],
                "location_ids": [event.location_id for event in pending],
                "entity_ids": [event.entity_id for event in pending],
                "order_ids": [event.order_id for event in pending],
                "data": rendered,
            },
        )
        return
    await connection.execute(
        _SQLITE_APPEND,
        [
            {
                "type": event.type.value,
                "at": event.at,
                "location_id": event.location_id,
                "entity_id": event.entity_id,
                "order_id": event.order_id,
                "data": data,
            }
            for event, data in zip(pending, rendered, strict=True)
        ],
    )


def _conditions(filters: EventFilter) -> list[Any]:
    found = []
    if filters.location_id is not None:
        found.append(events.c.location_id == filters.location_id)
    if filters.types is not None:
        found.append(events.c.type.in_(sorted(filters.types)))
    return found


class EventRepository:
    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def after(self, after: int, filters: EventFilter, *, limit: int) -> list[StoredEvent]:
        """The first ``limit`` matching events with an id above ``after``, ascending."""
        statement = (
            select(events)
            .where(events.c.id > after, *_conditions(filters))
            .order_by(events.c.id)
            .limit(limit)
        )
        rows = await self._connection.execute(statement)
        return [StoredEvent(**row._mapping) for row in rows]

    async def last_id(self) -> int:
        """The highest id written (0 for none); a new reader starting here misses nothing
        committed later, since later commits take higher ids."""
        found = (await self._connection.execute(select(func.max(events.c.id)))).scalar()
        if found is not None:
            return int(found)
        return await self.swept_through()

    async def swept_through(self) -> int:
        statement = select(events_swept.c.through_id).where(events_swept.c.id == 1)
        found = (await self._connection.execute(statement)).scalar()
        return 0 if found is None else int(found)

    async def sweep(self, older_than: datetime) -> int:
        """Delete the events written before ``older_than``; answers how many."""
        statement = select(func.max(events.c.id)).where(events.c.at < older_than)
        through = (await self._connection.execute(statement)).scalar()
        if through is None:
            return 0
        deleted = await self._connection.execute(delete(events).where(events.c.id <= through))
        await self._connection.execute(_upsert_swept(self._connection, int(through)))
        return deleted.rowcount


def _upsert_swept(connection: Connection, through: int) -> Any:
    statement = insert_or_update(connection, events_swept).values(id=1, through_id=through)
    # Two workers may sweep at once: the mark only moves forward.
    higher = case(
        (statement.excluded.through_id > events_swept.c.through_id, statement.excluded.through_id),
        else_=events_swept.c.through_id,
    )
    return statement.on_conflict_do_update(
        index_elements=[events_swept.c.id], set_={"through_id": higher}
    )


async def listen_until_lost(database_url: str, on_commit: Callable[[], None]) -> None:
    """LISTEN on a connection of its own: ``on_commit`` runs whenever events commit (and
    once at the start, for what committed before). Returns when the connection is lost."""
    dsn = make_url(database_url).set(drivername="postgresql")
    connection = await asyncpg.connect(dsn.render_as_string(hide_password=False))
    lost = asyncio.Event()
    connection.add_termination_listener(lambda _connection: lost.set())
    try:
        await connection.add_listener(CHANNEL, lambda *_notification: on_commit())
        on_commit()
        await lost.wait()
    finally:
        await connection.close()
