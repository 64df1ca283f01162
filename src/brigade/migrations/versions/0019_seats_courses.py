"""An order item takes a seat and a course; an order remembers the courses it fired

Revision ID: 0019_seats_courses
Revises: 0018
Create Date: 2026-11-26 19:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019_seats_courses"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("order_items") as batch:
        batch.add_column(sa.Column("seat", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("course", sa.Integer(), nullable=False, server_default="1"))
    op.add_column("orders", sa.Column("fired_courses", sa.JSON(), nullable=True))
    # Every item so far is course 1: an order that sent anything (a ticket, even of an item
    # voided since) fired it; the others fire it with their first send.
    op.execute(
        "UPDATE orders SET fired_courses = '[1]' WHERE EXISTS (SELECT 1 FROM order_items "
        "WHERE order_items.order_id = orders.id AND order_items.kitchen_ticket_id IS NOT NULL)"
    )
    op.execute("UPDATE orders SET fired_courses = '[]' WHERE fired_courses IS NULL")
    with op.batch_alter_table("orders") as batch:
        batch.alter_column("fired_courses", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("fired_courses")
    with op.batch_alter_table("order_items") as batch:
        batch.drop_column("course")
        batch.drop_column("seat")
