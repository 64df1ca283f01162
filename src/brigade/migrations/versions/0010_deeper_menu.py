"""A deeper menu: variants, modifier groups, the stock ledger, and why a product is 86'd

Revision ID: 0010
Revises: 0009 (re-chained onto 0009 at merge)
Create Date: 2026-11-24 13:40:00.000000

Products from before keep their rows; one 86'd then was 86'd by hand (``auto_86d`` false).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LIVE_BARCODE = sa.text("deleted_at IS NULL AND barcode IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("auto_86d", sa.Boolean(), nullable=False, server_default=sa.false())
        )

    op.create_table(
        "product_variants",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("product_id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("price_cents", sa.BigInteger(), nullable=False),
        sa.Column("sku", sa.String(length=64), nullable=True),
        sa.Column("barcode", sa.String(length=64), nullable=True),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["product_id"], ["products.id"], name=op.f("fk_product_variants_product_id_products")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_product_variants")),
    )
    with op.batch_alter_table("product_variants", schema=None) as batch_op:
        batch_op.create_index("ix_product_variants_product_id", ["product_id", "id"])
        batch_op.create_index(
            "ix_product_variants_barcode",
            ["barcode"],
            sqlite_where=_LIVE_BARCODE,
            postgresql_where=_LIVE_BARCODE,
        )

    op.create_table(
        "modifier_groups",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("min_selections", sa.Integer(), nullable=False),
        sa.Column("max_selections", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_modifier_groups")),
    )
    with op.batch_alter_table("modifier_groups", schema=None) as batch_op:
        batch_op.create_index("ix_modifier_groups_location_name", ["location_id", "name", "id"])

    op.create_table(
        "modifier_group_options",
        sa.Column("group_id", sa.Uuid(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["modifier_groups.id"],
            name=op.f("fk_modifier_group_options_group_id_modifier_groups"),
        ),
        sa.ForeignKeyConstraint(
            ["product_id"],
            ["products.id"],
            name=op.f("fk_modifier_group_options_product_id_products"),
        ),
        sa.PrimaryKeyConstraint("group_id", "position", name=op.f("pk_modifier_group_options")),
    )
    with op.batch_alter_table("modifier_group_options", schema=None) as batch_op:
        batch_op.create_index("ix_modifier_group_options_product_id", ["product_id"])

    op.create_table(
        "product_modifier_groups",
        sa.Column("product_id", sa.Uuid(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"],
            ["products.id"],
            name=op.f("fk_product_modifier_groups_product_id_products"),
        ),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["modifier_groups.id"],
            name=op.f("fk_product_modifier_groups_group_id_modifier_groups"),
        ),
        sa.PrimaryKeyConstraint("product_id", "position", name=op.f("pk_product_modifier_groups")),
    )
    with op.batch_alter_table("product_modifier_groups", schema=None) as batch_op:
        batch_op.create_index("ix_product_modifier_groups_group_id", ["group_id"])

    op.create_table(
        "stock_movements",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("product_id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("change_units", sa.BigInteger(), nullable=False),
        sa.Column("level_units", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("order_id", sa.Uuid(), nullable=True),
        sa.Column("staff_id", sa.Uuid(), nullable=True),
        sa.Column("staff_name", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"], ["products.id"], name=op.f("fk_stock_movements_product_id_products")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stock_movements")),
    )
    with op.batch_alter_table("stock_movements", schema=None) as batch_op:
        batch_op.create_index("ix_stock_movements_product_id", ["product_id", "at", "id"])


def downgrade() -> None:
    for table in (
        "stock_movements",
        "product_modifier_groups",
        "modifier_group_options",
        "modifier_groups",
        "product_variants",
    ):
        op.drop_table(table)
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.drop_column("auto_86d")
