"""Orders: items, the kitchen, payments, discounts, tables, completion and cancellation.

Every answer about one order carries ``ETag: "<version>"``; a mutation sent with
``If-Match`` naming another version is refused with 412 and changes nothing.

One module per concern (``lifecycle``, ``items``, ``payments``, ``service_charges``,
``refunds``, ``receipts``),
each with its own router; ``schemas`` holds the requests and responses, ``shaping`` turns
records into responses.
"""

from __future__ import annotations

from brigade.orders.routes import (
    items,
    lifecycle,
    payments,
    receipts,
    refunds,
    service_charges,
    splitting,
)

routers = (
    lifecycle.router,
    # Before items: its /items/move must not read as an item's id.
    splitting.router,
    items.router,
    payments.router,
    service_charges.router,
    refunds.router,
    receipts.router,
)
