"""Card checkouts online: a guest's card typed on their phone, with no reader; the visit that
started one and the key its phone confirms the charge with

Revision ID: 0047_online_card_checkouts
Revises: 0046_product_guest_fields
Create Date: 2026-12-06 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0047_online_card_checkouts"
down_revision: str | None = "0046_product_guest_fields"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_CHECKOUT = sa.text("status IN ('PENDING', 'WAITING_FOR_CARD')")
WORKING_CHECKOUT = sa.text("status IN ('PENDING', 'WAITING_FOR_CARD', 'CAPTURING', 'RELEASING')")
HOLDING_CHECKOUT = sa.text("status IN ('HELD', 'CAPTURING', 'RELEASING')")
PARTIAL = {
    "uq_card_checkouts_open_reader": ("reader_id", OPEN_CHECKOUT, True),
    "ix_card_checkouts_working": ("status", WORKING_CHECKOUT, False),
    "ix_card_checkouts_holding": ("location_id", HOLDING_CHECKOUT, False),
}


def _partial_indexes(create: bool) -> None:
    # SQLite's batch copy of the table would not carry their WHERE: dropped and made again.
    for name, (column, where, unique) in PARTIAL.items():
        if create:
            op.create_index(
                name,
                "card_checkouts",
                [column],
                unique=unique,
                sqlite_where=where,
                postgresql_where=where,
            )
        else:
            op.drop_index(name, table_name="card_checkouts")


def upgrade() -> None:
    _partial_indexes(create=False)
    with op.batch_alter_table("card_checkouts") as batch:
        batch.alter_column("reader_id", existing_type=sa.Uuid(), nullable=True)
        batch.add_column(sa.Column("visit_id", sa.Uuid(), nullable=True))
        batch.add_column(sa.Column("client_secret", sa.String(300), nullable=True))
    _partial_indexes(create=True)
    op.create_index("ix_card_checkouts_visit", "card_checkouts", ["visit_id"])


def downgrade() -> None:
    op.drop_index("ix_card_checkouts_visit", table_name="card_checkouts")
    _partial_indexes(create=False)
    # Online checkouts have no reader to keep: they go with the columns.
    op.execute("DELETE FROM card_checkouts WHERE reader_id IS NULL")
    with op.batch_alter_table("card_checkouts") as batch:
        batch.drop_column("client_secret")
        batch.drop_column("visit_id")
        batch.alter_column("reader_id", existing_type=sa.Uuid(), nullable=False)
    _partial_indexes(create=True)
