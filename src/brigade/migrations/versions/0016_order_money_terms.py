"""Orders take their location's money terms: currency, tax mode, cash rounding, service
charges, the tax per rate; items their named rate; payments their cash rounding

Revision ID: 0016
Revises: 0015_pricing
Create Date: 2026-11-26 09:00:00
"""

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015_pricing"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _spread(amount: int, weights: list[int]) -> list[int]:
    """``amount`` over ``weights`` by largest remainder (the orders' own rule, frozen here)."""
    total = sum(weights)
    if total == 0:
        return [0] * len(weights)
    shares = [divmod(amount * weight, total) for weight in weights]
    parts = [floor for floor, _ in shares]
    order = sorted(range(len(weights)), key=lambda index: (-shares[index][1], index))
    for index in order[: amount - sum(parts)]:
        parts[index] += 1
    return parts


def _taxes(discount: int, tax: int, lines: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """An existing order's tax per rate: its stored tax (rounded once for the order, the rule
    it was made under) spread over its rates by their exact tax, so the rates sum to it."""
    discounts = _spread(discount, [amount for amount, _ in lines])
    net: dict[int, int] = defaultdict(int)
    exact: dict[int, int] = defaultdict(int)
    for (amount, units), share in zip(lines, discounts, strict=True):
        net[units] += amount - share
        exact[units] += (amount - share) * units
    rates = list(net)
    parts = _spread(tax, [exact[units] for units in rates]) if tax else [0] * len(rates)
    return [
        {"units": units, "id": None, "name": None, "netCents": net[units], "taxCents": part}
        for units, part in zip(rates, parts, strict=True)
    ]


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(
            sa.Column("service_charge_cents", sa.BigInteger(), nullable=False, server_default="0")
        )
        batch.add_column(
            sa.Column("rounding_cents", sa.BigInteger(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("taxes", sa.JSON(), nullable=True))
        batch.add_column(
            sa.Column("currency", sa.String(length=3), nullable=False, server_default="USD")
        )
        batch.add_column(
            sa.Column("tax_mode", sa.String(length=16), nullable=False, server_default="EXCLUSIVE")
        )
        batch.add_column(sa.Column("cash_rounding_cents", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("service_charges", sa.JSON(), nullable=True))
    with op.batch_alter_table("order_items") as batch:
        batch.add_column(sa.Column("tax_rate_id", sa.Uuid(), nullable=True))
        batch.add_column(sa.Column("tax_rate_name", sa.String(length=200), nullable=True))
    with op.batch_alter_table("payments") as batch:
        batch.add_column(
            sa.Column("rounding_cents", sa.BigInteger(), nullable=False, server_default="0")
        )
    # Each order counts in its location's currency, as its receipts always said.
    op.execute(
        "UPDATE orders SET currency = (SELECT currency FROM locations "
        "WHERE locations.id = orders.location_id) "
        "WHERE location_id IN (SELECT id FROM locations)"
    )
    connection = op.get_bind()
    orders = sa.table(
        "orders",
        sa.column("id", sa.Uuid()),
        sa.column("discount_cents", sa.BigInteger()),
        sa.column("tax_cents", sa.BigInteger()),
        sa.column("taxes", sa.JSON()),
        sa.column("service_charges", sa.JSON()),
    )
    items = sa.table(
        "order_items",
        sa.column("order_id", sa.Uuid()),
        sa.column("total_cents", sa.BigInteger()),
        sa.column("tax_rate_units", sa.Integer()),
        sa.column("status", sa.String()),
        sa.column("created_at", sa.DateTime()),
        sa.column("id", sa.Uuid()),
    )
    lines: dict[Any, list[tuple[int, int]]] = defaultdict(list)
    live = (
        sa.select(items.c.order_id, items.c.total_cents, items.c.tax_rate_units)
        .where(items.c.status != "VOIDED")
        .order_by(items.c.order_id, items.c.created_at, items.c.id)
    )
    for order_id, total, units in connection.execute(live):
        lines[order_id].append((total, units))
    heads = sa.select(orders.c.id, orders.c.discount_cents, orders.c.tax_cents)
    updates = [
        {"key": order_id, "taxes": _taxes(discount, tax, lines.get(order_id, []))}
        for order_id, discount, tax in connection.execute(heads)
    ]
    if updates:
        connection.execute(
            orders.update()
            .where(orders.c.id == sa.bindparam("key"))
            .values(taxes=sa.bindparam("taxes"), service_charges=[]),
            updates,
        )
    with op.batch_alter_table("orders") as batch:
        batch.alter_column("taxes", existing_type=sa.JSON(), nullable=False)
        batch.alter_column("service_charges", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("payments") as batch:
        batch.drop_column("rounding_cents")
    with op.batch_alter_table("order_items") as batch:
        batch.drop_column("tax_rate_name")
        batch.drop_column("tax_rate_id")
    with op.batch_alter_table("orders") as batch:
        for column in (
            "service_charges",
            "cash_rounding_cents",
            "tax_mode",
            "currency",
            "taxes",
            "rounding_cents",
            "service_charge_cents",
        ):
            batch.drop_column(column)
