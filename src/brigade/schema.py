"""The whole schema: every feature's tables, on the kit's one metadata; Alembic migrations
create it, and the tests compare the two (tests/kit/db/test_migrations_match_tables.py)."""

from __future__ import annotations

from brigade.access import tables as access_tables
from brigade.card_payments import tables as card_payments_tables
from brigade.catalogue import tables as catalogue_tables
from brigade.channels import tables as channels_tables
from brigade.dining import tables as dining_tables
from brigade.events import tables as events_tables
from brigade.guests import tables as guests_tables
from brigade.journal import tables as journal_tables
from brigade.kit.db import outbox  # noqa: F401 (the outbox table, on the same metadata)
from brigade.kit.db.tables import metadata
from brigade.kitchen import tables as kitchen_tables
from brigade.orders import tables as orders_tables
from brigade.pricing import tables as pricing_tables
from brigade.printing import tables as printing_tables
from brigade.reports import tables as reports_tables
from brigade.till import tables as till_tables
from brigade.webhooks import tables as webhooks_tables

FEATURE_TABLES = (
    access_tables,
    card_payments_tables,
    catalogue_tables,
    channels_tables,
    dining_tables,
    events_tables,
    guests_tables,
    journal_tables,
    kitchen_tables,
    orders_tables,
    pricing_tables,
    printing_tables,
    till_tables,
    reports_tables,
    webhooks_tables,
)

__all__ = ["FEATURE_TABLES", "metadata"]
