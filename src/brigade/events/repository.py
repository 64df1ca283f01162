"""The event log: the outbox read back by id, swept by retention, listened to for commits.

The unit of work writes the outbox (kit/db/outbox.py), in the transaction of each change;
this module only reads it: ids are drawn in commit order (events/domain.py says why a
reader needs that), and on PostgreSQL every commit that wrote events NOTIFYs ``CHANNEL``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

import asyncpg
from sqlalchemy import case, delete, func, select
from sqlalchemy.engine import make_url

from brigade.events.domain import EventFilter, StoredEvent
from brigade.events.tables import events_swept
from brigade.kit.db.connection import Connection
from brigade.kit.db.outbox import CHANNEL, events
from brigade.kit.db.rows import insert_or_update


def _conditions(filters: EventFilter) -> list[Any]:
    found = []
    if filters.location_id is not None:
        found.append(events.c.location_id == filters.location_id)
    if filters.types is not None:
        found.append(events.c.type.in_(sorted(filters.types)))
    if filters.entity_id is not None:
        found.append(events.c.entity_id == filters.entity_id)
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

    async def headings_after(self, after: int, *, limit: int) -> list[tuple[int, str, Any]]:
        """The id, type and location of the first ``limit`` events with an id above ``after``,
        ascending: what a follower of the log needs, without the data."""
        statement = (
            select(events.c.id, events.c.type, events.c.location_id)
            .where(events.c.id > after)
            .order_by(events.c.id)
            .limit(limit)
        )
        return [tuple(row) for row in await self._connection.execute(statement)]

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
