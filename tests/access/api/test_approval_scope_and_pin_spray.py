"""What the second outside-in probe found about approvals and PINs, each from its reproduction:
an approval covers one action on one resource and never staff, tokens, devices, printers,
webhooks, prices or roles; wrong PINs are limited per device and address across all staff,
audited and alerted; trivial PINs are refused; a lock-out holds from one address only."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

import pytest

from factories import (
    AppClient,
    approval_ask,
    bearer,
    make_device,
    make_order,
    make_product,
    make_staff_with_pin,
    sign_in,
)

MANAGER_PIN = "5173"


def _server_and_manager(client: Any) -> tuple[dict[str, str], dict[str, Any], dict[str, Any]]:
    """A SERVER's PIN session (as headers), the SERVER and a MANAGER with a PIN."""
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    return session, server, make_staff_with_pin(client, "MANAGER", MANAGER_PIN)


def _sent_item(client: Any) -> tuple[str, str]:
    """An order with one sent item: the order's URL and the item's."""
    order = make_order(client)
    product = make_product(client, price=10)
    item = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 1}
    ).json()
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return f"/api/orders/{order['id']}", f"/api/orders/{order['id']}/items/{item['id']}"


def _approval(
    client: AppClient,
    session: dict[str, str],
    manager: dict[str, Any],
    action: str,
    url: str,
    amount: float | None = None,
) -> dict[str, Any]:
    response = client.post(
        "/api/approvals",
        json=approval_ask(manager["id"], MANAGER_PIN, action, url, amount),
        headers=session,
    )
    assert response.status_code == 201, response.text
    granted: dict[str, Any] = response.json()
    return granted


def test_an_approval_for_a_void_covers_that_void_only(client: AppClient) -> None:
    session, _server, manager = _server_and_manager(client)
    order_url, item_url = _sent_item(client)
    other_order_url, other_item_url = _sent_item(client)
    granted = _approval(client, session, manager, "item.void", item_url)
    assert granted["action"] == "item.void"
    assert granted["resource"].endswith(item_url.rsplit("/", 1)[1])
    with_it = session | {"Brigade-Approval": granted["token"]}

    # The probe's reproduction: asked "for a void", used for a 100 % discount elsewhere.
    for method, url, body in (
        ("POST", f"{other_order_url}/discount", {"discountAmount": 10, "reason": "probe"}),
        ("POST", f"{order_url}/discount", {"discountAmount": 10, "reason": "probe"}),
        ("DELETE", other_item_url, {"reason": "probe"}),
        ("DELETE", order_url, {"reason": "probe"}),
    ):
        refused = client.request(method, url, json=body, headers=with_it)
        assert refused.status_code == 403, (method, url, refused.text)
        assert refused.json()["code"] == "approval_invalid"
    assert client.get(other_order_url).json()["discountAmount"] == 0

    voided = client.request("DELETE", item_url, json={"reason": "spilled"}, headers=with_it)
    assert voided.status_code == 200, voided.text
    (entry,) = client.get("/api/audit", params={"action": "order.item_voided"}).json()["data"]
    assert entry["approvedById"] == manager["id"]
    assert (
        client.get("/api/audit", params={"action": "order.discount_applied"}).json()["total"] == 0
    )


def test_an_approval_for_a_discount_covers_that_orders_discount(client: AppClient) -> None:
    session, _server, manager = _server_and_manager(client)
    order_url, _item_url = _sent_item(client)
    granted = _approval(client, session, manager, "order.discount", order_url, 2)
    discounted = client.post(
        f"{order_url}/discount",
        json={"discountAmount": 2, "reason": "birthday"},
        headers=session | {"Brigade-Approval": granted["token"]},
    )
    assert discounted.status_code == 200, discounted.text
    (entry,) = client.get("/api/audit", params={"action": "order.discount_applied"}).json()["data"]
    assert (entry["approvedById"], entry["approvedByName"]) == (manager["id"], manager["name"])


@pytest.mark.parametrize(
    "action", ["token.create", "staff.update", "device.pair", "product.update", "role.change"]
)
def test_no_approval_is_granted_for_what_takes_ones_own_sign_in(
    client: AppClient, action: str
) -> None:
    session, _server, manager = _server_and_manager(client)
    order = make_order(client)
    body = approval_ask(manager["id"], MANAGER_PIN, action, f"/api/orders/{order['id']}")
    refused = client.post("/api/approvals", json=body, headers=session)
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_approvable"


def test_an_approval_never_reaches_staff_tokens_devices_printers_webhooks_or_prices(
    client: AppClient,
) -> None:
    session, server, manager = _server_and_manager(client)
    product = make_product(client, price=10)
    order_url, _item_url = _sent_item(client)
    # What spans every location (tokens, webhooks) or names another is refused to a terminal's
    # session before any approval is read (docs/security.md, "The location boundary").
    attempts = (
        ("POST", "/api/tokens", {"staffId": server["id"], "name": "mine"}, "other_location"),
        ("PATCH", f"/api/staff/{server['id']}", {"role": "ADMIN"}, "not_approvable"),
        ("PUT", f"/api/staff/{manager['id']}/pin", {"pin": "7314"}, "not_approvable"),
        (
            "POST",
            "/api/devices",
            {"name": "x", "kind": "TERMINAL", "locationId": str(uuid.uuid4())},
            "other_location",
        ),
        ("POST", "/api/devices", {"name": "x", "kind": "TERMINAL"}, "not_approvable"),
        ("PUT", f"/api/products/{product['id']}", {"price": "0.01"}, "not_approvable"),
        (
            "POST",
            "/api/printers",
            {"name": "p", "kind": "RECEIPT", "address": "127.0.0.1:5432"},
            "not_approvable",
        ),
        (
            "POST",
            "/api/webhooks",
            {"url": "https://example.com/h", "events": ["order.created"]},
            "other_location",
        ),
    )
    for method, url, body, code in attempts:
        token = _approval(client, session, manager, "order.discount", order_url, 1)["token"]
        refused = client.request(
            method, url, json=body, headers=session | {"Brigade-Approval": token}
        )
        assert refused.status_code == 403, (method, url, refused.text)
        assert refused.json()["code"] == code, (method, url)
    assert client.get(f"/api/staff/{server['id']}").json()["role"] == "SERVER"
    assert client.get("/api/tokens", params={"staffId": server["id"]}).json()["total"] == 0


# --- PINs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pin", ["1234", "0000", "1111", "4321", "2468", "1212", "1984", "2007", "123456", "2580"]
)
def test_a_trivial_pin_is_refused(client: AppClient, pin: str) -> None:
    member = client.post("/api/staff", json={"name": "Ana", "role": "MANAGER"}).json()
    refused = client.put(f"/api/staff/{member['id']}/pin", json={"pin": pin})
    assert refused.status_code == 422
    assert refused.json()["code"] == "trivial_pin"
    assert client.put(f"/api/staff/{member['id']}/pin", json={"pin": "7314"}).status_code == 200


def test_wrong_pins_from_one_device_are_limited_across_all_staff_audited_and_alerted(
    client: AppClient,
) -> None:
    """The probe's spray: 4 wrong PINs per person per window never locked anyone."""
    terminal = make_device(client)
    staff = [make_staff_with_pin(client, "MANAGER", "7314") for _ in range(3)]
    # 10 wrong PINs (BRIGADE_PIN_FAILURES_PER_DEVICE), 3 or 4 per person: no one is locked.
    statuses = [
        sign_in(client, terminal["token"], staff[n % 3]["id"], "9051").status_code
        for n in range(10)
    ]
    assert statuses == [401] * 10
    for pin in ("9051", "7314"):
        refused = sign_in(client, terminal["token"], staff[0]["id"], pin)
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_many_wrong_pins"
        assert 0 < int(refused.headers["retry-after"]) <= 900

    wrong = client.get("/api/audit", params={"action": "staff.pin_wrong", "limit": 100}).json()
    assert wrong["total"] == 10
    assert {entry["entityId"] for entry in wrong["data"]} == {member["id"] for member in staff}
    alerts = client.get("/api/events", params={"types": "security.pin_failures"}).json()
    (alert,) = alerts["data"]
    assert alert["data"]["source"] == f"device:{terminal['id']}"
    assert alert["data"]["failures"] == 10
    assert alert["entityId"] == terminal["id"]

    # Another terminal is another device: its people sign in.
    other = make_device(client)["token"]
    assert sign_in(client, other, staff[0]["id"], "7314").status_code == 201


def test_wrong_pins_from_one_address_are_limited_across_its_devices(client: AppClient) -> None:
    """30 wrong PINs (BRIGADE_PIN_FAILURES_PER_ADDRESS) through three devices, for people who
    do not even exist, stop every PIN from that address."""
    member = make_staff_with_pin(client, "SERVER", "7314")
    for _ in range(3):
        terminal = make_device(client)["token"]
        for _ in range(10):
            assert sign_in(client, terminal, str(uuid.uuid4()), "9051").status_code == 401
    fresh = make_device(client)["token"]
    refused = sign_in(client, fresh, member["id"], "7314")
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_wrong_pins"


@contextmanager
def _from_address(client: Any, host: str) -> Iterator[None]:
    """Requests of ``client`` come from ``host`` for a while (the ASGI scope's client)."""
    transport = client._transport
    before, transport.client = transport.client, (host, 50000)
    try:
        yield
    finally:
        transport.client = before


def test_a_lock_out_holds_from_the_address_that_caused_it_only(client: AppClient) -> None:
    """The probe locked a manager out everywhere, all night, from one terminal."""
    manager = make_staff_with_pin(client, "MANAGER", MANAGER_PIN)
    terminal = make_device(client)["token"]
    with _from_address(client, "10.0.0.66"):
        statuses = [sign_in(client, terminal, manager["id"], "9051").status_code for _ in range(5)]
        assert statuses == [401, 401, 401, 401, 429]
        assert sign_in(client, terminal, manager["id"], MANAGER_PIN).status_code == 429
    with _from_address(client, "10.0.0.7"):
        at_the_bar = make_device(client)["token"]
        assert sign_in(client, at_the_bar, manager["id"], MANAGER_PIN).status_code == 201
    (locked,) = client.get("/api/audit", params={"action": "staff.pin_locked"}).json()["data"]
    assert locked["after"]["source"] == "address:10.0.0.66"
    until = datetime.fromisoformat(locked["after"]["lockedUntil"])
    assert until - datetime.fromisoformat(locked["at"]) <= timedelta(minutes=5, seconds=1)
