"""Events keep their data as a reader of payment details sees it too (privileged_data)

Revision ID: 0032_privileged_event_data
Revises: 0031_token_scopes_stream_tickets
Create Date: 2026-11-27 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0032_privileged_event_data"
down_revision: str | None = "0031_token_scopes_stream_tickets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §8. Null: the event shows every reader its data. The events already in
    # the log keep what they have (rendered as the kitchen sees it); a plain ADD COLUMN, so
    # SQLite does not copy the log.
    op.add_column("events", sa.Column("privileged_data", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("privileged_data")
