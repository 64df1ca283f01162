"""Menu rows without translations hold SQL NULL rather than JSON's null

Revision ID: 0041_translations_null
Revises: 0040_languages
Create Date: 2026-12-01 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0041_translations_null"
down_revision: str | None = "0040_languages"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TRANSLATED = ("products", "categories", "modifier_groups")


def upgrade() -> None:
    # 0040's rows were written as the JSON text 'null', which every read decoded; the column
    # now writes none as NULL (catalogue/tables.py), and the rows already there follow.
    for name in _TRANSLATED:
        column = sa.column("translations", sa.JSON())
        op.execute(
            sa.table(name, column)
            .update()
            .where(sa.cast(column, sa.Text()) == "null")
            .values(translations=sa.null())
        )


def downgrade() -> None:
    # NULL reads as no translations under either writing: nothing to undo.
    pass
