"""Staff sign in to the back office with a password: sign-in names, web sessions, the lock-out
and the first run's setup token

Revision ID: 0027_passwords
Revises: 0026_pickup_board
Create Date: 2026-11-27 06:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027_passwords"
down_revision: str | None = "0026_pickup_board"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §7: existing staff keep signing in with their tokens and PINs; none has a
    # password until one is set.
    with op.batch_alter_table("staff") as batch:
        batch.add_column(sa.Column("login", sa.String(60), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(200), nullable=True))
        batch.add_column(sa.Column("password_set_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("uq_staff_login", ["login"], unique=True)
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("staff_id", sa.Uuid, sa.ForeignKey("staff.id"), nullable=False),
        sa.Column("token_digest", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("uq_web_sessions_token_digest", "web_sessions", ["token_digest"], unique=True)
    op.create_index("ix_web_sessions_staff_id", "web_sessions", ["staff_id"])
    op.create_table(
        "sign_in_failures",
        sa.Column("login", sa.String(60), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("first_failure_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "setup_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("token_digest", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("setup_tokens")
    op.drop_table("sign_in_failures")
    op.drop_index("ix_web_sessions_staff_id", table_name="web_sessions")
    op.drop_index("uq_web_sessions_token_digest", table_name="web_sessions")
    op.drop_table("web_sessions")
    with op.batch_alter_table("staff") as batch:
        batch.drop_index("uq_staff_login")
        batch.drop_column("password_set_at")
        batch.drop_column("password_hash")
        batch.drop_column("login")
