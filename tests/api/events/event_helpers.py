"""Helpers shared by the event API tests (this module holds no tests).

Until every use case emits its events, tests emit through the events module directly,
in a unit of work of the app under test, with the subject a use case would pass.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi.testclient import TestClient

from brigade.db.engine import UnitOfWork
from brigade.domain.catalogue import Product
from brigade.domain.events import EventType
from brigade.services import events, kitchen, orders, products
from brigade.services.events import SentOrder
from factories import in_transaction


def emit_for_order(
    client: TestClient, event_type: EventType, order_id: str, *, item_id: str | None = None
) -> None:
    """An order or item event, with the subject the order's use cases give."""

    async def work(uow: UnitOfWork) -> None:
        order = await orders.get_order(uow, UUID(order_id))
        if item_id is not None:
            item = order.item(UUID(item_id))
            events.order_event(uow, event_type, order, item, entity_id=item.id)
        else:
            events.order_event(uow, event_type, order)

    in_transaction(client, work)


def emit_payment(client: TestClient, order_id: str, payment_id: str) -> None:
    async def work(uow: UnitOfWork) -> None:
        order = await orders.get_order(uow, UUID(order_id))
        payment = await orders.get_payment(uow, UUID(order_id), UUID(payment_id))
        events.order_event(uow, EventType.PAYMENT_CREATED, order, payment, entity_id=payment.id)

    in_transaction(client, work)


def emit_sent(client: TestClient, order_id: str, ticket_id: str) -> None:
    async def work(uow: UnitOfWork) -> None:
        order = await orders.get_order(uow, UUID(order_id))
        ticket = await kitchen.get_ticket(uow, UUID(ticket_id))
        events.order_event(uow, EventType.ORDER_SENT, order, SentOrder(order, ticket))

    in_transaction(client, work)


async def load_product(uow: UnitOfWork, product_id: str) -> Product:
    return await products.get_product(uow, UUID(product_id))


def emit_for_product(client: TestClient, event_type: EventType, product_id: str) -> None:
    async def work(uow: UnitOfWork) -> None:
        events.product_event(uow, event_type, await load_product(uow, product_id))

    in_transaction(client, work)


def read_events(client: TestClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/events", params=params)
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def all_events(client: TestClient, **params: Any) -> list[dict[str, Any]]:
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
