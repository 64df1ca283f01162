"""Guests at the tables: each table's guest code, a location's guest ordering, guests' visits
and their calls to the staff

Revision ID: 0044_guest_visits
Revises: 0043_card_holds
Create Date: 2026-12-04 09:00:00
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0044_guest_visits"
down_revision: str | None = "0043_card_holds"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As dining's domain makes them: 128 random bits, URL-safe.
GUEST_CODE_BYTES = 16


def upgrade() -> None:
    # Every location so far takes nothing from guests' phones until a manager turns it on.
    with op.batch_alter_table("locations") as batch:
        batch.add_column(
            sa.Column("guest_ordering", sa.String(16), nullable=False, server_default="OFF")
        )
        batch.add_column(
            sa.Column(
                "guest_orders_need_confirm", sa.Boolean, nullable=False, server_default=sa.true()
            )
        )
    # Every table, deleted ones too, gets a code of its own.
    with op.batch_alter_table("dining_tables") as batch:
        batch.add_column(sa.Column("guest_code", sa.String(32), nullable=True))
    tables = sa.table("dining_tables", sa.column("id", sa.Uuid), sa.column("guest_code"))
    connection = op.get_bind()
    for (table_id,) in connection.execute(sa.select(tables.c.id)).all():
        code = secrets.token_urlsafe(GUEST_CODE_BYTES)
        connection.execute(tables.update().where(tables.c.id == table_id).values(guest_code=code))
    with op.batch_alter_table("dining_tables") as batch:
        batch.alter_column("guest_code", existing_type=sa.String(32), nullable=False)
        batch.create_index("uq_dining_tables_guest_code", ["guest_code"], unique=True)
    op.create_table(
        "guest_visits",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("table_id", sa.Uuid, nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_guest_visits_order", "guest_visits", ["order_id"])
    op.create_index("ix_guest_visits_table", "guest_visits", ["table_id", "started_at"])
    op.create_table(
        "guest_calls",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("visit_id", sa.Uuid, nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("table_id", sa.Uuid, nullable=False),
        sa.Column("table_name", sa.String(200), nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_guest_calls_visit", "guest_calls", ["visit_id", "kind", "at"])


def downgrade() -> None:
    op.drop_table("guest_calls")
    op.drop_table("guest_visits")
    with op.batch_alter_table("dining_tables") as batch:
        batch.drop_index("uq_dining_tables_guest_code")
        batch.drop_column("guest_code")
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("guest_orders_need_confirm")
        batch.drop_column("guest_ordering")
