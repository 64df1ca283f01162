"""Helpers shared by the catalogue's tests (this module holds no tests)."""

from __future__ import annotations

import uuid
from datetime import datetime

from factories import LOCATION


def product_row(id_: uuid.UUID, name: str, at: datetime, **columns: object) -> dict[str, object]:
    """A product's row as a migration test writes it for an older revision: only the columns
    every revision has had (an ITEM at LOCATION, active, untracked, untaxed, 10.00);
    ``columns`` add to them or replace them."""
    return {
        "id": id_,
        "location_id": uuid.UUID(LOCATION),
        "name": name,
        "search_text": name.lower(),
        "price_cents": 1000,
        "tax_rate_units": 0,
        "is_active": True,
        "is_86d": False,
        "track_inventory": False,
        "product_type": "ITEM",
        "created_at": at,
        "updated_at": at,
    } | columns
