"""Refunds in their own table; indexes for the order list's filters and the payments list

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 13:30:00.000000

The refunds cancellations already made (payments marked REFUNDED) become refund rows, one
per payment, under the payment's own id: both kinds of refund are then read the same way.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    refunds = op.create_table(
        "refunds",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=False),
        sa.Column("payment_id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("tip_cents", sa.BigInteger(), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("items", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("refunded_by_id", sa.Uuid(), nullable=True),
        sa.Column("refunded_by_name", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_refunds_order_id_orders")
        ),
        sa.ForeignKeyConstraint(
            ["payment_id"], ["payments.id"], name=op.f("fk_refunds_payment_id_payments")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refunds")),
    )
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.create_index("ix_refunds_order_id", ["order_id", "created_at"], unique=False)
        batch_op.create_index("ix_refunds_payment_id", ["payment_id"], unique=False)
        batch_op.create_index(
            "ix_refunds_location_created_at", ["location_id", "created_at"], unique=False
        )
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.create_index(
            "ix_orders_table_created_at", ["table_id", "created_at", "id"], unique=False
        )
        batch_op.create_index("ix_orders_order_number", ["order_number"], unique=False)
        batch_op.create_index("ix_orders_updated_at", ["updated_at"], unique=False)
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.create_index("ix_payments_processed_at", ["processed_at", "id"], unique=False)
    _record_cancellation_refunds(refunds)


def _record_cancellation_refunds(refunds: sa.Table) -> None:
    payments = sa.table(
        "payments",
        sa.column("id", sa.Uuid()),
        sa.column("order_id", sa.Uuid()),
        sa.column("amount_cents", sa.BigInteger()),
        sa.column("tip_cents", sa.BigInteger()),
        sa.column("method", sa.String()),
        sa.column("status", sa.String()),
        sa.column("refunded_at", sa.DateTime(timezone=True)),
    )
    orders = sa.table(
        "orders",
        sa.column("id", sa.Uuid()),
        sa.column("location_id", sa.Uuid()),
        sa.column("cancel_reason", sa.Text()),
        sa.column("cancelled_at", sa.DateTime(timezone=True)),
        sa.column("cancelled_by_id", sa.Uuid()),
        sa.column("cancelled_by_name", sa.String()),
    )
    refunded = sa.select(payments, orders).join(orders, orders.c.id == payments.c.order_id)
    rows = op.get_bind().execute(refunded.where(payments.c.status == "REFUNDED")).all()
    if rows:
        op.bulk_insert(
            refunds,
            [
                {
                    "id": row.id,
                    "order_id": row.order_id,
                    "payment_id": row.id,
                    "location_id": row.location_id,
                    "amount_cents": row.amount_cents,
                    "tip_cents": row.tip_cents,
                    "method": row.method,
                    "reason": row.cancel_reason or "",
                    "items": [],
                    "created_at": row.refunded_at or row.cancelled_at,
                    "refunded_by_id": row.cancelled_by_id,
                    "refunded_by_name": row.cancelled_by_name,
                }
                for row in rows
            ],
        )


def downgrade() -> None:
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.drop_index("ix_payments_processed_at")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_index("ix_orders_updated_at")
        batch_op.drop_index("ix_orders_order_number")
        batch_op.drop_index("ix_orders_table_created_at")
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.drop_index("ix_refunds_location_created_at")
        batch_op.drop_index("ix_refunds_payment_id")
        batch_op.drop_index("ix_refunds_order_id")
    op.drop_table("refunds")
