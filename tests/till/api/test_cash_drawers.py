"""Cash drawers (docs/design.md §17): the float, the orders' cash postings, a manager's
pay-ins and pay-outs, the count and its variance; where a posting goes; who may do what."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from brigade.till import service
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_device,
    make_product,
    make_session,
    make_staff_token,
)
from orders.api.order_helpers import add_item, problem
from till.api.till_helpers import drawer, movement, ok, open_drawer, sale

Json = dict[str, Any]


def _refund(client: AppClient, order: Json, amount: float, headers: Any = None) -> Json:
    body = {"amount": amount, "reason": "cold soup"}
    return ok(client.post(f"/api/orders/{order['id']}/refunds", json=body, headers=headers), 201)


def test_float_plus_cash_sale_less_pay_out_and_refund_is_expected_and_the_count_varies(
    client: AppClient,
) -> None:
    opened = open_drawer(client, openingFloat=200)
    assert (opened["status"], opened["openingFloat"], opened["expectedAmount"]) == (
        "OPEN",
        200.0,
        200.0,
    )
    order, payment = sale(client, 23.5)
    assert order["status"] == "COMPLETED"
    ok(movement(client, opened["id"], "PAY_OUT", 10, "ice from the shop next door"), 201)
    refund = _refund(client, order, 5)

    live = drawer(client, opened["id"])
    assert live["expectedAmount"] == 208.5
    assert [(m["type"], m["amount"]) for m in live["movements"]] == [
        ("CASH_SALE", 23.5),
        ("PAY_OUT", 10.0),
        ("CASH_REFUND", 5.0),
    ]
    posted_sale, _, posted_refund = live["movements"]
    assert (posted_sale["orderId"], posted_sale["paymentId"]) == (order["id"], payment["id"])
    assert posted_refund["refundId"] == refund["id"]
    assert live["countedAmount"] is None
    assert live["variance"] is None

    closed = ok(client.post(f"/api/cash-drawers/{opened['id']}/close", json={"countedAmount": 207}))
    assert (closed["status"], closed["expectedAmount"], closed["countedAmount"]) == (
        "CLOSED",
        208.5,
        207.0,
    )
    assert closed["variance"] == -1.5
    assert closed["closedBy"]["name"]
    again = client.post(f"/api/cash-drawers/{opened['id']}/close", json={"countedAmount": 207})
    problem(again, 409, "drawer_closed")
    late = movement(client, opened["id"], "PAY_IN", 5)
    problem(late, 409, "drawer_closed")

    audited = ok(client.get("/api/audit", params={"locationId": LOCATION}))["data"]
    actions = [entry["action"] for entry in audited if entry["entityId"] == opened["id"]]
    assert actions == ["cash_drawer.closed", "cash_drawer.movement", "cash_drawer.opened"]
    (paid_out,) = [e for e in audited if e["action"] == "cash_drawer.movement"]
    assert paid_out["reason"] == "ice from the shop next door"
    assert paid_out["after"]["amount"] == "10.00"


def test_a_cash_sale_posts_to_the_paying_devices_drawer(client: AppClient) -> None:
    terminal = make_device(client)
    other = make_device(client)
    session = bearer(make_session(client, "SERVER", terminal["token"]))
    mine = open_drawer(client, session)
    assert mine["deviceId"] == terminal["id"]
    theirs = open_drawer(client, deviceId=other["id"], openingFloat=100)

    sale(client, 12, headers=session)
    sale(client, 7, "CARD", headers=session)

    assert drawer(client, mine["id"])["expectedAmount"] == 212.0
    assert drawer(client, theirs["id"])["expectedAmount"] == 100.0


def test_without_a_drawer_of_its_own_a_sale_goes_to_the_locations_only_drawer(
    client: AppClient,
) -> None:
    only = open_drawer(client, openingFloat=50)
    session = bearer(make_session(client, "SERVER"))
    sale(client, 8.25, headers=session)
    assert drawer(client, only["id"])["expectedAmount"] == 58.25


def test_with_two_open_drawers_and_no_device_a_sale_is_unassigned(client: AppClient) -> None:
    first = open_drawer(client, deviceId=make_device(client)["id"])
    second = open_drawer(client, deviceId=make_device(client)["id"])
    order, _ = sale(client, 30)
    assert order["status"] == "COMPLETED"
    for opened in (first, second):
        shown = drawer(client, opened["id"])
        assert (shown["expectedAmount"], shown["movements"]) == (200.0, [])


def test_cash_rounding_posts_with_the_sale(client: AppClient) -> None:
    profile = {"name": "Zurich", "timezone": "Europe/Zurich", "currency": "CHF"}
    ok(client.put(f"/api/locations/{LOCATION}", json=profile | {"cashRounding": 0.05}))
    opened = open_drawer(client, openingFloat=100)
    order, payment = sale(client, 9.98, amount=10)
    assert (payment["amount"], order["status"]) == (10.0, "COMPLETED")

    (posted,) = drawer(client, opened["id"])["movements"]
    assert (posted["amount"], posted["rounding"]) == (9.98, 0.02)
    assert drawer(client, opened["id"])["expectedAmount"] == 110.0


def test_a_cancellation_gives_the_cash_back_out_of_the_drawer(client: AppClient) -> None:
    opened = open_drawer(client)
    order = ok(
        client.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION}), 201
    )
    add_item(client, order, make_product(client, price=40))
    body = {"amount": 15, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{order['id']}/payments", json=body), 201)
    ok(client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "walked out"}))

    shown = drawer(client, opened["id"])
    assert [(m["type"], m["amount"]) for m in shown["movements"]] == [
        ("CASH_SALE", 15.0),
        ("CASH_REFUND", 15.0),
    ]
    assert shown["expectedAmount"] == 200.0


def test_one_open_drawer_per_device_and_one_without_a_device_per_location(
    client: AppClient,
) -> None:
    terminal = make_device(client)
    open_drawer(client, deviceId=terminal["id"])
    twice = client.post(
        "/api/cash-drawers",
        json={"locationId": LOCATION, "deviceId": terminal["id"], "openingFloat": 10},
    )
    problem(twice, 409, "drawer_already_open")
    open_drawer(client)
    problem(
        client.post("/api/cash-drawers", json={"locationId": LOCATION, "openingFloat": 10}),
        409,
        "drawer_already_open",
    )
    open_drawer(client, locationId=OTHER_LOCATION)
    listed = ok(client.get("/api/cash-drawers", params={"locationId": LOCATION, "status": "OPEN"}))
    assert (listed["total"], listed["page"], listed["limit"]) == (2, 1, 20)


def test_after_closing_the_device_opens_a_new_drawer(client: AppClient) -> None:
    terminal = make_device(client)
    first = open_drawer(client, deviceId=terminal["id"])
    ok(client.post(f"/api/cash-drawers/{first['id']}/close", json={"countedAmount": 200}))
    second = open_drawer(client, deviceId=terminal["id"])
    closed = ok(client.get("/api/cash-drawers", params={"status": "CLOSED"}))["data"]
    assert [found["id"] for found in closed] == [first["id"]]
    assert second["id"] != first["id"]


def test_the_drawers_of_a_window_are_those_open_during_it(client: AppClient) -> None:
    terminal = make_device(client)
    closed = open_drawer(client, deviceId=terminal["id"])
    ok(client.post(f"/api/cash-drawers/{closed['id']}/close", json={"countedAmount": 200}))
    still_open = open_drawer(client, deviceId=terminal["id"])
    now = datetime.now(UTC)

    def listed(**window: datetime) -> list[str]:
        params = {"locationId": LOCATION} | {key: at.isoformat() for key, at in window.items()}
        return [found["id"] for found in ok(client.get("/api/cash-drawers", params=params))["data"]]

    hour = timedelta(hours=1)
    assert listed(**{"from": now - hour, "to": now + hour}) == [still_open["id"], closed["id"]]
    # Yesterday: neither was open; from a minute on: only the drawer still open.
    assert listed(**{"from": now - 24 * hour, "to": now - 23 * hour}) == []
    assert listed(**{"from": now + timedelta(minutes=1)}) == [still_open["id"]]
    assert listed(to=now - hour) == []
    problem(client.get("/api/cash-drawers", params={"from": "yesterday"}), 422, "validation_failed")


def test_movements_are_a_managers_and_a_pay_out_never_exceeds_the_cash(
    client: AppClient,
) -> None:
    opened = open_drawer(client, openingFloat=20)
    server = bearer(make_staff_token(client, "SERVER"))
    body = {"type": "PAY_OUT", "amount": 5, "reason": "tip-out"}
    refused = client.post(f"/api/cash-drawers/{opened['id']}/movements", json=body, headers=server)
    problem(refused, 403, "forbidden")
    problem(client.get(f"/api/cash-drawers/{opened['id']}", headers=server), 403, "forbidden")

    too_much = problem(movement(client, opened["id"], "PAY_OUT", 20.01), 422, "validation_failed")
    assert too_much["errors"][0]["field"] == "amount"
    problem(movement(client, opened["id"], "NO_SALE", 1), 422, "validation_failed")
    problem(movement(client, opened["id"], "CASH_SALE", 1), 422, "validation_failed")
    no_reason = {"type": "PAY_IN", "amount": 1}
    problem(
        client.post(f"/api/cash-drawers/{opened['id']}/movements", json=no_reason),
        422,
        "validation_failed",
    )
    ok(movement(client, opened["id"], "NO_SALE", 0, "change for a 50"), 201)
    manager = bearer(make_staff_token(client, "MANAGER"))
    after = ok(
        client.post(
            f"/api/cash-drawers/{opened['id']}/movements",
            json={"type": "PAY_IN", "amount": 30, "reason": "more coins"},
            headers=manager,
        ),
        201,
    )
    assert after["expectedAmount"] == 50.0
    ok(movement(client, opened["id"], "PAY_OUT", 50, "bank run"), 201)
    assert drawer(client, opened["id"])["expectedAmount"] == 0.0


def test_a_devices_session_acts_on_its_own_locations_drawers_only(client: AppClient) -> None:
    elsewhere = open_drawer(client, locationId=OTHER_LOCATION)
    manager = bearer(make_session(client, "MANAGER"))  # a terminal at LOCATION
    for response in (
        client.get(f"/api/cash-drawers/{elsewhere['id']}", headers=manager),
        movement_as(client, elsewhere["id"], manager),
        client.post(
            f"/api/cash-drawers/{elsewhere['id']}/close",
            json={"countedAmount": 1},
            headers=manager,
        ),
        client.post(
            "/api/cash-drawers",
            json={"locationId": OTHER_LOCATION, "openingFloat": 1},
            headers=manager,
        ),
        client.get("/api/cash-drawers", params={"locationId": OTHER_LOCATION}, headers=manager),
    ):
        problem(response, 403, "other_location")
    assert drawer(client, elsewhere["id"])["movements"] == []


def movement_as(client: AppClient, drawer_id: str, headers: dict[str, str]) -> Any:
    body = {"type": "PAY_IN", "amount": 1, "reason": "coins"}
    return client.post(f"/api/cash-drawers/{drawer_id}/movements", json=body, headers=headers)


def test_a_location_may_keep_opening_drawers_to_its_managers(client: AppClient) -> None:
    server = bearer(make_staff_token(client, "SERVER"))
    opened = open_drawer(client, server, openingFloat=80)
    assert opened["openedBy"]["name"].startswith("Server")
    profile = {"name": "Main", "timezone": "UTC", "currency": "USD", "serversOpenDrawers": False}
    shown = ok(client.put(f"/api/locations/{OTHER_LOCATION}", json=profile))
    assert shown["serversOpenDrawers"] is False
    refused = client.post(
        "/api/cash-drawers", json={"locationId": OTHER_LOCATION, "openingFloat": 1}, headers=server
    )
    problem(refused, 403, "forbidden")
    manager = bearer(make_staff_token(client, "MANAGER"))
    open_drawer(client, manager, locationId=OTHER_LOCATION)


def test_a_staff_token_names_the_location_and_the_kitchen_opens_nothing(
    client: AppClient,
) -> None:
    manager = bearer(make_staff_token(client, "MANAGER"))
    missing = client.post("/api/cash-drawers", json={"openingFloat": 1}, headers=manager)
    assert problem(missing, 422, "validation_failed")["errors"][0]["field"] == "locationId"
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    problem(
        client.post(
            "/api/cash-drawers", json={"locationId": LOCATION, "openingFloat": 1}, headers=kitchen
        ),
        403,
        "forbidden",
    )
    problem(client.get("/api/cash-drawers/0196a1b2-0000-7000-8000-00000000dead"), 404, "not_found")


def test_the_z_lists_the_drawers_of_its_window(client: AppClient) -> None:
    closed = open_drawer(client, deviceId=make_device(client)["id"], openingFloat=10)
    sale(client, 5)
    ok(client.post(f"/api/cash-drawers/{closed['id']}/close", json={"countedAmount": 14}))
    still_open = open_drawer(client, openingFloat=30)
    open_drawer(client, locationId=OTHER_LOCATION)
    now = datetime.now(UTC)

    async def z(uow: Any) -> Any:
        return await service.drawers_for_z(
            uow, UUID(LOCATION), now - timedelta(hours=1), now + timedelta(hours=1)
        )

    found = in_transaction(client, z)
    assert [(str(d.id), d.expected_cents, d.counted_cents, d.variance_cents) for d in found] == [
        (closed["id"], 1500, 1400, -100),
        (still_open["id"], 3000, None, None),
    ]
    before = in_transaction(
        client,
        lambda uow: service.drawers_for_z(
            uow, UUID(LOCATION), now - timedelta(days=2), now - timedelta(days=1)
        ),
    )
    assert before == []
