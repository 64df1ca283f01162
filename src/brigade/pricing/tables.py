"""Pricing's tables: a location's named tax rates and its service charges."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Uuid,
    text,
)

from brigade.kit import money
from brigade.kit.db.tables import metadata, timestamps
from brigade.kit.db.types import UTCDateTime
from brigade.pricing.domain import TaxRate

# Live: neither archived (in use when deleted: still named by products, charges, orders) nor
# deleted (unused when deleted).
_LIVE_RATE = text("deleted_at IS NULL AND archived_at IS NULL")
_LIVE_CHARGE = text("archived_at IS NULL")

tax_rates = Table(
    "tax_rates",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    # Millionths, like products.tax_rate_units.
    Column("rate_units", Integer, nullable=False),
    Column("takeout_rate_units", Integer, nullable=True),
    Column("archived_at", UTCDateTime(), nullable=True),
    *timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    Index(
        "uq_tax_rates_location_name",
        "location_id",
        "name",
        unique=True,
        sqlite_where=_LIVE_RATE,
        postgresql_where=_LIVE_RATE,
    ),
)

service_charges = Table(
    "service_charges",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    # Exactly one of the two: a rate in millionths or an amount in cents.
    Column("rate_units", Integer, nullable=True),
    Column("amount_cents", BigInteger, nullable=True),
    Column("tax_rate_id", Uuid, ForeignKey("tax_rates.id"), nullable=True),
    Column("automatic", Boolean, nullable=False),
    Column("min_guests", Integer, nullable=True),
    # The order types it is limited to, comma-separated; empty: every type.
    Column("order_types", String(100), nullable=False),
    Column("archived_at", UTCDateTime(), nullable=True),
    *timestamps(),
    Index(
        "uq_service_charges_location_name",
        "location_id",
        "name",
        unique=True,
        sqlite_where=_LIVE_CHARGE,
        postgresql_where=_LIVE_CHARGE,
    ),
    Index("ix_service_charges_tax_rate_id", "tax_rate_id"),
)


# --- a tax rate joined to what names it (a service charge, a product) -----------------------

_RATE_FIELDS = (
    "id", "location_id", "name", "rate_units", "takeout_rate_units", "archived_at",
    "created_at", "updated_at",
)  # fmt: skip
# Selected after the other table's columns: labelled, they collide with none of them.
TAX_RATE_COLUMNS = tuple(tax_rates.c[name].label(f"tax_rate__{name}") for name in _RATE_FIELDS)


def tax_rate_from(values: Sequence[Any]) -> TaxRate | None:
    """The rate of ``TAX_RATE_COLUMNS``' values, in order; None when the outer join found none."""
    id_, location_id, name, rate_units, takeout_units, archived_at, created_at, updated_at = values
    if id_ is None:
        return None
    return TaxRate(
        id=id_,
        location_id=location_id,
        name=name,
        rate=money.rate_from_units(rate_units),
        takeout_rate=None if takeout_units is None else money.rate_from_units(takeout_units),
        archived_at=archived_at,
        created_at=created_at,
        updated_at=updated_at,
    )
