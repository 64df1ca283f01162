"""The query plans of the list and lookup queries, as the repositories build them: their
statements are captured while they run, then explained by the database itself."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
from sqlalchemy import event, select
from sqlalchemy.engine import make_url

from brigade.catalogue.domain.records import ProductFilter
from brigade.catalogue.repository.products import ProductRepository
from brigade.catalogue.tables import products as products_table
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.orders.domain.records import OrderFilter
from brigade.orders.repository.orders import OrderRepository
from brigade.orders.tables import orders as orders_table
from brigade.settings import Settings

Statement = tuple[str, Any]


async def _queries(uow: UnitOfWork) -> dict[str, Callable[[], Awaitable[Any]]]:
    connection = await uow.connection()
    c = products_table.c
    sample = select(c.category_id, c.barcode, c.location_id).where(c.sku.like("BENCH-%")).limit(1)
    category, barcode, location = (await connection.execute(sample)).one()
    order_id = (await connection.execute(select(orders_table.c.id).limit(1))).scalar_one()
    products, orders = ProductRepository(uow), OrderRepository(uow)
    return {
        "list a category's products": lambda: products.list(
            ProductFilter(category_id=category), page=1, limit=20
        ),
        "barcode lookup, any location": lambda: products.get_by_barcode(barcode, None),
        "barcode lookup, one location": lambda: products.get_by_barcode(barcode, location),
        "orders list, newest first": lambda: orders.list(OrderFilter(), page=1, limit=20),
        # Loads the order with its items and payments; the items' plan is the one that grows.
        "an order's items": lambda: orders.get(order_id),
    }


async def _capture(database: Database) -> dict[str, list[Statement]]:
    captured: list[Statement] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            captured.append((statement, parameters))

    for engine in database.engines():
        event.listen(engine, "before_cursor_execute", record)
    statements = {}
    async with database.unit_of_work(write=False) as uow:
        for name, run in (await _queries(uow)).items():
            captured.clear()
            await run()
            statements[name] = list(captured)
    return statements


async def _explain_postgres(database_url: str, statements: list[Statement]) -> list[str]:
    dsn = make_url(database_url).render_as_string(hide_password=False)
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute("ANALYZE")
        lines = []
        for statement, parameters in statements:
            rows = await connection.fetch(f"EXPLAIN {statement}", *parameters)
            lines += [statement.replace("\n", " "), *(f"  {row[0]}" for row in rows)]
        return lines
    finally:
        await connection.close()


def _explain_sqlite(database_url: str, statements: list[Statement]) -> list[str]:
    connection = sqlite3.connect(make_url(database_url).database or "")
    try:
        connection.execute("ANALYZE")
        lines = []
        for statement, parameters in statements:
            rows = connection.execute(f"EXPLAIN QUERY PLAN {statement}", parameters).fetchall()
            lines += [statement.replace("\n", " "), *(f"  {row[-1]}" for row in rows)]
        return lines
    finally:
        connection.close()


async def explain(database_url: str) -> dict[str, list[str]]:
    database = Database(Settings(database_url=database_url))
    try:
        captured = await _capture(database)
    finally:
        await database.dispose()
    if database.dialect == "sqlite":
        return {name: _explain_sqlite(database_url, found) for name, found in captured.items()}
    return {name: await _explain_postgres(database_url, found) for name, found in captured.items()}
