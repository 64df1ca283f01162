"""Bar tabs held on a card: a checkout may hold the card, captured when the tab closes

Revision ID: 0043_card_holds
Revises: 0042_card_payments
Create Date: 2026-12-03 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0043_card_holds"
down_revision: str | None = "0042_card_payments"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_CHECKOUT = sa.text("status IN ('PENDING', 'WAITING_FOR_CARD')")
WORKING_CHECKOUT = sa.text("status IN ('PENDING', 'WAITING_FOR_CARD', 'CAPTURING', 'RELEASING')")
HOLDING_CHECKOUT = sa.text("status IN ('HELD', 'CAPTURING', 'RELEASING')")


def _partial(name: str, column: str, where: sa.TextClause) -> None:
    op.create_index(name, "card_checkouts", [column], sqlite_where=where, postgresql_where=where)


def upgrade() -> None:
    # Every checkout so far charged its card at once: none is a hold.
    with op.batch_alter_table("card_checkouts") as batch:
        batch.add_column(sa.Column("hold", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("held_cents", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("capture_cents", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("capture_tip_cents", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("capture_id", sa.Uuid, nullable=True))
    # The poller now also claims captures and releases asked for.
    op.drop_index("ix_card_checkouts_open", table_name="card_checkouts")
    _partial("ix_card_checkouts_working", "status", WORKING_CHECKOUT)
    _partial("ix_card_checkouts_holding", "location_id", HOLDING_CHECKOUT)


def downgrade() -> None:
    op.drop_index("ix_card_checkouts_holding", table_name="card_checkouts")
    op.drop_index("ix_card_checkouts_working", table_name="card_checkouts")
    _partial("ix_card_checkouts_open", "status", OPEN_CHECKOUT)
    with op.batch_alter_table("card_checkouts") as batch:
        for column in ("capture_id", "capture_tip_cents", "capture_cents", "held_cents", "hold"):
            batch.drop_column(column)
