"""A back-office session opened with a PIN on a paired terminal: web_sessions.device_id

Revision ID: 0029_web_sessions_on_a_terminal
Revises: 0028_pairing_codes
Create Date: 2026-11-27 09:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029_web_sessions_on_a_terminal"
down_revision: str | None = "0028_pairing_codes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §7: such a session acts at its terminal's location and ends with its pairing.
    with op.batch_alter_table("web_sessions") as batch:
        batch.add_column(sa.Column("device_id", sa.Uuid, nullable=True))
        batch.create_foreign_key(
            op.f("fk_web_sessions_device_id_devices"), "devices", ["device_id"], ["id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("web_sessions") as batch:
        batch.drop_constraint(op.f("fk_web_sessions_device_id_devices"), type_="foreignkey")
        batch.drop_column("device_id")
