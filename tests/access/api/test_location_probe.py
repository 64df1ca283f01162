"""The third probe's location findings, each as it was found (docs/security.md, "The location
boundary"): location B's credentials reached location A's devices, prices, menu, tables,
printers and receipts. Each is refused now, and nothing at A changed."""

from __future__ import annotations

from typing import Any

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    back_office_by_pin,
    bearer,
    make_device,
    make_modifier,
    make_order,
    make_product,
    make_session,
    make_staff_with_pin,
)
from orders.api.order_helpers import problem


def _terminal_session_at(client: AppClient, location: str) -> dict[str, str]:
    terminal = make_device(client, locationId=location)["token"]
    return bearer(make_session(client, "MANAGER", terminal))


def _devices_at(client: AppClient, location: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(
        "/api/devices", params={"locationId": location}
    ).json()["data"]
    return found


def test_a_session_at_a_makes_no_terminal_at_b(client: AppClient) -> None:
    """The high finding: ``POST /api/devices {locationId: B}`` from an A session answered 201
    with a B terminal's token, and the manager's PIN opened B's books on it."""
    session = back_office_by_pin(client, LOCATION)
    before = _devices_at(client, OTHER_LOCATION)
    body = {"name": "Mine now", "kind": "TERMINAL", "locationId": OTHER_LOCATION}
    problem(client.post("/api/devices", json=body, headers=session), 403, "other_location")
    assert _devices_at(client, OTHER_LOCATION) == before
    # Named nowhere, the device is the session's location's.
    made = client.post("/api/devices", json={"name": "Bar", "kind": "TERMINAL"}, headers=session)
    assert made.status_code == 201, made.text
    assert made.json()["locationId"] == LOCATION


def test_a_session_at_b_changes_nothing_of_as_menu_floor_or_devices(client: AppClient) -> None:
    product = make_product(client, price=12)
    device = make_device(client)
    session = back_office_by_pin(client, OTHER_LOCATION)
    attempts: list[tuple[str, str, Any]] = [
        ("PUT", f"/api/products/{product['id']}", {"price": 0.01}),
        ("POST", "/api/products", {"name": "Theirs", "price": 1, "locationId": LOCATION}),
        ("POST", "/api/categories", {"name": "Theirs", "locationId": LOCATION}),
        ("POST", "/api/tables", {"name": "T9", "seats": 2, "locationId": LOCATION}),
        ("DELETE", f"/api/devices/{device['id']}", None),
        ("GET", "/api/reports/sales", None),
        ("GET", "/api/audit", None),
    ]
    for method, url, body in attempts:
        params = {"locationId": LOCATION} if method == "GET" else None
        answer = client.request(method, url, json=body, params=params, headers=session)
        problem(answer, 403, "other_location")
    bulk = {"updates": [{"id": product["id"], "data": {"price": 0.01}}]}
    answer = client.post("/api/products/bulk-update", json=bulk, headers=session).json()
    assert (answer["updated"], answer["errors"][0]["code"]) == (0, "other_location")
    assert client.get(f"/api/products/{product['id']}").json()["price"] == 12
    assert client.get("/api/devices/current", headers=bearer(device["token"])).status_code == 200


def test_a_kitchen_display_at_b_86es_nothing_of_as(client: AppClient) -> None:
    product = make_product(client)
    display = make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)["token"]
    url = f"/api/products/{product['id']}/86"
    problem(client.post(url, json={}, headers=bearer(display)), 403, "other_location")
    assert client.get(f"/api/products/{product['id']}").json()["is86d"] is False


def _paid_order_at_a(client: AppClient) -> dict[str, Any]:
    order = make_order(client)
    item = {"productId": make_product(client, price=20)["id"], "quantity": 1}
    client.post(f"/api/orders/{order['id']}/items", json=item)
    pay = {"amount": 20, "paymentMethod": "CARD", "cardLastFour": "4242", "cardBrand": "VISA"}
    client.post(f"/api/orders/{order['id']}/payments", json=pay)
    return order


def _receipt_printer(client: AppClient, location: str) -> dict[str, Any]:
    body = {"name": "Till", "kind": "RECEIPT", "host": "127.0.0.1", "locationId": location}
    made: dict[str, Any] = client.post("/api/printers", json=body).json()
    return made


def _jobs(client: AppClient, printer: dict[str, Any]) -> int:
    total: int = client.get(f"/api/printers/{printer['id']}/jobs").json()["total"]
    return total


def test_receipts_stay_at_their_location(client: AppClient) -> None:
    order = _paid_order_at_a(client)
    theirs = _receipt_printer(client, OTHER_LOCATION)
    session = _terminal_session_at(client, OTHER_LOCATION)
    url = f"/api/orders/{order['id']}/receipt"
    problem(client.get(url, headers=session), 403, "other_location")
    printed = client.post(f"{url}/print", json={"printerId": theirs["id"]}, headers=session)
    problem(printed, 403, "other_location")
    # Nor does A print its own order on B's printer.
    at_a = _terminal_session_at(client, LOCATION)
    printed = client.post(f"{url}/print", json={"printerId": theirs["id"]}, headers=at_a)
    problem(printed, 403, "other_location")
    assert _jobs(client, theirs) == 0


def test_an_order_rings_up_its_own_locations_menu_only(client: AppClient) -> None:
    """A B terminal added A's products and modifiers, taking A's stock and 86ing them at A."""
    theirs = make_product(client, trackInventory=True, stockQuantity=1)
    their_option = make_modifier(client)
    session = _terminal_session_at(client, OTHER_LOCATION)
    order = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=session).json()
    mine = make_product(client, locationId=OTHER_LOCATION)
    url = f"/api/orders/{order['id']}/items"
    for body in (
        {"productId": theirs["id"], "quantity": 1},
        {
            "productId": mine["id"],
            "quantity": 1,
            "modifiers": [{"modifierOptionId": their_option["id"]}],
        },
    ):
        problem(client.post(url, json=body, headers=session), 403, "other_location")
    kept = client.get(f"/api/products/{theirs['id']}").json()
    assert (kept["stockQuantity"], kept["is86d"]) == (1, False)
    assert client.get(f"/api/orders/{order['id']}", headers=session).json()["items"] == []


def test_an_order_is_never_seated_at_another_locations_table(client: AppClient) -> None:
    """An A session opened an order on B's table, and B could no longer delete it."""
    table = {"name": "B1", "seats": 4, "locationId": OTHER_LOCATION}
    theirs = client.post("/api/tables", json=table).json()
    session = _terminal_session_at(client, LOCATION)
    body = {"orderType": "DINE_IN", "tableId": theirs["id"]}
    problem(client.post("/api/orders", json=body, headers=session), 403, "other_location")
    order = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=session).json()
    moved = client.post(
        f"/api/orders/{order['id']}/transfer", json={"tableId": theirs["id"]}, headers=session
    )
    problem(moved, 403, "other_location")
    assert client.delete(f"/api/tables/{theirs['id']}").status_code == 200


def test_approvals_are_only_for_what_exists_at_the_askers_location(client: AppClient) -> None:
    """Approvals were minted for made-up ids and for another location's orders."""
    theirs = make_order(client, locationId=OTHER_LOCATION)
    terminal = make_device(client)["token"]
    session = bearer(make_session(client, "SERVER", terminal))
    manager = make_staff_with_pin(client, "MANAGER", pin="7391")

    def ask(order_id: str) -> Any:
        body = {
            "staffId": manager["id"],
            "pin": "7391",
            "action": "order.discount",
            "amount": 5,
            "resource": {"orderId": order_id},
        }
        return client.post("/api/approvals", json=body, headers=session)

    problem(ask(theirs["id"]), 403, "other_location")
    problem(ask("01a22700-0000-7000-8000-000000000000"), 404, "not_found")
    assert ask(make_order(client)["id"]).status_code == 201
