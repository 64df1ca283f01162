"""Approvals of one action on one resource; wrong PINs counted per source

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 03:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Approvals live 60 s: one still open names no action, so it is dropped, not guessed.
    op.execute("DELETE FROM approvals")
    with op.batch_alter_table("approvals") as batch:
        batch.add_column(sa.Column("action", sa.String(length=40), nullable=False))
        batch.add_column(sa.Column("resource", sa.String(length=200), nullable=False))
    op.create_table(
        "pin_locks",
        sa.Column("staff_id", sa.Uuid(), nullable=False),
        sa.Column("source", sa.String(length=80), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failure_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_pin_locks_staff_id_staff")
        ),
        sa.PrimaryKeyConstraint("staff_id", "source", name=op.f("pk_pin_locks")),
    )
    op.create_table(
        "pin_failures",
        sa.Column("source", sa.String(length=80), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("source", "window_start", name=op.f("pk_pin_failures")),
    )
    op.create_index("ix_pin_failures_window_start", "pin_failures", ["window_start"])
    # A lock-out now belongs to a (person, source); the person-wide count goes.
    with op.batch_alter_table("staff_pins") as batch:
        batch.drop_column("locked_until")
        batch.drop_column("first_failure_at")
        batch.drop_column("failures")


def downgrade() -> None:
    with op.batch_alter_table("staff_pins") as batch:
        batch.add_column(sa.Column("failures", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("first_failure_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True))
    op.drop_index("ix_pin_failures_window_start", table_name="pin_failures")
    op.drop_table("pin_failures")
    op.drop_table("pin_locks")
    with op.batch_alter_table("approvals") as batch:
        batch.drop_column("resource")
        batch.drop_column("action")
