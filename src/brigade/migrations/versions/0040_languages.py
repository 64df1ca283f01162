"""Languages: a location's, a staff member's own, and the menu's translations

Revision ID: 0040_languages
Revises: 0039_token_location
Create Date: 2026-12-01 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0040_languages"
down_revision: str | None = "0039_token_location"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TRANSLATED = ("products", "categories", "modifier_groups")


def upgrade() -> None:
    # Every location so far speaks English, as its receipts did; staff follow their location.
    with op.batch_alter_table("locations") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=False, server_default="en"))
    with op.batch_alter_table("staff") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))
    # A menu made before has no translations: its base names everywhere.
    for table in _TRANSLATED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("translations", sa.JSON(), nullable=True))


def downgrade() -> None:
    for table in _TRANSLATED:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("translations")
    with op.batch_alter_table("staff") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("language")
