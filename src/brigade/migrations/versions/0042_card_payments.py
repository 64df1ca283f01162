"""Card readers, card checkouts and refunds to cards (docs/design.md §27)

Revision ID: 0042_card_payments
Revises: 0041_translations_null
Create Date: 2026-12-02 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0042_card_payments"
down_revision: str | None = "0041_translations_null"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_CHECKOUT = sa.text("status IN ('PENDING', 'WAITING_FOR_CARD')")
PENDING_REFUND = sa.text("status = 'PENDING'")


def _at(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "payment_readers",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("provider", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("external_id", sa.String(200), nullable=True),
        sa.Column("mode", sa.String(16), nullable=False),
        _at("created_at"),
    )
    op.create_index("ix_payment_readers_location", "payment_readers", ["location_id", "name"])
    op.create_table(
        "payment_reader_defaults",
        sa.Column("device_id", sa.Uuid, primary_key=True),
        sa.Column("reader_id", sa.Uuid, nullable=False),
    )
    op.create_index("ix_payment_reader_defaults_reader", "payment_reader_defaults", ["reader_id"])
    op.create_table(
        "card_checkouts",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("order_id", sa.Uuid, nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("reader_id", sa.Uuid, nullable=False),
        sa.Column("provider", sa.String(40), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("amount_cents", sa.BigInteger, nullable=False),
        sa.Column("tip_mode", sa.String(16), nullable=False),
        sa.Column("tip_cents", sa.BigInteger, nullable=False),
        sa.Column("charge_ref", sa.String(200), nullable=True),
        sa.Column("payment_ref", sa.String(200), nullable=True),
        sa.Column("card_brand", sa.String(40), nullable=True),
        sa.Column("card_last_four", sa.String(4), nullable=True),
        sa.Column("reason", sa.String(500), nullable=True),
        sa.Column("cancel_requested", sa.Boolean, nullable=False),
        sa.Column("started_by_id", sa.Uuid, nullable=True),
        sa.Column("started_by_name", sa.String(200), nullable=False),
        sa.Column("device_id", sa.Uuid, nullable=True),
        _at("created_at"),
        _at("updated_at"),
        _at("expires_at"),
        _at("finished_at", nullable=True),
        _at("lease_until", nullable=True),
    )
    op.create_index(
        "uq_card_checkouts_open_reader",
        "card_checkouts",
        ["reader_id"],
        unique=True,
        sqlite_where=OPEN_CHECKOUT,
        postgresql_where=OPEN_CHECKOUT,
    )
    op.create_index("ix_card_checkouts_order", "card_checkouts", ["order_id", "created_at"])
    op.create_index(
        "ix_card_checkouts_open",
        "card_checkouts",
        ["status"],
        sqlite_where=OPEN_CHECKOUT,
        postgresql_where=OPEN_CHECKOUT,
    )
    op.create_table(
        "card_refunds",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("checkout_id", sa.Uuid, nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("order_refund_id", sa.Uuid, nullable=True),
        sa.Column("amount_cents", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("refund_ref", sa.String(200), nullable=True),
        sa.Column("reason", sa.String(500), nullable=True),
        _at("created_at"),
        _at("updated_at"),
        _at("lease_until", nullable=True),
    )
    op.create_index("ix_card_refunds_order", "card_refunds", ["order_id", "created_at"])
    op.create_index(
        "ix_card_refunds_pending",
        "card_refunds",
        ["status"],
        sqlite_where=PENDING_REFUND,
        postgresql_where=PENDING_REFUND,
    )


def downgrade() -> None:
    op.drop_table("card_refunds")
    op.drop_table("card_checkouts")
    op.drop_table("payment_reader_defaults")
    op.drop_table("payment_readers")
