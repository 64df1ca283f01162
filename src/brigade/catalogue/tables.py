"""The catalogue's tables: categories, products, their variants and modifier groups, stock."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
    false,
    text,
)

from brigade.kit.db.tables import LIVE, metadata, timestamps
from brigade.kit.db.types import UTCDateTime

# A menu's names in other languages; none (most rows) is SQL NULL, not JSON's null, so reading a
# row decodes no JSON for it (the hot reads: product, a category's page, a barcode).
TRANSLATIONS = JSON(none_as_null=True)
# A product's allergen codes, a JSON list in the Annex's order; none declared is SQL NULL, as
# for translations.
ALLERGENS = JSON(none_as_null=True)

categories = Table(
    "categories",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("parent_id", Uuid, ForeignKey("categories.id"), nullable=True),
    Column("name", String(200), nullable=False),
    Column("description", Text, nullable=True),
    Column("image_url", String(2048), nullable=True),
    Column("sort_order", Integer, nullable=False),
    Column("is_active", Boolean, nullable=False),
    *timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    # {"de": {"name": ..., "description": ...}} (docs/design.md §26); NULL: none.
    Column("translations", TRANSLATIONS, nullable=True),
    Index(
        "ix_categories_location_sort",
        "location_id",
        "sort_order",
        "name",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index("ix_categories_parent_id", "parent_id"),
)

products = Table(
    "products",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("category_id", Uuid, ForeignKey("categories.id"), nullable=True),
    Column("name", String(200), nullable=False),
    # Lower-cased name, sku and barcode joined: the one column `search` scans.
    Column("search_text", String(500), nullable=False),
    Column("description", Text, nullable=True),
    Column("sku", String(64), nullable=True),
    Column("barcode", String(64), nullable=True),
    Column("price_cents", BigInteger, nullable=False),
    Column("cost_cents", BigInteger, nullable=True),
    Column("tax_rate_units", Integer, nullable=False),
    Column("image_url", String(2048), nullable=True),
    Column("is_active", Boolean, nullable=False),
    Column("is_86d", Boolean, nullable=False),
    Column("track_inventory", Boolean, nullable=False),
    Column("stock_quantity_units", BigInteger, nullable=True),
    Column("low_stock_threshold", Integer, nullable=True),
    Column("product_type", String(16), nullable=False),
    *timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    # Why it is 86'd: true when its stock ran out (a restock lifts it), false when by hand.
    Column("auto_86d", Boolean, nullable=False, server_default=false()),
    # The named tax rate it is taxed at (pricing's tax_rates; checked by the service, no
    # foreign key: docs/decisions.md "Money"); None: its own tax_rate_units.
    Column("tax_rate_id", Uuid, nullable=True),
    # How long the kitchen takes to make it, in seconds (docs/design.md §19); null: not said.
    Column("prep_seconds", Integer, nullable=True),
    # {"de": {"name": ..., "description": ...}} (docs/design.md §26); NULL: none.
    Column("translations", TRANSLATIONS, nullable=True),
    # Shown on the guests' menu on their phones (docs/design.md §28); false for every product
    # from before.
    Column("guest_visible", Boolean, nullable=False, server_default=false()),
    # ["GLUTEN", "MILK"]: the EU's 14 allergens it contains (catalogue's Allergen); NULL: none
    # declared.
    Column("allergens", ALLERGENS, nullable=True),
    Index("ix_products_tax_rate_id", "tax_rate_id"),
    Index("ix_products_name", "name", "id", sqlite_where=LIVE, postgresql_where=LIVE),
    Index(
        "ix_products_category_name",
        "category_id",
        "name",
        "id",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index(
        "ix_products_location_name",
        "location_id",
        "name",
        "id",
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
    Index(
        "uq_products_location_sku",
        "location_id",
        "sku",
        unique=True,
        sqlite_where=text("deleted_at IS NULL AND sku IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND sku IS NOT NULL"),
    ),
    # A scan without ?locationId= looks a barcode up in every location.
    Index(
        "ix_products_barcode",
        "barcode",
        sqlite_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
    ),
    Index(
        "uq_products_location_barcode",
        "location_id",
        "barcode",
        unique=True,
        sqlite_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
        postgresql_where=text("deleted_at IS NULL AND barcode IS NOT NULL"),
    ),
)

_LIVE_BARCODE = text("deleted_at IS NULL AND barcode IS NOT NULL")

# A product's sizes or kinds with their own price (and sku, barcode): a latte S/M/L.
product_variants = Table(
    "product_variants",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    # The product's: sku and barcode are unique per location together with the products'.
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("price_cents", BigInteger, nullable=False),
    Column("sku", String(64), nullable=True),
    Column("barcode", String(64), nullable=True),
    Column("is_active", Boolean, nullable=False),
    *timestamps(),
    Column("deleted_at", UTCDateTime(), nullable=True),
    Index("ix_product_variants_product_id", "product_id", "id"),
    Index(
        "ix_product_variants_barcode",
        "barcode",
        sqlite_where=_LIVE_BARCODE,
        postgresql_where=_LIVE_BARCODE,
    ),
)

# Choices with rules (steak temperature: exactly one); options are MODIFIER products.
modifier_groups = Table(
    "modifier_groups",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("min_selections", Integer, nullable=False),
    # None: no upper limit.
    Column("max_selections", Integer, nullable=True),
    *timestamps(),
    # {"de": {"name": ...}} (docs/design.md §26); NULL: none.
    Column("translations", TRANSLATIONS, nullable=True),
    Index("ix_modifier_groups_location_name", "location_id", "name", "id"),
)

modifier_group_options = Table(
    "modifier_group_options",
    metadata,
    Column("group_id", Uuid, ForeignKey("modifier_groups.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    Index("ix_modifier_group_options_product_id", "product_id"),
)

# The groups a product offers, in the order its screen shows them.
product_modifier_groups = Table(
    "product_modifier_groups",
    metadata,
    Column("product_id", Uuid, ForeignKey("products.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("group_id", Uuid, ForeignKey("modifier_groups.id"), nullable=False),
    Index("ix_product_modifier_groups_group_id", "group_id"),
)

# Every change of a tracked product's stock, with who and why and the level it left.
stock_movements = Table(
    "stock_movements",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("product_id", Uuid, ForeignKey("products.id"), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("change_units", BigInteger, nullable=False),
    Column("level_units", BigInteger, nullable=False),
    Column("reason", Text, nullable=True),
    Column("order_id", Uuid, nullable=True),
    Column("staff_id", Uuid, nullable=True),
    Column("staff_name", String(200), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_stock_movements_product_id", "product_id", "at", "id"),
)
