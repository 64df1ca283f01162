"""Bulk data for the benchmark: categories, products and past orders, written straight into
the tables (the API would take minutes for 100,000 rows). Rows follow what the repositories
write; after `brigade migrate` and `brigade demo-data`."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Table

from brigade.catalogue.repository.products import search_text
from brigade.catalogue.tables import categories, products
from brigade.demo import DEMO_LOCATION
from brigade.kit.db.engine import Database
from brigade.kit.ids import new_id
from brigade.orders.tables import order_counters, order_items, orders, payments
from brigade.settings import Settings

BATCH = 5_000
TAX_UNITS = 82_500  # 8.25 %, in millionths
FIRST_BARCODE = 4_900_000_000_000  # demo-data uses 2000…


def barcode(index: int) -> str:
    return str(FIRST_BARCODE + index)


def _categories(count: int, now: datetime) -> list[dict[str, Any]]:
    return [
        {
            "id": new_id(),
            "location_id": DEMO_LOCATION,
            "parent_id": None,
            "name": f"Bench category {index:03d}",
            "description": None,
            "image_url": None,
            "sort_order": 100 + index,
            "is_active": True,
            "created_at": now,
            "updated_at": now,
            "deleted_at": None,
        }
        for index in range(count)
    ]


def _products(count: int, category_ids: Sequence[Any], now: datetime) -> list[dict[str, Any]]:
    rows = []
    for index in range(count):
        name, sku, code = f"Bench dish {index:06d}", f"BENCH-{index:06d}", barcode(index)
        rows.append(
            {
                "id": new_id(),
                "location_id": DEMO_LOCATION,
                "category_id": category_ids[index % len(category_ids)],
                "name": name,
                "search_text": search_text(name, sku, code),
                "description": "Made in the bench kitchen",
                "sku": sku,
                "barcode": code,
                "price_cents": 300 + (index * 37) % 3_700,
                "cost_cents": 100,
                "tax_rate_units": TAX_UNITS,
                "image_url": None,
                "is_active": True,
                "is_86d": False,
                "track_inventory": False,
                "stock_quantity_units": None,
                "low_stock_threshold": None,
                "product_type": "ITEM",
                "created_at": now,
                "updated_at": now,
                "deleted_at": None,
            }
        )
    return rows


def _past_orders(
    count: int, menu: Sequence[dict[str, Any]], now: datetime, first_number: int, days: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Completed orders over the last ``days`` days, two items and one card payment each."""
    order_rows, item_rows, payment_rows = [], [], []
    rng = random.Random(7)
    for index in range(count):
        at = now - timedelta(seconds=rng.randrange(days * 24 * 3600))
        order_id = new_id()
        lines = [rng.choice(menu) for _ in range(2)]
        subtotal = sum(line["price_cents"] for line in lines)
        tax = subtotal * TAX_UNITS // 1_000_000
        for line in lines:
            item_rows.append(
                {
                    "id": new_id(),
                    "order_id": order_id,
                    "product_id": line["id"],
                    "variant_id": None,
                    "name": line["name"],
                    "quantity_units": 1_000,
                    "unit_price_cents": line["price_cents"],
                    "tax_rate_units": TAX_UNITS,
                    "modifiers": [],
                    "total_cents": line["price_cents"],
                    "status": "SERVED",
                    "notes": None,
                    "void_reason": None,
                    "kitchen_ticket_id": None,
                    "created_at": at,
                    "updated_at": at,
                }
            )
        payment_rows.append(
            {
                "id": new_id(),
                "order_id": order_id,
                "amount_cents": subtotal + tax,
                "tip_cents": 200,
                "method": "CARD",
                "status": "COMPLETED",
                "card_last_four": "4242",
                "card_brand": "VISA",
                "processor_transaction_id": None,
                "processed_at": at,
                "refunded_at": None,
                "taken_by_id": None,
                "taken_by_name": "seed",
            }
        )
        order_rows.append(
            {
                "id": order_id,
                "location_id": DEMO_LOCATION,
                "order_number": first_number + index,
                "status": "COMPLETED",
                "order_type": "DINE_IN",
                "table_id": None,
                "customer_id": None,
                "guest_count": 2,
                "notes": None,
                "discount_cents": 0,
                "discount_code": None,
                "subtotal_cents": subtotal,
                "tax_cents": tax,
                "total_cents": subtotal + tax,
                "paid_cents": subtotal + tax,
                "tip_cents": 200,
                "payment_count": 1,
                # One rate: its tax as the order keeps it (orders/domain/records.py's JSON).
                "taxes": [
                    {
                        "units": TAX_UNITS,
                        "id": None,
                        "name": None,
                        "netCents": subtotal,
                        "taxCents": tax,
                    }
                ],
                "service_charges": [],
                # Sent once, so its items' course 1 was fired.
                "fired_courses": [1],
                "version": 6,
                "created_at": at,
                "updated_at": at,
                "completed_at": at,
                "cancelled_at": None,
                "cancel_reason": None,
                "opened_by_id": None,
                "opened_by_name": "seed",
            }
        )
    return order_rows, item_rows, payment_rows


async def _insert(database: Database, table: Table, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        async with database.unit_of_work(write=True) as uow:
            connection = await uow.connection()
            await connection.execute(table.insert(), rows[start : start + BATCH])


async def seed(
    database_url: str,
    *,
    products_count: int,
    categories_count: int,
    orders_count: int,
    history_days: int,
) -> None:
    database = Database(Settings(database_url=database_url))
    now = datetime.now(UTC)
    try:
        category_rows = _categories(categories_count, now)
        product_rows = _products(products_count, [c["id"] for c in category_rows], now)
        await _insert(database, categories, category_rows)
        await _insert(database, products, product_rows)
        first_number = 100_001
        order_rows, item_rows, payment_rows = _past_orders(
            orders_count, product_rows, now, first_number, history_days
        )
        await _insert(database, orders, order_rows)
        await _insert(database, order_items, item_rows)
        await _insert(database, payments, payment_rows)
        async with database.unit_of_work(write=True) as uow:
            connection = await uow.connection()
            # New orders number after the seeded ones (demo-data made no order yet).
            await connection.execute(
                order_counters.insert(),
                [{"location_id": DEMO_LOCATION, "last_number": first_number + orders_count}],
            )
    finally:
        await database.dispose()


def run(
    database_url: str,
    *,
    products_count: int,
    categories_count: int,
    orders_count: int,
    history_days: int = 30,
) -> None:
    asyncio.run(
        seed(
            database_url,
            products_count=products_count,
            categories_count=categories_count,
            orders_count=orders_count,
            history_days=history_days,
        )
    )
