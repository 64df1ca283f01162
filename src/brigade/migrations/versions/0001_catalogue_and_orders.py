"""Catalogue and orders

Revision ID: 0001
Revises:
Create Date: 2026-11-22 22:14:10.849509
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "categories",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("parent_id", sa.Uuid(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("image_url", sa.String(length=2048), nullable=True),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["parent_id"], ["categories.id"], name=op.f("fk_categories_parent_id_categories")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_categories")),
    )
    with op.batch_alter_table("categories", schema=None) as batch_op:
        batch_op.create_index(
            "ix_categories_location_sort",
            ["location_id", "sort_order", "name"],
            unique=False,
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.create_index("ix_categories_parent_id", ["parent_id"], unique=False)

    op.create_table(
        "order_counters",
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("location_id", name=op.f("pk_order_counters")),
    )
    op.create_table(
        "orders",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("order_number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("order_type", sa.String(length=16), nullable=False),
        sa.Column("table_id", sa.Uuid(), nullable=True),
        sa.Column("customer_id", sa.Uuid(), nullable=True),
        sa.Column("guest_count", sa.Integer(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("discount_cents", sa.BigInteger(), nullable=False),
        sa.Column("discount_code", sa.String(length=64), nullable=True),
        sa.Column("subtotal_cents", sa.BigInteger(), nullable=False),
        sa.Column("tax_cents", sa.BigInteger(), nullable=False),
        sa.Column("total_cents", sa.BigInteger(), nullable=False),
        sa.Column("paid_cents", sa.BigInteger(), nullable=False),
        sa.Column("tip_cents", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cancel_reason", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_orders")),
    )
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.create_index("ix_orders_created_at", ["created_at", "id"], unique=False)
        batch_op.create_index(
            "ix_orders_location_created_at", ["location_id", "created_at", "id"], unique=False
        )
        batch_op.create_index(
            "uq_orders_location_number", ["location_id", "order_number"], unique=True
        )

    op.create_table(
        "kitchen_tickets",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("order_number", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Uuid(), nullable=True),
        sa.Column("items", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_kitchen_tickets_order_id_orders")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kitchen_tickets")),
    )
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.create_index("ix_kitchen_tickets_created", ["created_at", "id"], unique=False)
        batch_op.create_index(
            "ix_kitchen_tickets_location_created", ["location_id", "created_at", "id"], unique=False
        )
        batch_op.create_index("ix_kitchen_tickets_order_id", ["order_id"], unique=False)

    op.create_table(
        "order_items",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=False),
        sa.Column("product_id", sa.Uuid(), nullable=False),
        sa.Column("variant_id", sa.Uuid(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("quantity_units", sa.BigInteger(), nullable=False),
        sa.Column("unit_price_cents", sa.BigInteger(), nullable=False),
        sa.Column("tax_rate_units", sa.Integer(), nullable=False),
        sa.Column("modifiers", sa.JSON(), nullable=False),
        sa.Column("total_cents", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("void_reason", sa.Text(), nullable=True),
        sa.Column("kitchen_ticket_id", sa.Uuid(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_order_items_order_id_orders")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_items")),
    )
    with op.batch_alter_table("order_items", schema=None) as batch_op:
        batch_op.create_index("ix_order_items_order_id", ["order_id", "created_at"], unique=False)

    op.create_table(
        "payments",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("tip_cents", sa.BigInteger(), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("card_last_four", sa.String(length=4), nullable=True),
        sa.Column("card_brand", sa.String(length=32), nullable=True),
        sa.Column("processor_transaction_id", sa.String(length=128), nullable=True),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("refunded_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_payments_order_id_orders")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payments")),
    )
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.create_index("ix_payments_order_id", ["order_id", "processed_at"], unique=False)

    op.create_table(
        "products",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("category_id", sa.Uuid(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("search_text", sa.String(length=500), nullable=False),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("sku", sa.String(length=64), nullable=True),
        sa.Column("barcode", sa.String(length=64), nullable=True),
        sa.Column("price_cents", sa.BigInteger(), nullable=False),
        sa.Column("cost_cents", sa.BigInteger(), nullable=True),
        sa.Column("tax_rate_units", sa.Integer(), nullable=False),
        sa.Column("image_url", sa.String(length=2048), nullable=True),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("is_86d", sa.Boolean(), nullable=False),
        sa.Column("track_inventory", sa.Boolean(), nullable=False),
        sa.Column("stock_quantity_units", sa.BigInteger(), nullable=True),
        sa.Column("low_stock_threshold", sa.Integer(), nullable=True),
        sa.Column("product_type", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["category_id"], ["categories.id"], name=op.f("fk_products_category_id_categories")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_products")),
    )
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.create_index(
            "ix_products_category_name",
            ["category_id", "name", "id"],
            unique=False,
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.create_index(
            "ix_products_location_name",
            ["location_id", "name", "id"],
            unique=False,
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.create_index(
            "ix_products_name",
            ["name", "id"],
            unique=False,
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.create_index(
            "uq_products_location_barcode",
            ["location_id", "barcode"],
            unique=True,
            sqlite_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
        )
        batch_op.create_index(
            "uq_products_location_sku",
            ["location_id", "sku"],
            unique=True,
            sqlite_where=sa.text("deleted_at IS NULL AND sku IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND sku IS NOT NULL"),
        )


def downgrade() -> None:
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_products_location_sku",
            sqlite_where=sa.text("deleted_at IS NULL AND sku IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND sku IS NOT NULL"),
        )
        batch_op.drop_index(
            "uq_products_location_barcode",
            sqlite_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
        )
        batch_op.drop_index(
            "ix_products_name",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.drop_index(
            "ix_products_location_name",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )
        batch_op.drop_index(
            "ix_products_category_name",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )

    op.drop_table("products")
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.drop_index("ix_payments_order_id")

    op.drop_table("payments")
    with op.batch_alter_table("order_items", schema=None) as batch_op:
        batch_op.drop_index("ix_order_items_order_id")

    op.drop_table("order_items")
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.drop_index("ix_kitchen_tickets_order_id")
        batch_op.drop_index("ix_kitchen_tickets_location_created")
        batch_op.drop_index("ix_kitchen_tickets_created")

    op.drop_table("kitchen_tickets")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_index("uq_orders_location_number")
        batch_op.drop_index("ix_orders_location_created_at")
        batch_op.drop_index("ix_orders_created_at")

    op.drop_table("orders")
    op.drop_table("order_counters")
    with op.batch_alter_table("categories", schema=None) as batch_op:
        batch_op.drop_index("ix_categories_parent_id")
        batch_op.drop_index(
            "ix_categories_location_sort",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )

    op.drop_table("categories")
