"""Helpers shared by the event API tests (this module holds no tests)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from brigade.db.engine import UnitOfWork
from brigade.domain.catalogue import Product
from brigade.services import products
from factories import AppClient


async def load_product(uow: UnitOfWork, product_id: str) -> Product:
    return await products.get_product(uow, UUID(product_id))


def read_events(client: AppClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/events", params=params)
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def all_events(client: AppClient, **params: Any) -> list[dict[str, Any]]:
    """Every matching event, paging with the cursor until a page comes back empty."""
    found: list[dict[str, Any]] = []
    after = params.pop("after", 0)
    while True:
        page = read_events(client, after=after, **params)
        if not page["data"]:
            assert page["lastId"] == after
            return found
        found += page["data"]
        after = page["lastId"]
