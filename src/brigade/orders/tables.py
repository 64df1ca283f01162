"""The orders' tables: orders, their items, payments and refunds, the order numbers."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
    text,
)

from brigade.kit.db.tables import metadata, timestamps
from brigade.kit.db.types import UTCDateTime

# Orders that keep a table taken: DRAFT and OPEN ones (docs/design.md §10).
SEATED = text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL")
# The sales report's orders.
COMPLETED = text("status = 'COMPLETED'")
# Items that are a part of another's kitchen ticket line.
SENT_AS_A_PART = text("sent_as_id IS NOT NULL")

order_counters = Table(
    "order_counters",
    metadata,
    Column("location_id", Uuid, primary_key=True),
    Column("last_number", Integer, nullable=False),
)

orders = Table(
    "orders",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("order_number", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("order_type", String(16), nullable=False),
    Column("table_id", Uuid, nullable=True),
    Column("customer_id", Uuid, nullable=True),
    Column("guest_count", Integer, nullable=True),
    Column("notes", Text, nullable=True),
    # The customer's name on a bar tab or a takeout (docs/design.md §5).
    Column("customer_name", String(60), nullable=True),
    # When a TAKEOUT or DELIVERY order is promised (docs/design.md §5); null: not said.
    Column("pickup_at", UTCDateTime(), nullable=True),
    # [1, 3]: the courses fired so far, ascending (orders/domain/courses.py).
    Column("fired_courses", JSON, nullable=False),
    Column("discount_cents", BigInteger, nullable=False),
    Column("discount_code", String(64), nullable=True),
    # Totals are derived (orders/domain/totals.py) and kept here so lists need no join.
    Column("subtotal_cents", BigInteger, nullable=False),
    Column("tax_cents", BigInteger, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("paid_cents", BigInteger, nullable=False),
    Column("tip_cents", BigInteger, nullable=False),
    Column("service_charge_cents", BigInteger, nullable=False, server_default="0"),
    Column("rounding_cents", BigInteger, nullable=False, server_default="0"),
    # [{units, id, name, netCents, taxCents}]: the tax per rate, cached like the totals.
    Column("taxes", JSON, nullable=False),
    # The location's terms when the order opened (docs/design.md §15).
    Column("currency", String(3), nullable=False, server_default="USD"),
    Column("tax_mode", String(16), nullable=False, server_default="EXCLUSIVE"),
    Column("cash_rounding_cents", BigInteger, nullable=True),
    # [{serviceChargeId, name, rateUnits, amountCents, tax, automatic, minGuests, orderTypes,
    # waived}]: the service charges as they were put on the order.
    Column("service_charges", JSON, nullable=False),
    # [{id, units, cents}]: what a split, a move or a merge added to each rate's tax so the
    # checks add up (orders/domain/splitting.py); null: nothing.
    Column("tax_adjustments", JSON, nullable=True),
    # The check this one was merged into (then CANCELLED).
    Column("merged_into", Uuid, nullable=True),
    # The journal sequence of its SALE entry (docs/design.md §18); null until completed.
    Column("receipt_number", BigInteger, nullable=True),
    # How many payments the order holds (refunded ones too), written with every change to
    # them: a write, which locks this row, reads the payments table only when there are some.
    Column("payment_count", Integer, nullable=False, server_default="0"),
    # How many refunds it holds (a reopened check keeps those given before it was reopened).
    Column("refund_count", Integer, nullable=False, server_default="0"),
    Column("version", Integer, nullable=False),
    *timestamps(),
    Column("completed_at", UTCDateTime(), nullable=True),
    Column("cancelled_at", UTCDateTime(), nullable=True),
    Column("cancel_reason", Text, nullable=True),
    # Who opened and who closed the order; names are kept as they were, so renaming staff
    # rewrites no history.
    Column("opened_by_id", Uuid, nullable=True),
    Column("opened_by_name", String(200), nullable=True),
    Column("completed_by_id", Uuid, nullable=True),
    Column("completed_by_name", String(200), nullable=True),
    Column("cancelled_by_id", Uuid, nullable=True),
    Column("cancelled_by_name", String(200), nullable=True),
    Index("uq_orders_location_number", "location_id", "order_number", unique=True),
    Index("ix_orders_created_at", "created_at", "id"),
    Index("ix_orders_location_created_at", "location_id", "created_at", "id"),
    # The list's filters (issue 12): a table's orders, one order number, what changed since.
    Index("ix_orders_table_created_at", "table_id", "created_at", "id"),
    Index("ix_orders_order_number", "order_number"),
    Index("ix_orders_updated_at", "updated_at"),
    # The floor view: the DRAFT and OPEN orders at each table.
    Index(
        "ix_orders_seated_table",
        "table_id",
        sqlite_where=SEATED,
        postgresql_where=SEATED,
    ),
    Index(
        "ix_orders_location_completed_at",
        "location_id",
        "completed_at",
        sqlite_where=COMPLETED,
        postgresql_where=COMPLETED,
    ),
)

order_items = Table(
    "order_items",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("product_id", Uuid, nullable=False),
    Column("variant_id", Uuid, nullable=True),
    Column("name", String(200), nullable=False),
    Column("quantity_units", BigInteger, nullable=False),
    Column("unit_price_cents", BigInteger, nullable=False),
    Column("tax_rate_units", Integer, nullable=False),
    # The named rate it was taxed at, as it was then; null: the product's own number.
    Column("tax_rate_id", Uuid, nullable=True),
    Column("tax_rate_name", String(200), nullable=True),
    # [{modifierOptionId, name, priceCents}]: a snapshot taken when the item was added.
    Column("modifiers", JSON, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
    Column("notes", Text, nullable=True),
    Column("void_reason", Text, nullable=True),
    Column("kitchen_ticket_id", Uuid, nullable=True),
    # The guest's seat (null: the table) and the course it goes out with.
    Column("seat", Integer, nullable=True),
    Column("course", Integer, nullable=False, server_default="1"),
    # A part a split or a share made of a sent line: the item its kitchen ticket line names.
    Column("sent_as_id", Uuid, nullable=True),
    # The part of its check's discount it carries since a split, a move, a merge or a share;
    # null: the discount is spread by amount.
    Column("discount_cents", BigInteger, nullable=True),
    *timestamps(),
    Index("ix_order_items_order_id", "order_id", "created_at"),
    # The kitchen board finds a ticket line's parts by it (only parts have one).
    Index(
        "ix_order_items_sent_as",
        "sent_as_id",
        sqlite_where=SENT_AS_A_PART,
        postgresql_where=SENT_AS_A_PART,
    ),
)

payments = Table(
    "payments",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("amount_cents", BigInteger, nullable=False),
    Column("tip_cents", BigInteger, nullable=False),
    Column("method", String(16), nullable=False),
    Column("status", String(16), nullable=False),
    Column("card_last_four", String(4), nullable=True),
    Column("card_brand", String(32), nullable=True),
    Column("processor_transaction_id", String(128), nullable=True),
    Column("processed_at", UTCDateTime(), nullable=False),
    Column("refunded_at", UTCDateTime(), nullable=True),
    Column("taken_by_id", Uuid, nullable=True),
    Column("taken_by_name", String(200), nullable=True),
    # What a cash payment that settled the balance to the cash step paid over (or under) it.
    Column("rounding_cents", BigInteger, nullable=False, server_default="0"),
    Index("ix_payments_order_id", "order_id", "processed_at"),
    # Payments across orders, newest first (settlement, tip-out).
    Index("ix_payments_processed_at", "processed_at", "id"),
)

# Orders, items and payments made under an id the client chose (docs/design.md §16): which
# request made each, so the same id and body again answer what it made, and another body
# under that id is refused. Kept as long as the order.
client_made = Table(
    "client_made",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("request_hash", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_client_made_order_id", "order_id"),
)

# Money given back on a payment: a refund of a completed order, or of each payment when an
# order is cancelled. Amount and tip apart, by day and location, for the sales report.
refunds = Table(
    "refunds",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("payment_id", Uuid, ForeignKey("payments.id"), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("amount_cents", BigInteger, nullable=False),
    Column("tip_cents", BigInteger, nullable=False),
    Column("method", String(16), nullable=False),
    Column("reason", Text, nullable=False),
    # [{itemId, quantityUnits, amountCents}]: the lines a refund by line gave back; [] else.
    Column("items", JSON, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("refunded_by_id", Uuid, nullable=True),
    Column("refunded_by_name", String(200), nullable=True),
    Index("ix_refunds_order_id", "order_id", "created_at"),
    Index("ix_refunds_payment_id", "payment_id"),
    Index("ix_refunds_location_created_at", "location_id", "created_at"),
)
