"""Plain factory functions: build a valid resource through the API, override any field."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi.testclient import TestClient

from brigade.db.engine import UnitOfWork

_sequence = itertools.count(1)

# The tests' BRIGADE_ADMIN_TOKEN: every suite runs with authentication on.
ADMIN_TOKEN = "test-admin-token-0123456789abcdef-0123456789"

LOCATION = "0196a1b2-0000-7000-8000-000000000001"
OTHER_LOCATION = "0196a1b2-0000-7000-8000-000000000002"


def _created(response: Any) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def make_category(client: TestClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Category {next(_sequence)}", "locationId": LOCATION} | overrides
    return _created(client.post("/api/categories", json=body))


def make_product(client: TestClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Product {next(_sequence)}", "price": 10, "locationId": LOCATION} | overrides
    return _created(client.post("/api/products", json=body))


def make_order(client: TestClient, **overrides: Any) -> dict[str, Any]:
    body = {"orderType": "DINE_IN", "locationId": LOCATION, "tableId": str(uuid.uuid4())}
    return _created(client.post("/api/orders", json=body | overrides))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


ADMIN = bearer(ADMIN_TOKEN)


def make_staff_token(client: TestClient, role: str, **overrides: Any) -> str:
    """A new staff member with ``role`` and a token of theirs (made by the admin client)."""
    name = f"{role.title()} {next(_sequence)}"
    member = _created(client.post("/api/staff", json={"name": name, "role": role} | overrides))
    token = _created(client.post("/api/tokens", json={"staffId": member["id"], "name": name}))
    secret: str = token["token"]
    return secret


def in_transaction(client: TestClient, work: Callable[[UnitOfWork], Awaitable[Any]]) -> Any:
    """Run ``work`` in one committed write unit of work of the client's app."""

    async def run() -> Any:
        async with client.app.state.database.unit_of_work(write=True) as uow:  # type: ignore[attr-defined]
            return await work(uow)

    return client.portal.call(run)
