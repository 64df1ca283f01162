"""Helpers shared by the order API tests (this module holds no tests)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, text

PROBLEM = "application/problem+json"
# An id that names no catalogue product: an ad-hoc modifier.
AD_HOC = "0196a1b2-0000-7000-8000-0000000000aa"
# The app's own tasks' names (src/brigade/app.py, events/service.py).
BACKGROUND_TASKS = "brigade-"
TOTAL_FIELDS = ("subtotal", "discountAmount", "taxAmount", "total", "paidAmount", "balanceDue")


def problem(response: Any, status: int, code: str) -> dict[str, Any]:
    """Assert an RFC 9457 problem with this status and code; answer its body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert (body["status"], body["code"]) == (status, code)
    return body


def post_item(
    client: Any, order: dict[str, Any], product: dict[str, Any], quantity: Any = 1, **extra: Any
) -> Any:
    body = {"productId": product["id"], "quantity": quantity} | extra
    return client.post(f"/api/orders/{order['id']}/items", json=body)


def add_item(
    client: Any, order: dict[str, Any], product: dict[str, Any], quantity: Any = 1, **extra: Any
) -> dict[str, Any]:
    response = post_item(client, order, product, quantity, **extra)
    assert response.status_code == 201, response.text
    item: dict[str, Any] = response.json()
    return item


def pay(client: Any, order: dict[str, Any], amount: Any, **extra: Any) -> Any:
    body = {"amount": amount, "paymentMethod": "CARD"} | extra
    return client.post(f"/api/orders/{order['id']}/payments", json=body)


def order_detail(client: Any, order: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/orders/{order['id']}")
    assert response.status_code == 200, response.text
    detail: dict[str, Any] = response.json()
    return detail


def order_totals(detail: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(detail[field] for field in TOTAL_FIELDS)


def scalar(client: Any, sql: str) -> Any:
    """One value read straight from the app's database, bypassing the API."""

    async def read() -> Any:
        async with client.app.state.database.unit_of_work(write=False) as uow:
            connection = await uow.connection()
            return (await connection.execute(text(sql))).scalar_one()

    return client.portal.call(read)


@dataclass
class Recording:
    """What the requests sent the database while a ``recording`` block ran."""

    # Each SQL statement, lower-cased on one line.
    statements: list[str] = field(default_factory=list)
    commits: int = 0


@contextmanager
def recording(client: Any) -> Iterator[Recording]:
    """The SQL statements and the COMMITs of the requests made while the block runs. The app's
    background loops (webhooks, printing, the sweep, the event waiter: tasks named "brigade-…")
    are not counted: a webhook poll falling inside the block made a count flaky."""
    recorded = Recording()
    engines = client.app.state.database.engines()

    def by_a_request() -> bool:
        task = asyncio.current_task()
        return task is None or not task.get_name().startswith(BACKGROUND_TASKS)

    def statement(_conn: object, _cursor: object, sql: str, *_args: object) -> None:
        if by_a_request():
            recorded.statements.append(" ".join(sql.split()).lower())

    def commit(_conn: object) -> None:
        if by_a_request():
            recorded.commits += 1

    for engine in engines:
        event.listen(engine, "before_cursor_execute", statement)
        event.listen(engine, "commit", commit)
    try:
        yield recorded
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", statement)
            event.remove(engine, "commit", commit)


@contextmanager
def recorded_statements(client: Any) -> Iterator[list[str]]:
    """The SQL statements the requests run while the block runs (``recording``)."""
    with recording(client) as recorded:
        yield recorded.statements
