"""Staff, API tokens, audit log, auth failures

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 02:54:10.540877
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("staff_id", sa.Uuid(), nullable=True),
        sa.Column("staff_name", sa.String(length=200), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Uuid(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index("ix_audit_log_action_at", ["action", "at", "id"], unique=False)
        batch_op.create_index("ix_audit_log_at", ["at", "id"], unique=False)
        batch_op.create_index("ix_audit_log_location_at", ["location_id", "at", "id"], unique=False)
        batch_op.create_index("ix_audit_log_staff_at", ["staff_id", "at", "id"], unique=False)

    op.create_table(
        "auth_failures",
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("client", "window_start", name=op.f("pk_auth_failures")),
    )
    with op.batch_alter_table("auth_failures", schema=None) as batch_op:
        batch_op.create_index("ix_auth_failures_window_start", ["window_start"], unique=False)

    op.create_table(
        "staff",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff")),
    )
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.create_index("ix_staff_name", ["name", "id"], unique=False)

    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("staff_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("token_digest", sa.String(length=64), nullable=False),
        sa.Column("hint", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"], ["staff.id"], name=op.f("fk_api_tokens_staff_id_staff")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_tokens")),
    )
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.create_index("ix_api_tokens_created_at", ["created_at", "id"], unique=False)
        batch_op.create_index("ix_api_tokens_staff_id", ["staff_id"], unique=False)
        batch_op.create_index("uq_api_tokens_token_digest", ["token_digest"], unique=True)

    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.add_column(sa.Column("opened_by_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("opened_by_name", sa.String(length=200), nullable=True))

    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("taken_by_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("taken_by_name", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.drop_column("taken_by_name")
        batch_op.drop_column("taken_by_id")

    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_column("opened_by_name")
        batch_op.drop_column("opened_by_id")

    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.drop_index("uq_api_tokens_token_digest")
        batch_op.drop_index("ix_api_tokens_staff_id")
        batch_op.drop_index("ix_api_tokens_created_at")

    op.drop_table("api_tokens")
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_name")

    op.drop_table("staff")
    with op.batch_alter_table("auth_failures", schema=None) as batch_op:
        batch_op.drop_index("ix_auth_failures_window_start")

    op.drop_table("auth_failures")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_staff_at")
        batch_op.drop_index("ix_audit_log_location_at")
        batch_op.drop_index("ix_audit_log_at")
        batch_op.drop_index("ix_audit_log_action_at")

    op.drop_table("audit_log")
