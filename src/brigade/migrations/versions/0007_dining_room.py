"""The dining room: location profiles, tables, paired devices, staff PINs and sessions,
manager approvals; audit entries name the approving manager

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 11:35:29.697772
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("token_digest", sa.String(length=64), nullable=False),
        sa.Column("hint", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_devices")),
    )
    with op.batch_alter_table("devices", schema=None) as batch_op:
        batch_op.create_index("ix_devices_created_at", ["created_at", "id"], unique=False)
        batch_op.create_index("uq_devices_token_digest", ["token_digest"], unique=True)

    op.create_table(
        "dining_tables",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("section", sa.String(length=200), nullable=True),
        sa.Column("seats", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dining_tables")),
    )
    with op.batch_alter_table("dining_tables", schema=None) as batch_op:
        batch_op.create_index(
            "uq_dining_tables_location_name",
            ["location_id", "name"],
            unique=True,
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )

    op.create_table(
        "locations",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_locations")),
    )
    with op.batch_alter_table("locations", schema=None) as batch_op:
        batch_op.create_index("ix_locations_name", ["name", "id"], unique=False)

    op.create_table(
        "approvals",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("token_digest", sa.String(length=64), nullable=False),
        sa.Column("approver_id", sa.Uuid(), nullable=False),
        sa.Column("requested_by", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["approver_id"], ["staff.id"], name=op.f("fk_approvals_approver_id_staff")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_approvals")),
    )
    with op.batch_alter_table("approvals", schema=None) as batch_op:
        batch_op.create_index("ix_approvals_expires_at", ["expires_at"], unique=False)
        batch_op.create_index("uq_approvals_token_digest", ["token_digest"], unique=True)

    op.create_table(
        "staff_pins",
        sa.Column("staff_id", sa.Uuid(), nullable=False),
        sa.Column("pin_hash", sa.String(length=200), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failure_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_staff_pins_staff_id_staff")
        ),
        sa.PrimaryKeyConstraint("staff_id", name=op.f("pk_staff_pins")),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("staff_id", sa.Uuid(), nullable=False),
        sa.Column("device_id", sa.Uuid(), nullable=False),
        sa.Column("token_digest", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["device_id"], ["devices.id"], name=op.f("fk_staff_sessions_device_id_devices")
        ),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_staff_sessions_staff_id_staff")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_sessions")),
    )
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.create_index("ix_staff_sessions_staff_id", ["staff_id"], unique=False)
        batch_op.create_index("uq_staff_sessions_token_digest", ["token_digest"], unique=True)

    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.add_column(sa.Column("approved_by_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("approved_by_name", sa.String(length=200), nullable=True))

    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.create_index(
            "ix_orders_seated_table",
            ["table_id"],
            unique=False,
            sqlite_where=sa.text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL"),
            postgresql_where=sa.text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL"),
        )


def downgrade() -> None:
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_index(
            "ix_orders_seated_table",
            sqlite_where=sa.text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL"),
            postgresql_where=sa.text("status IN ('DRAFT', 'OPEN') AND table_id IS NOT NULL"),
        )

    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_column("approved_by_name")
        batch_op.drop_column("approved_by_id")

    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.drop_index("uq_staff_sessions_token_digest")
        batch_op.drop_index("ix_staff_sessions_staff_id")

    op.drop_table("staff_sessions")
    op.drop_table("staff_pins")
    with op.batch_alter_table("approvals", schema=None) as batch_op:
        batch_op.drop_index("uq_approvals_token_digest")
        batch_op.drop_index("ix_approvals_expires_at")

    op.drop_table("approvals")
    with op.batch_alter_table("locations", schema=None) as batch_op:
        batch_op.drop_index("ix_locations_name")

    op.drop_table("locations")
    with op.batch_alter_table("dining_tables", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_dining_tables_location_name",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        )

    op.drop_table("dining_tables")
    with op.batch_alter_table("devices", schema=None) as batch_op:
        batch_op.drop_index("uq_devices_token_digest")
        batch_op.drop_index("ix_devices_created_at")

    op.drop_table("devices")
