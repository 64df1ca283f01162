"""The floor: a bare Starlette app answering GET /api/products/{id} with the same JSON as
Brigade, from the same row, through the same driver (sqlite3 in the event loop, or asyncpg),
serialized with orjson. No validation, no auth, no unit of work: what the stack costs.

    BENCH_DATABASE_URL=sqlite:////tmp/b.db python bench/floor.py PORT WORKERS

Served by brigade.serving, with the same uvicorn settings as `brigade serve`.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import asyncpg
import orjson
from sqlalchemy.engine import make_url
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from brigade.serving import serve

DATABASE_URL = os.environ["BENCH_DATABASE_URL"]
URL = make_url(DATABASE_URL)
COLUMNS = (
    "id, location_id, category_id, name, description, sku, barcode, price_cents, cost_cents, "
    "tax_rate_units, image_url, is_active, is_86d, track_inventory, stock_quantity_units, "
    "low_stock_threshold, product_type, created_at, updated_at"
)


def _instant(value: Any) -> str:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _product(row: Any) -> bytes:
    stock = row[14]
    return orjson.dumps(
        {
            "id": str(row[0] if not isinstance(row[0], bytes) else UUID(bytes=row[0])),
            "locationId": str(row[1]),
            "categoryId": None if row[2] is None else str(row[2]),
            "name": row[3],
            "description": row[4],
            "sku": row[5],
            "barcode": row[6],
            "price": row[7] / 100,
            "cost": None if row[8] is None else row[8] / 100,
            "taxRate": row[9] / 1_000_000,
            "imageUrl": row[10],
            "isActive": bool(row[11]),
            "is86d": bool(row[12]),
            "trackInventory": bool(row[13]),
            "stockQuantity": None if stock is None else stock / 1000,
            "lowStockThreshold": row[15],
            "productType": row[16],
            "createdAt": _instant(row[17]),
            "updatedAt": _instant(row[18]),
        }
    )


def _sqlite_app() -> Starlette:
    connection = sqlite3.connect(URL.database or "", check_same_thread=False)
    query = f"SELECT {COLUMNS} FROM products WHERE id = ? AND deleted_at IS NULL"  # noqa: S608

    async def product(request: Request) -> Response:
        # SQLAlchemy stores Uuid on SQLite as 32 hex characters.
        key = UUID(request.path_params["product_id"]).hex
        row = connection.execute(query, (key,)).fetchone()
        if row is None:
            return Response(status_code=404)
        return Response(_product(row), media_type="application/json")

    return Starlette(routes=[Route("/api/products/{product_id}", product)])


def _postgres_app() -> Starlette:
    pool: dict[str, asyncpg.Pool] = {}
    query = f"SELECT {COLUMNS} FROM products WHERE id = $1 AND deleted_at IS NULL"  # noqa: S608

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        dsn = URL.set(drivername="postgresql").render_as_string(hide_password=False)
        pool["main"] = await asyncpg.create_pool(dsn, min_size=10, max_size=10)
        yield
        await pool["main"].close()

    async def product(request: Request) -> Response:
        key = UUID(request.path_params["product_id"])
        row = await pool["main"].fetchrow(query, key)
        if row is None:
            return Response(status_code=404)
        return Response(_product(row), media_type="application/json")

    return Starlette(routes=[Route("/api/products/{product_id}", product)], lifespan=lifespan)


app = _sqlite_app() if URL.get_backend_name() == "sqlite" else _postgres_app()

if __name__ == "__main__":
    port, workers = (int(argument) for argument in sys.argv[1:3])
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    serve(
        "floor:app",
        database_url=DATABASE_URL,
        host="127.0.0.1",
        port=port,
        workers=workers,
        log_level="warning",
    )
