"""Pairing a device by a short code: pairing_codes

Revision ID: 0028_pairing_codes
Revises: 0027_passwords
Create Date: 2026-11-27 06:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028_pairing_codes"
down_revision: str | None = "0027_passwords"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §23: a code shown on a fresh device, approved in the back office.
    op.create_table(
        "pairing_codes",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("code", sa.String(6), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("claim_digest", sa.String(64), nullable=False),
        sa.Column("token_digest", sa.String(64), nullable=False),
        sa.Column("hint", sa.String(16), nullable=False),
        sa.Column("client_address", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("device_id", sa.Uuid, nullable=True),
        sa.Column("approved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["device_id"], ["devices.id"], name=op.f("fk_pairing_codes_device_id_devices")
        ),
    )
    op.create_index("uq_pairing_codes_code", "pairing_codes", ["code"], unique=True)
    op.create_index("uq_pairing_codes_claim_digest", "pairing_codes", ["claim_digest"], unique=True)
    op.create_index(
        "ix_pairing_codes_client_address", "pairing_codes", ["client_address", "created_at"]
    )
    op.create_index("ix_pairing_codes_expires_at", "pairing_codes", ["expires_at"])


def downgrade() -> None:
    op.drop_table("pairing_codes")
