"""The schema as SQLAlchemy Core tables; Alembic migrations create it.

Money is integer cents, tax rates integer millionths, quantities integer
thousandths: exact on both databases. A missing location is stored as the nil
UUID so that "unique per location" is a plain partial unique index.
"""

from __future__ import annotations

import uuid

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Uuid,
    false,
    text,
)

from brigade.db.types import UTCDateTime

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
# Orders that keep a table taken: DRAFT and OPEN ones (docs/design.md §10).
SEATED = text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL")
# The sales report's orders.
COMPLETED = text("status = 'COMPLETED'")


def _timestamps() -> list[Column[object]]:
    return [
        Column("created_at", UTCDateTime(), nullable=False),
        Column("updated_at", UTCDateTime(), nullable=False),
    ]


categories = Table(
    "categories",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("parent_id", Uuid, ForeignKey("categories.id"), nullable=True),
    Column("name", String(200), nullable=False),
    Column("description", Text, nullable=True),
    Column("image_url", String(2048), nullable=True),
    Column("sort_order", Integer, nullable=False),
    Column("is_active", Boolean, nullable=False),
    *_timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    Index(
        "ix_categories_location_sort",
        "location_id",
        "sort_order",
        "name",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index("ix_categories_parent_id", "parent_id"),
)

products = Table(
    "products",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("category_id", Uuid, ForeignKey("categories.id"), nullable=True),
    Column("name", String(200), nullable=False),
    # Lower-cased name, sku and barcode joined: the one column `search` scans.
    Column("search_text", String(500), nullable=False),
    Column("description", Text, nullable=True),
    Column("sku", String(64), nullable=True),
    Column("barcode", String(64), nullable=True),
    Column("price_cents", BigInteger, nullable=False),
    Column("cost_cents", BigInteger, nullable=True),
    Column("tax_rate_units", Integer, nullable=False),
    Column("image_url", String(2048), nullable=True),
    Column("is_active", Boolean, nullable=False),
    Column("is_86d", Boolean, nullable=False),
    Column("track_inventory", Boolean, nullable=False),
    Column("stock_quantity_units", BigInteger, nullable=True),
    Column("low_stock_threshold", Integer, nullable=True),
    Column("product_type", String(16), nullable=False),
    *_timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    # Why it is 86'd: true when its stock ran out (a restock lifts it), false when by hand.
    Column("auto_86d", Boolean, nullable=False, server_default=false()),
    Index("ix_products_name", "name", "id", sqlite_where=LIVE, postgresql_where=LIVE),
    Index(
        "ix_products_category_name",
        "category_id",
        "name",
        "id",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index(
        "ix_products_location_name",
        "location_id",
        "name",
        "id",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index(
        "uq_products_location_sku",
        "location_id",
        "sku",
        unique=True,
        sqlite_where=text("deleted_at IS NULL AND sku IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND sku IS NOT NULL"),
    ),
    # A scan without ?locationId= looks a barcode up in every location.
    Index(
        "ix_products_barcode",
        "barcode",
        sqlite_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
    ),
    Index(
        "uq_products_location_barcode",
        "location_id",
        "barcode",
        unique=True,
        sqlite_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
    ),
)

_LIVE_BARCODE = text("deleted_at IS NULL AND barcode IS NOT NULL")

# A product's sizes or kinds with their own price (and sku, barcode): a latte S/M/L.
product_variants = Table(
    "product_variants",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    # The product's: sku and barcode are unique per location together with the products'.
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("price_cents", BigInteger, nullable=False),
    Column("sku", String(64), nullable=True),
    Column("barcode", String(64), nullable=True),
    Column("is_active", Boolean, nullable=False),
    *_timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    Index("ix_product_variants_product_id", "product_id", "id"),
    Index(
        "ix_product_variants_barcode",
        "barcode",
        sqlite_where=_LIVE_BARCODE,
        postgresql_where=_LIVE_BARCODE,
    ),
)

# Choices with rules (steak temperature: exactly one); options are MODIFIER products.
modifier_groups = Table(
    "modifier_groups",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("min_selections", Integer, nullable=False),
    # None: no upper limit.
    Column("max_selections", Integer, nullable=True),
    *_timestamps(),
    Index("ix_modifier_groups_location_name", "location_id", "name", "id"),
)

modifier_group_options = Table(
    "modifier_group_options",
    metadata,
    Column("group_id", Uuid, ForeignKey("modifier_groups.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    Index("ix_modifier_group_options_product_id", "product_id"),
)

# The groups a product offers, in the order its screen shows them.
product_modifier_groups = Table(
    "product_modifier_groups",
    metadata,
    Column("product_id", Uuid, ForeignKey("products.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("group_id", Uuid, ForeignKey("modifier_groups.id"), nullable=False),
    Index("ix_product_modifier_groups_group_id", "group_id"),
)

# Every change of a tracked product's stock, with who and why and the level it left.
stock_movements = Table(
    "stock_movements",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("change_units", BigInteger, nullable=False),
    Column("level_units", BigInteger, nullable=False),
    Column("reason", Text, nullable=True),
    Column("order_id", Uuid, nullable=True),
    Column("staff_id", Uuid, nullable=True),
    Column("staff_name", String(200), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_stock_movements_product_id", "product_id", "at", "id"),
)

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
    Column("discount_cents", BigInteger, nullable=False),
    Column("discount_code", String(64), nullable=True),
    # Totals are derived (domain/totals.py) and kept here so lists need no join.
    Column("subtotal_cents", BigInteger, nullable=False),
    Column("tax_cents", BigInteger, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("paid_cents", BigInteger, nullable=False),
    Column("tip_cents", BigInteger, nullable=False),
    Column("version", Integer, nullable=False),
    *_timestamps(),
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
    # [{modifierOptionId, name, priceCents}]: a snapshot taken when the item was added.
    Column("modifiers", JSON, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
    Column("notes", Text, nullable=True),
    Column("void_reason", Text, nullable=True),
    Column("kitchen_ticket_id", Uuid, nullable=True),
    *_timestamps(),
    Index("ix_order_items_order_id", "order_id", "created_at"),
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
    Index("ix_payments_order_id", "order_id", "processed_at"),
    # Payments across orders, newest first (settlement, tip-out).
    Index("ix_payments_processed_at", "processed_at", "id"),
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

kitchen_tickets = Table(
    "kitchen_tickets",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("order_number", Integer, nullable=False),
    Column("table_id", Uuid, nullable=True),
    # [{itemId, productId, name, quantity, modifiers, notes}] as sent.
    Column("items", JSON, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("sent_by_id", Uuid, nullable=True),
    Column("sent_by_name", String(200), nullable=True),
    # ORDER (a send) or VOID (what a void took back off the kitchen: negative lines, a reason).
    Column("kind", String(8), nullable=False, server_default="ORDER"),
    Column("reason", Text, nullable=True),
    # When a kitchen screen bumped it off the board (done); null while it is on the board.
    Column("bumped_at", UTCDateTime(), nullable=True),
    Index("ix_kitchen_tickets_created", "created_at", "id"),
    Index("ix_kitchen_tickets_location_created", "location_id", "created_at", "id"),
    Index("ix_kitchen_tickets_order_id", "order_id"),
    # The last ticket bumped at a location (Recall).
    Index("ix_kitchen_tickets_location_bumped", "location_id", "bumped_at"),
)

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

staff = Table(
    "staff",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("role", String(16), nullable=False),
    Column("is_active", Boolean, nullable=False),
    *_timestamps(),
    Index("ix_staff_name", "name", "id"),
)

api_tokens = Table(
    "api_tokens",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("name", String(200), nullable=False),
    # SHA-256 of the token; the token itself is shown once and never stored.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("last_used_at", UTCDateTime(), nullable=True),
    Column("revoked_at", UTCDateTime(), nullable=True),
    Index("uq_api_tokens_token_digest", "token_digest", unique=True),
    Index("ix_api_tokens_staff_id", "staff_id"),
    Index("ix_api_tokens_created_at", "created_at", "id"),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("at", UTCDateTime(), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("staff_id", Uuid, nullable=True),
    Column("staff_name", String(200), nullable=False),
    Column("action", String(40), nullable=False),
    Column("entity_type", String(32), nullable=False),
    Column("entity_id", Uuid, nullable=False),
    Column("before", JSON, nullable=True),
    Column("after", JSON, nullable=True),
    Column("reason", Text, nullable=True),
    # The manager whose PIN approved the action on someone else's terminal session.
    Column("approved_by_id", Uuid, nullable=True),
    Column("approved_by_name", String(200), nullable=True),
    Index("ix_audit_log_at", "at", "id"),
    Index("ix_audit_log_location_at", "location_id", "at", "id"),
    Index("ix_audit_log_action_at", "action", "at", "id"),
    Index("ix_audit_log_staff_at", "staff_id", "at", "id"),
)

# Failed authentications per client address and minute, shared by every worker and host.
auth_failures = Table(
    "auth_failures",
    metadata,
    Column("client", String(64), primary_key=True),
    Column("window_start", UTCDateTime(), primary_key=True),
    Column("failures", Integer, nullable=False),
    Index("ix_auth_failures_window_start", "window_start"),
)

# --- events and webhooks ----------------------------------------------------------------------

# The outbox: every committed change's events, ids in commit order (domain/events.py).
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
    # The resource as the API shows it, serialized once when the event was written.
    Column("data", Text, nullable=False),
    Index("ix_events_location_id", "location_id", "id"),
    Index("ix_events_at", "at"),
    sqlite_autoincrement=True,
)

# One row (id 1): the highest event id retention has deleted; older cursors answer 410.
events_swept = Table(
    "events_swept",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("through_id", BigInteger, nullable=False),
)

webhooks = Table(
    "webhooks",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("url", String(2000), nullable=False),
    Column("types", JSON, nullable=False),
    Column("description", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    # The last event handled (delivered, or given up on): deliveries go on from there.
    Column("cursor", BigInteger, nullable=False),
    # Failed attempts at the event after the cursor, and when the first of them was made.
    Column("attempts", Integer, nullable=False),
    Column("retrying_since", UTCDateTime(), nullable=True),
    Column("next_attempt_at", UTCDateTime(), nullable=False),
    # A worker delivering holds the webhook until then; a crashed worker's lease runs out.
    Column("lease_until", UTCDateTime(), nullable=True),
    Index("ix_webhooks_next_attempt_at", "next_attempt_at"),
    Index("ix_webhooks_created_at", "created_at", "id"),
)

webhook_deliveries = Table(
    "webhook_deliveries",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column(
        "webhook_id",
        Uuid,
        ForeignKey("webhooks.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("event_id", BigInteger, nullable=False),
    Column("event_type", String(40), nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Column("duration_ms", Integer, nullable=False),
    Column("status_code", Integer, nullable=True),
    Column("outcome", String(16), nullable=False),
    Column("error", Text, nullable=True),
    Index("ix_webhook_deliveries_webhook_at", "webhook_id", "at", "id"),
    Index("ix_webhook_deliveries_at", "at"),
)

# Keys the server makes for itself, kept when no setting provides them (webhook signing).
server_keys = Table(
    "server_keys",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", String(128), nullable=False),
)

# --- printers and the print outbox (docs/design.md §12) --------------------------------------

PENDING = text("status = 'PENDING'")

printers = Table(
    "printers",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("host", String(253), nullable=False),
    Column("port", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    # [categoryId, ...] a KITCHEN printer prints (its station); []: every category.
    Column("category_ids", JSON, nullable=False),
    *_timestamps(),
    Index("ix_printers_location_kind", "location_id", "kind"),
    Index("ix_printers_created_at", "created_at", "id"),
)

# The print outbox: written in the transaction of the send or the receipt request.
print_jobs = Table(
    "print_jobs",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("printer_id", Uuid, ForeignKey("printers.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("ticket_id", Uuid, nullable=True),
    Column("payload", LargeBinary, nullable=False),
    Column("status", String(16), nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("retrying_since", UTCDateTime(), nullable=True),
    Column("next_attempt_at", UTCDateTime(), nullable=False),
    # A worker printing holds the job until then; a crashed worker's lease runs out.
    Column("lease_until", UTCDateTime(), nullable=True),
    Column("last_error", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("printed_at", UTCDateTime(), nullable=True),
    Index("ix_print_jobs_due", "next_attempt_at", sqlite_where=PENDING, postgresql_where=PENDING),
    Index("ix_print_jobs_printer_created", "printer_id", "created_at", "id"),
)

# --- the dining room (docs/design.md §10) ------------------------------------------------------

# A location's profile; a location without one is still a valid id everywhere.
locations = Table(
    "locations",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("timezone", String(64), nullable=False),
    Column("currency", String(3), nullable=False),
    *_timestamps(),
    # A kitchen ticket's age turns amber, then red (late), past these.
    Column("ticket_warn_minutes", Integer, nullable=False, server_default="5"),
    Column("ticket_late_minutes", Integer, nullable=False, server_default="10"),
    Index("ix_locations_name", "name", "id"),
)

dining_tables = Table(
    "dining_tables",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("section", String(200), nullable=True),
    Column("seats", Integer, nullable=True),
    *_timestamps(),
    # Soft delete: old orders still name the table they were at.
    Column("deleted_at", UTCDateTime(), nullable=True),
    Index(
        "uq_dining_tables_location_name",
        "location_id",
        "name",
        unique=True,
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
)

devices = Table(
    "devices",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("location_id", Uuid, nullable=False),
    # SHA-256 of the device token; the token itself is shown once and never stored.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("revoked_at", UTCDateTime(), nullable=True),
    Index("uq_devices_token_digest", "token_digest", unique=True),
    Index("ix_devices_created_at", "created_at", "id"),
)

# A staff member's PIN (scrypt, salted) and their wrong-PIN count, shared by every worker.
staff_pins = Table(
    "staff_pins",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("pin_hash", String(200), nullable=False),
    Column("set_at", UTCDateTime(), nullable=False),
)

# Wrong PINs for one staff member from one source (a device, or a client address without
# one), and that source's lock: one client cannot lock a person out everywhere.
pin_locks = Table(
    "pin_locks",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("source", String(80), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("first_failure_at", UTCDateTime(), nullable=True),
    Column("locked_until", UTCDateTime(), nullable=True),
)

# Wrong PINs from one source, whoever they were typed for, per window: the spray limit.
pin_failures = Table(
    "pin_failures",
    metadata,
    Column("source", String(80), primary_key=True),
    Column("window_start", UTCDateTime(), primary_key=True),
    Column("failures", Integer, nullable=False),
    Index("ix_pin_failures_window_start", "window_start"),
)

staff_sessions = Table(
    "staff_sessions",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("device_id", Uuid, ForeignKey("devices.id"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("ended_at", UTCDateTime(), nullable=True),
    Index("uq_staff_sessions_token_digest", "token_digest", unique=True),
    Index("ix_staff_sessions_staff_id", "staff_id"),
)

approvals = Table(
    "approvals",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("token_digest", String(64), nullable=False),
    Column("approver_id", Uuid, ForeignKey("staff.id"), nullable=False),
    # The credential (session, token or device id) whose next write it approves.
    Column("requested_by", String(64), nullable=False),
    # The one action on the one resource it approves (domain/access.py ApprovalAction).
    Column("action", String(40), nullable=False),
    Column("resource", String(200), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("used_at", UTCDateTime(), nullable=True),
    Index("uq_approvals_token_digest", "token_digest", unique=True),
    Index("ix_approvals_expires_at", "expires_at"),
)
