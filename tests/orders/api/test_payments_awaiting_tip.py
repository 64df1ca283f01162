"""Today's card payments with no tip yet: GET /api/payments/awaiting-tip (SERVER and up, a
device's sessions at its own location only), what a server tips from the signed slips."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from brigade.orders import service as order_service
from factories import (
    LOCATION,
    AppClient,
    bearer,
    make_device,
    make_order,
    make_product,
    make_session,
    make_staff_token,
)
from orders.api.order_helpers import add_item, pay, problem

URL = "/api/payments/awaiting-tip"
# A location of its own: these tests own every payment taken there.
ELSEWHERE = "0196a1b2-0000-7000-8000-0000000000c3"


def _paid(
    client: AppClient, location: str = LOCATION, *, table: str | None = None, **payment: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    order = make_order(client, locationId=location, **({"tableId": table} if table else {}))
    add_item(client, order, make_product(client, price=30, taxRate=0, locationId=location))
    response = pay(client, order, 30, **payment)
    assert response.status_code == 201, response.text
    return order, response.json()


def _awaiting(client: AppClient, headers: dict[str, str], **params: Any) -> list[dict[str, Any]]:
    response = client.get(URL, params=params, headers=headers)
    assert response.status_code == 200, response.text
    data: list[dict[str, Any]] = response.json()["data"]
    assert response.json()["total"] == len(data)
    return data


def test_a_server_sees_the_card_payments_of_their_location_with_no_tip_yet(
    client: AppClient,
) -> None:
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "Patio 3"}).json()
    at_table, untipped = _paid(client, table=table["id"], cardLastFour="4242")
    tab = make_order(client, orderType="TAKEOUT", tableId=None, customerName="Ada")
    add_item(client, tab, make_product(client, price=12, taxRate=0))
    tab_payment = pay(client, tab, 12, cardLastFour="1881").json()
    _paid(client, tipAmount=3)
    _paid(client, paymentMethod="CASH")
    _paid(client, ELSEWHERE)
    cancelled, _ = _paid(client)
    gone = client.request("DELETE", f"/api/orders/{cancelled['id']}", json={"reason": "walked"})
    assert gone.status_code == 200, gone.text
    assert client.post(f"/api/orders/{at_table['id']}/complete").status_code == 200

    server = bearer(make_session(client, "SERVER"))
    newest, oldest = _awaiting(client, server)
    assert (newest["id"], newest["orderNumber"]) == (tab_payment["id"], tab["orderNumber"])
    assert (newest["orderType"], newest["tableName"], newest["customerName"]) == (
        "TAKEOUT",
        None,
        "Ada",
    )
    assert oldest["id"] == untipped["id"]
    assert (oldest["tableName"], oldest["cardLastFour"], oldest["amount"]) == (
        "Patio 3",
        "4242",
        30,
    )
    assert (oldest["tipAmount"], oldest["paymentMethod"], oldest["locationId"]) == (
        0,
        "CARD",
        LOCATION,
    )
    token = bearer(make_staff_token(client, "SERVER"))
    assert [p["locationId"] for p in _awaiting(client, token, locationId=ELSEWHERE)] == [ELSEWHERE]

    tipped = client.patch(
        f"/api/orders/{at_table['id']}/payments/{untipped['id']}",
        json={"tipAmount": 5},
        headers=server,
    )
    assert tipped.status_code == 200, tipped.text
    assert [p["id"] for p in _awaiting(client, server)] == [tab_payment["id"]]


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati"])
def test_a_payment_of_an_earlier_business_day_no_longer_awaits_a_tip(
    client: AppClient, monkeypatch: pytest.MonkeyPatch, zone: str
) -> None:
    location = LOCATION
    if zone != "UTC":
        location = "0196a1b2-0000-7000-8000-0000000000c2"
        profile = {"name": "Far east", "timezone": zone}
        assert client.put(f"/api/locations/{location}", json=profile).status_code == 200
    _, payment = _paid(client, location)
    local = datetime.fromisoformat(payment["processedAt"]).astimezone(ZoneInfo(zone))
    midnight = datetime.combine(local.date() + timedelta(days=1), time(), tzinfo=ZoneInfo(zone))
    monkeypatch.setattr(order_service, "now", lambda: midnight - timedelta(microseconds=1))
    assert [p["id"] for p in _awaiting(client, {}, locationId=location)] == [payment["id"]]
    monkeypatch.setattr(order_service, "now", lambda: midnight.astimezone(UTC))
    assert _awaiting(client, {}, locationId=location) == []


def test_only_those_who_take_payments_and_only_at_their_device_location(
    client: AppClient,
) -> None:
    _paid(client)
    for headers in (
        bearer(make_staff_token(client, "KITCHEN")),
        bearer(make_device(client)["token"]),
    ):
        problem(client.get(URL, headers=headers), 403, "forbidden")
    # A device is paired only at a location that was made (docs/design.md §10).
    client.put(f"/api/locations/{ELSEWHERE}", json={"name": "Elsewhere", "timezone": "UTC"})
    elsewhere = bearer(
        make_session(client, "SERVER", make_device(client, locationId=ELSEWHERE)["token"])
    )
    assert _awaiting(client, elsewhere) == []
    refused = client.get(URL, params={"locationId": LOCATION}, headers=elsewhere)
    problem(refused, 403, "other_location")
    # The manager's list across orders stays the manager's.
    server = bearer(make_staff_token(client, "SERVER"))
    problem(client.get("/api/payments", headers=server), 403, "forbidden")


@pytest.mark.parametrize(
    "params", [{"locationId": "nowhere"}, {"limit": 0}, {"page": 0}, {"limit": "1.5"}]
)
def test_bad_parameters_are_422(client: AppClient, params: dict[str, Any]) -> None:
    problem(client.get(URL, params=params), 422, "validation_failed")
