"""Migration 0010 (a deeper menu) on a populated database from the revision before it: products
keep their stock and 86 state (an 86 from before is a manual one), orders keep their items, and
the new menu works on them at once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.catalogue.tables import products
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import alembic_config, upgrade
from brigade.orders.tables import order_items, orders
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

FISH, STEAK, ORDER, ITEM = (uuid.uuid4() for _ in range(4))
AT = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)


def _revision_before_the_menu() -> str:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    before = script.get_revision("0010").down_revision
    assert isinstance(before, str)
    return before


def _product(id_: uuid.UUID, name: str, **columns: object) -> dict[str, object]:
    return {
        "id": id_,
        "location_id": uuid.UUID(LOCATION),
        "name": name,
        "search_text": name.lower(),
        "price_cents": 2400,
        "tax_rate_units": 0,
        "is_active": True,
        "is_86d": False,
        "track_inventory": True,
        "product_type": "ITEM",
        "barcode": None,
        "created_at": AT,
        "updated_at": AT,
    } | columns


async def _insert_rows_as_before(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                products.insert(),
                [
                    _product(FISH, "Sea bass", stock_quantity_units=3000, barcode="4001"),
                    # 86'd by hand before the change, with stock left.
                    _product(STEAK, "Steak", stock_quantity_units=5000, is_86d=True),
                ],
            )
            await connection.execute(
                orders.insert().values(
                    id=ORDER,
                    location_id=uuid.UUID(LOCATION),
                    order_number=1001,
                    status="DRAFT",
                    order_type="DINE_IN",
                    discount_cents=0,
                    subtotal_cents=4800,
                    tax_cents=0,
                    total_cents=4800,
                    paid_cents=0,
                    tip_cents=0,
                    version=2,
                    created_at=AT,
                    updated_at=AT,
                    opened_by_name="Ana",
                )
            )
            await connection.execute(
                order_items.insert().values(
                    id=ITEM,
                    order_id=ORDER,
                    product_id=FISH,
                    name="Sea bass",
                    quantity_units=2000,
                    unit_price_cents=2400,
                    tax_rate_units=0,
                    modifiers=[],
                    total_cents=4800,
                    status="PENDING",
                    created_at=AT,
                    updated_at=AT,
                )
            )
    finally:
        await engine.dispose()


def test_products_and_orders_from_before_migrate_with_their_stock_and_86s(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    before = _revision_before_the_menu()
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, before) as url:
        asyncio.run(_insert_rows_as_before(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            fish = client.get(f"/api/products/{FISH}").json()
            assert (fish["stockQuantity"], fish["is86d"]) == (3, False)
            assert (fish["variants"], fish["modifierGroups"]) == ([], [])
            assert client.get("/api/products/barcode/4001").json()["matchedVariantId"] is None
            order = client.get(f"/api/orders/{ORDER}").json()
            assert [(i["id"], i["quantity"], i["total"]) for i in order["items"]] == [
                (str(ITEM), 2, 48)
            ]
            # The old item's stock goes back through the ledger; a sale of the rest 86es it.
            voided = client.request(
                "DELETE", f"/api/orders/{ORDER}/items/{ITEM}", json={"reason": "wrong"}
            )
            assert voided.status_code == 200, voided.text
            body = {"productId": str(FISH), "quantity": 5}
            assert client.post(f"/api/orders/{ORDER}/items", json=body).status_code == 201
            fish = client.get(f"/api/products/{FISH}").json()
            assert (fish["stockQuantity"], fish["is86d"]) == (0, True)
            ledger = client.get(f"/api/products/{FISH}/stock-movements").json()["data"]
            assert [(m["kind"], m["level"]) for m in ledger] == [("SALE", 0), ("VOID", 5)]
            # An 86 from before was made by hand: a restock does not lift it.
            stocked = client.post(
                f"/api/products/{STEAK}/stock", json={"delta": 2, "reason": "delivery"}
            )
            assert (stocked.json()["stockQuantity"], stocked.json()["is86d"]) == (7, True)
