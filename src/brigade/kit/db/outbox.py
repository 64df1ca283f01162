"""The outbox: the events of a transaction, written right before its COMMIT, in one statement.

The unit of work calls ``append`` with the envelopes its repositories recorded. On
PostgreSQL the rows take temporary negative ids; a deferred trigger (migration 0033) gives
them their ids inside COMMIT under a transaction-level advisory lock, so ids are drawn in
commit order (events/domain.py says why a reader needs that) and the lock is never held
across a round trip. The statement queues a NOTIFY that is delivered at commit to every
worker listening. SQLite serializes writers already; its workers poll max(id). The event
log (``events/``) reads this table; it writes nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import (
    ARRAY,
    BigInteger,
    Column,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
    bindparam,
    text,
)
from sqlalchemy import Uuid as UuidType

from brigade.kit.db.connection import Connection
from brigade.kit.db.rows import by_column
from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime
from brigade.kit.events import Envelope, shape_payload

# Every committed change's events, ids in commit order (events/domain.py).
# AUTOINCREMENT on SQLite: ids never come back, even after retention empties the table.
events = Table(
    "events",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True),
    Column("type", String(40), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Column("location_id", Uuid, nullable=True),
    Column("entity_id", Uuid, nullable=True),
    Column("order_id", Uuid, nullable=True),
    # The resource as the API shows it, serialized once when the event was written: as every
    # reader of events sees it, and as a reader of payment details does when that shows more
    # (kit/events.py; null for the rest, and for every event written before it was kept).
    Column("data", Text, nullable=False),
    Column("privileged_data", Text, nullable=True),
    Index("ix_events_location_id", "location_id", "id"),
    Index("ix_events_at", "at"),
    sqlite_autoincrement=True,
)

CHANNEL = "brigade_events"


@dataclass(frozen=True, slots=True)
class PendingEvent:
    """An envelope of the running transaction, stamped when it was recorded; it gets its id
    when the transaction commits."""

    envelope: Envelope
    at: datetime


# One statement, whatever the number of events: the rows in their order, with temporary ids
# that COMMIT replaces (above), and the NOTIFY.
_PG_APPEND = text(
    """
    INSERT INTO events (id, type, at, location_id, entity_id, order_id, data, privileged_data)
    SELECT -nextval('event_staging_ids'), e.type, e.at, e.location_id, e.entity_id,
        e.order_id, e.data, e.privileged_data
    FROM unnest(
        CAST(:type AS varchar[]), CAST(:at AS timestamptz[]), CAST(:location_id AS uuid[]),
        CAST(:entity_id AS uuid[]), CAST(:order_id AS uuid[]), CAST(:data AS text[]),
        CAST(:privileged_data AS text[])
    ) AS e(type, at, location_id, entity_id, order_id, data, privileged_data),
    (SELECT pg_notify(:channel, '')) AS gate
    """
).bindparams(
    bindparam("type", type_=ARRAY(String)),
    bindparam("at", type_=ARRAY(UTCDateTime())),
    bindparam("location_id", type_=ARRAY(UuidType())),
    bindparam("entity_id", type_=ARRAY(UuidType())),
    bindparam("order_id", type_=ARRAY(UuidType())),
    bindparam("data", type_=ARRAY(Text)),
    bindparam("privileged_data", type_=ARRAY(Text)),
    bindparam("channel", CHANNEL, type_=Text),
)
_SQLITE_APPEND = events.insert()


async def append(connection: Connection, pending: Sequence[PendingEvent]) -> None:
    """Write the transaction's events: called by the unit of work right before COMMIT."""
    shown = [shape_payload(event.envelope.payload) for event in pending]
    rows = [
        {
            "type": event.envelope.type.value,
            "at": event.at,
            "location_id": event.envelope.location_id,
            "entity_id": event.envelope.entity_id,
            "order_id": event.envelope.order_id,
            "data": payload.data,
            "privileged_data": payload.privileged_data,
        }
        for event, payload in zip(pending, shown, strict=True)
    ]
    if connection.dialect.name == "postgresql":
        await connection.execute(_PG_APPEND, by_column(rows))
    else:
        await connection.execute(_SQLITE_APPEND, rows)
