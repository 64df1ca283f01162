"""A check paid to the cent with nothing left to send completes by itself where its location's
``autoComplete`` is on (the default), and a manager reopens a check completed the same
business day."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest

from brigade.orders import service as order_service
from factories import (
    LOCATION,
    AppClient,
    approved_session,
    bearer,
    make_order,
    make_product,
    make_staff_token,
)
from orders.api.order_helpers import add_item, order_detail, pay, problem


def _sent_check(client: AppClient, **order: Any) -> dict[str, Any]:
    """A check with a 20.00 item sent to the kitchen."""
    made = make_order(client, **order)
    add_item(client, made, make_product(client, price=20, locationId=made["locationId"]))
    assert client.post(f"/api/orders/{made['id']}/send").status_code == 200
    return made


def _events(client: AppClient, order: dict[str, Any]) -> list[str]:
    found = client.get("/api/events", params={"after": 0, "limit": 200}).json()["data"]
    return [e["type"] for e in found if e.get("orderId") == order["id"]]


def _set_auto_complete(client: AppClient, location: str, on: bool) -> None:
    profile = {"name": "Bistro", "timezone": "UTC", "autoComplete": on}
    answer = client.put(f"/api/locations/{location}", json=profile)
    assert answer.status_code == 200, answer.text
    assert answer.json()["autoComplete"] is on


def test_a_paid_check_with_nothing_unsent_completes_by_itself(client: AppClient) -> None:
    order = _sent_check(client)
    assert pay(client, order, 5).status_code == 201
    assert order_detail(client, order)["status"] == "OPEN"
    assert pay(client, order, 15).status_code == 201
    detail = order_detail(client, order)
    assert (detail["status"], detail["balanceDue"]) == ("COMPLETED", 0)
    assert detail["completedAt"] is not None
    assert _events(client, order)[-2:] == ["payment.created", "order.completed"]
    # The table it sat at is free again, as after a completion by hand.
    seated = {"tableId": order["tableId"], "status": ["DRAFT", "OPEN"]}
    assert client.get("/api/orders", params=seated).json()["total"] == 0


def test_a_paid_check_with_an_unsent_item_stays_open_until_it_is_sent(
    client: AppClient,
) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=12))
    assert pay(client, order, 12).status_code == 201
    assert order_detail(client, order)["status"] == "DRAFT"
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert order_detail(client, order)["status"] == "COMPLETED"


def test_a_void_that_settles_the_check_completes_it(client: AppClient) -> None:
    order = _sent_check(client)
    extra = add_item(client, order, make_product(client, price=5))
    assert pay(client, order, 20).status_code == 201
    voided = client.request(
        "DELETE", f"/api/orders/{order['id']}/items/{extra['id']}", json={"reason": "no"}
    )
    assert voided.status_code == 200, voided.text
    assert order_detail(client, order)["status"] == "COMPLETED"


def test_with_auto_complete_off_a_paid_check_waits_for_complete(client: AppClient) -> None:
    location = str(uuid.uuid4())
    _set_auto_complete(client, location, False)
    order = _sent_check(client, locationId=location)
    assert pay(client, order, 20).status_code == 201
    assert order_detail(client, order)["status"] == "OPEN"
    assert "order.completed" not in _events(client, order)
    completed = client.post(f"/api/orders/{order['id']}/complete")
    assert completed.status_code == 200, completed.text
    assert order_detail(client, order)["status"] == "COMPLETED"


def test_a_location_profile_has_auto_complete_on_unless_said(client: AppClient) -> None:
    location = str(uuid.uuid4())
    assert client.get(f"/api/locations/{location}").json()["autoComplete"] is True
    profile = {"name": "Bistro", "timezone": "UTC"}
    assert client.put(f"/api/locations/{location}", json=profile).json()["autoComplete"] is True


def test_complete_after_auto_complete_answers_its_completed_at(client: AppClient) -> None:
    order = _sent_check(client)
    assert pay(client, order, 20).status_code == 201
    before = order_detail(client, order)
    completed = client.post(f"/api/orders/{order['id']}/complete")
    assert completed.status_code == 200, completed.text
    answer = completed.json()
    assert (answer["status"], answer["completedAt"]) == ("COMPLETED", before["completedAt"])
    assert order_detail(client, order) == before
    assert _events(client, order).count("order.completed") == 1


def _completed(client: AppClient, **order: Any) -> dict[str, Any]:
    made = _sent_check(client, **order)
    assert pay(client, made, 20).status_code == 201
    return made


def _reopen(client: AppClient, order: dict[str, Any], headers: Any = None) -> Any:
    url = f"/api/orders/{order['id']}/reopen"
    return client.post(url, json={"reason": "forgot the dessert"}, headers=headers)


def test_a_manager_reopens_a_completed_check_audited(client: AppClient) -> None:
    order = _completed(client)
    server = bearer(make_staff_token(client, "SERVER"))
    before = order_detail(client, order)
    problem(_reopen(client, order, server), 403, "forbidden")
    assert order_detail(client, order) == before

    manager = bearer(make_staff_token(client, "MANAGER", name="Mia"))
    reopened = _reopen(client, order, manager)
    assert reopened.status_code == 200, reopened.text
    detail = reopened.json()
    assert (detail["status"], detail["completedAt"], detail["completedBy"]) == ("OPEN", None, None)
    assert reopened.headers["etag"] == f'"{before["version"] + 1}"'
    assert _events(client, order)[-1] == "order.reopened"
    [entry] = client.get("/api/audit", params={"action": "order.reopened"}).json()["data"]
    assert (entry["entityType"], entry["entityId"], entry["staffName"]) == (
        "order",
        order["id"],
        "Mia",
    )
    assert (entry["reason"], entry["after"]) == ("forgot the dessert", {"status": "OPEN"})
    # Open again: it takes more, and completes by itself once that is paid.
    add_item(client, order, make_product(client, price=6))
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert pay(client, order, 6).status_code == 201
    assert order_detail(client, order)["status"] == "COMPLETED"


def test_a_server_reopens_with_a_managers_approval(client: AppClient) -> None:
    order = _completed(client)
    url = f"/api/orders/{order['id']}/reopen"
    approved, server, manager = approved_session(client, "order.reopen", url)
    reopened = _reopen(client, order, approved)
    assert reopened.status_code == 200, reopened.text
    [entry] = client.get("/api/audit", params={"action": "order.reopened"}).json()["data"]
    assert (entry["staffName"], entry["approvedByName"]) == (server["name"], manager["name"])


def test_only_a_completed_check_reopens(client: AppClient) -> None:
    order = _sent_check(client)
    problem(_reopen(client, order), 409, "invalid_transition")
    cancelled = make_order(client)
    client.request("DELETE", f"/api/orders/{cancelled['id']}", json={"reason": "left"})
    problem(_reopen(client, cancelled), 409, "order_closed")


def test_a_check_whose_table_was_taken_again_is_not_reopened(client: AppClient) -> None:
    order = _completed(client)
    make_order(client, tableId=order["tableId"])
    before = order_detail(client, order)
    refused = problem(_reopen(client, order), 409, "table_occupied")
    assert "#1002" in refused["detail"]
    assert order_detail(client, order) == before


def test_a_check_completed_another_business_day_is_not_reopened(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    order = _completed(client, locationId=LOCATION)
    completed = datetime.fromisoformat(order_detail(client, order)["completedAt"])
    midnight = datetime.combine(completed.date() + timedelta(days=1), time(), tzinfo=UTC)
    monkeypatch.setattr(order_service, "now", lambda: midnight)
    before = order_detail(client, order)
    refused = problem(_reopen(client, order), 409, "business_day_closed")
    assert completed.date().isoformat() in refused["detail"]
    assert order_detail(client, order) == before
    assert client.get("/api/audit", params={"action": "order.reopened"}).json()["data"] == []
