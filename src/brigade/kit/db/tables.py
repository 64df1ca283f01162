"""The one metadata every feature declares its tables on (``<feature>/tables.py``, gathered by
brigade/schema.py), its naming convention, and the kit's own table: idempotency keys.

Money is integer cents, tax rates integer millionths, quantities integer
thousandths: exact on both databases. A missing location is stored as the nil
UUID so that "unique per location" is a plain partial unique index.
"""

from __future__ import annotations

import uuid

from sqlalchemy import (
    JSON,
    Column,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    text,
)

from brigade.kit.db.types import UTCDateTime

NO_LOCATION = uuid.UUID(int=0)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

LIVE = text("deleted_at IS NULL")


def timestamps() -> list[Column[object]]:
    return [
        Column("created_at", UTCDateTime(), nullable=False),
        Column("updated_at", UTCDateTime(), nullable=False),
    ]


idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    # Who asked, and where: the same key from another caller or on another path is another key.
    Column("caller", String(64), primary_key=True),
    Column("scope", String(300), primary_key=True),
    Column("key", String(255), primary_key=True),
    Column("request_hash", String(64), nullable=False),
    Column("status_code", Integer, nullable=True),
    Column("response_body", LargeBinary, nullable=True),
    Column("response_headers", JSON, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Index("ix_idempotency_keys_expires_at", "expires_at"),
)
