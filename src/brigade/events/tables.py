"""The event log's table: how far retention has swept the outbox (kit/db/outbox.py holds
the outbox itself)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Integer, Table

from brigade.kit.db.tables import metadata

# One row (id 1): the highest event id retention has deleted; older cursors answer 410.
events_swept = Table(
    "events_swept",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("through_id", BigInteger, nullable=False),
)
