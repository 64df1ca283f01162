"""Splitting a check, sharing a line, moving lines, merging checks (docs/design.md §5, §25):
every figure before tax adds up to the cent and each check's tax is its own, nothing goes to
the kitchen again, a paid check is guarded."""

from __future__ import annotations

import uuid
from typing import Any

from books import conservation_problems, order_problems
from factories import (
    AppClient,
    bearer,
    make_order,
    make_product,
    make_service_charge,
    make_session,
    make_tax_rate,
)
from orders.api.order_helpers import add_item, order_detail, pay, problem, scalar

MONEY_FIELDS = ("subtotal", "discountAmount", "serviceChargeTotal", "taxAmount", "total")


def _conserved(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
    """docs/design.md §25: every figure before tax, the payments, the guests and the kitchen's
    food add up across the checks; each keeps its own books, its tax its own."""
    assert not conservation_problems(before, after)
    assert not [problem for order in after for problem in order_problems(order)]


def _tickets(client: AppClient) -> int:
    return int(scalar(client, "SELECT count(*) FROM kitchen_tickets"))


def _a_busy_check(client: AppClient) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A sent check with three odd-priced lines at two rates, a 12.5 % service charge (taxed)
    and a 3.33 discount."""
    city = make_tax_rate(client, name="City", rate=0.08875)
    food = make_tax_rate(client, name="Food", rate=0.055)
    charge = make_service_charge(client, name="Service", rate=0.125, taxRateId=city["id"])
    order = make_order(client, guestCount=4)
    items = [
        add_item(client, order, make_product(client, price=12.99, taxRateId=city["id"]), 3),
        add_item(client, order, make_product(client, price=7.45, taxRateId=food["id"]), 1),
        add_item(client, order, make_product(client, price=4.19, taxRateId=city["id"]), 2),
    ]
    url = f"/api/orders/{order['id']}"
    assert client.post(f"{url}/service-charges", json={"serviceChargeId": charge["id"]}).is_success
    assert client.post(f"{url}/discount", json={"discountAmount": 3.33}).is_success
    assert client.post(f"{url}/send").is_success
    return order_detail(client, order), items


def test_a_split_by_items_adds_up_to_the_check_before_to_the_cent(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    tickets = _tickets(client)
    body = {"items": [{"itemId": items[0]["id"], "quantity": 1}, {"itemId": items[1]["id"]}]}
    response = client.post(f"/api/orders/{before['id']}/split", json=body)
    assert response.status_code == 201, response.text
    source, new = response.json()["orders"]
    _conserved([before], [source, new])
    # Read again, each check answers what the split answered.
    assert [order_detail(client, source), order_detail(client, new)] == [source, new]
    assert response.headers["ETag"] == f'"{source["version"]}"'
    assert response.headers["Location"] == f"/api/orders/{new['id']}"
    assert [(i["quantity"], i["total"]) for i in new["items"]] == [(1, 12.99), (1, 7.45)]
    assert [(i["quantity"], i["total"]) for i in source["items"]] == [(2, 25.98), (2, 8.38)]
    assert {i["status"] for i in new["items"]} == {"SENT"}
    # A split by items moves no guest unless guestCounts says so.
    assert (new["tableId"], new["status"], new["guestCount"]) == (
        before["tableId"],
        "OPEN",
        0,
    )
    assert source["guestCount"] == 4
    assert new["serviceCharges"][0]["name"] == "Service"
    assert _tickets(client) == tickets


def test_a_split_by_seat_makes_a_check_per_seat_adding_up_to_the_cent(client: AppClient) -> None:
    city = make_tax_rate(client, name="City", rate=0.08875)
    charge = make_service_charge(client, name="Service", rate=0.125, taxRateId=city["id"])
    order = make_order(client, guestCount=4)
    for seat, price in ((1, 12.99), (2, 7.45), (3, 4.19), (4, 23.5), (2, 3.1)):
        product = make_product(client, price=price, taxRateId=city["id"])
        add_item(client, order, product, 1, seat=seat)
    shared = add_item(client, order, make_product(client, price=9.99, taxRateId=city["id"]))
    url = f"/api/orders/{order['id']}"
    assert client.post(f"{url}/service-charges", json={"serviceChargeId": charge["id"]}).is_success
    assert client.post(f"{url}/discount", json={"discountAmount": 5.01}).is_success
    assert client.post(f"{url}/send").is_success
    before = order_detail(client, order)
    tickets = _tickets(client)

    response = client.post(f"{url}/split", json={"bySeat": True, "guestCounts": [0, 1, 1, 1, 1]})
    assert response.status_code == 201, response.text
    source, *seats = response.json()["orders"]
    _conserved([before], [source, *seats])
    assert [{item["seat"] for item in check["items"]} for check in seats] == [{1}, {2}, {3}, {4}]
    assert [len(check["items"]) for check in seats] == [1, 2, 1, 1]
    # The line with no seat stays, to share or pay apart; nothing goes to the kitchen again.
    assert [item["id"] for item in source["items"]] == [shared["id"]]
    assert _tickets(client) == tickets


def test_with_every_item_on_a_seat_the_lowest_seat_stays_on_this_check(
    client: AppClient,
) -> None:
    order = make_order(client, guestCount=3)
    product = make_product(client, price=10, taxRate=0)
    by_seat = {seat: add_item(client, order, product, 1, seat=seat) for seat in (3, 1, 2)}
    url = f"/api/orders/{order['id']}/split"
    response = client.post(url, json={"bySeat": True})
    assert response.status_code == 201, response.text
    source, *seats = response.json()["orders"]
    assert [item["id"] for item in source["items"]] == [by_seat[1]["id"]]
    assert [[item["id"] for item in check["items"]] for check in seats] == [
        [by_seat[2]["id"]],
        [by_seat[3]["id"]],
    ]
    assert source["total"] == 10


def test_a_check_all_on_one_seat_is_not_split_by_seat(client: AppClient) -> None:
    order = make_order(client)
    product = make_product(client, price=10, taxRate=0)
    for _ in range(2):
        add_item(client, order, product, 1, seat=2)
    before = order_detail(client, order)
    refused = problem(
        client.post(f"/api/orders/{order['id']}/split", json={"bySeat": True}),
        422,
        "validation_failed",
    )
    assert "one seat" in str(refused)
    assert order_detail(client, order) == before


def test_guest_counts_are_the_callers_one_per_check(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    url = f"/api/orders/{before['id']}/split"
    body = {"items": [{"itemId": items[2]["id"]}], "guestCounts": [3, 1]}
    source, new = client.post(url, json=body).json()["orders"]
    assert (source["guestCount"], new["guestCount"]) == (3, 1)
    wrong = client.post(url, json={"items": [{"itemId": items[1]["id"]}], "guestCounts": [2]})
    problem(wrong, 422, "validation_failed")
    problem(client.post(url, json={"bySeat": True}), 422, "validation_failed")
    problem(client.post(url, json={"items": []}), 422, "validation_failed")


def test_a_check_with_payments_is_not_split(client: AppClient) -> None:
    order = make_order(client)
    item = add_item(client, order, make_product(client, price=10, taxRate=0))
    assert pay(client, order, 5).status_code == 201
    body = {"items": [{"itemId": item["id"]}]}
    response = client.post(f"/api/orders/{order['id']}/split", json=body)
    problem(response, 409, "check_has_payments")
    assert order_detail(client, order)["items"][0]["id"] == item["id"]


def test_sharing_ten_dollars_in_three_is_3_34_3_33_3_33(client: AppClient) -> None:
    order = make_order(client)
    item = add_item(client, order, make_product(client, price=10, taxRate=0.1))
    assert client.post(f"/api/orders/{order['id']}/send").is_success
    tickets = _tickets(client)
    url = f"/api/orders/{order['id']}/items/{item['id']}/share"
    response = client.post(url, json={"parts": 3})
    assert response.status_code == 200, response.text
    shared = response.json()
    lines = [(i["quantity"], i["total"], i["status"]) for i in shared["items"]]
    assert sorted(lines, reverse=True) == [
        (0.334, 3.34, "SENT"),
        (0.333, 3.33, "SENT"),
        (0.333, 3.33, "SENT"),
    ]
    assert (shared["subtotal"], shared["taxAmount"], shared["total"]) == (10, 1, 11)
    assert _tickets(client) == tickets
    problem(client.post(url, json={"parts": 21}), 422, "validation_failed")


def test_moving_lines_and_merging_checks_never_sends_to_the_kitchen(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    other = make_order(client)
    add_item(client, other, make_product(client, price=2.5, taxRate=0))
    assert pay(client, other, 1).status_code == 201
    other_before = order_detail(client, other)
    tickets = _tickets(client)
    body = {"itemIds": [items[1]["id"]], "toOrderId": other["id"]}
    moved = client.post(f"/api/orders/{before['id']}/items/move", json=body)
    assert moved.status_code == 200, moved.text
    source, target = moved.json()["orders"]
    _conserved([before, other_before], [source, target])
    assert items[1]["id"] in [i["id"] for i in target["items"]]
    merged = client.post(f"/api/orders/{source['id']}/merge", json={"orderId": other["id"]})
    assert merged.status_code == 200, merged.text
    kept, closed = merged.json()["orders"]
    _conserved([before, other_before], [kept, closed])
    assert (closed["status"], closed["mergedInto"], closed["total"]) == ("CANCELLED", kept["id"], 0)
    assert (kept["paidAmount"], len(kept["payments"])) == (1, 1)
    assert order_detail(client, other)["mergedInto"] == kept["id"]
    assert order_detail(client, before)["mergedInto"] is None
    assert _tickets(client) == tickets
    again = client.post(f"/api/orders/{source['id']}/merge", json={"orderId": other["id"]})
    problem(again, 409, "order_closed")
    # The payment moved with its row's count: a write to the kept check reads it, and takes
    # only the rest.
    miscounted = "SELECT count(*) FROM orders WHERE payment_count <> "
    miscounted += "(SELECT count(*) FROM payments WHERE payments.order_id = orders.id)"
    assert scalar(client, miscounted) == 0
    problem(pay(client, kept, round(kept["balanceDue"] + 0.01, 2)), 409, "overpayment")
    assert pay(client, kept, kept["balanceDue"]).status_code == 201
    assert order_detail(client, kept)["balanceDue"] == 0


def test_moving_a_line_off_a_paid_check_must_leave_it_covered(client: AppClient) -> None:
    order = make_order(client)
    product = make_product(client, price=10, taxRate=0)
    first = add_item(client, order, product)
    add_item(client, order, product)
    assert pay(client, order, 15).status_code == 201
    other = make_order(client)
    body = {"itemIds": [first["id"]], "toOrderId": other["id"]}
    url = f"/api/orders/{order['id']}/items/move"
    problem(client.post(url, json=body), 409, "would_overpay")
    assert len(order_detail(client, order)["items"]) == 2
    assert order_detail(client, other)["items"] == []
    share = client.post(f"/api/orders/{order['id']}/items/{first['id']}/share", json={"parts": 2})
    half = next(i for i in share.json()["items"] if i["id"] != first["id"] and i["total"] == 5)
    moved = client.post(url, json={"itemIds": [half["id"]], "toOrderId": other["id"]})
    assert moved.status_code == 200, moved.text
    assert [o["total"] for o in moved.json()["orders"]] == [15, 5]


def test_a_stale_version_changes_nothing(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    body = {"items": [{"itemId": items[0]["id"]}]}
    stale = {"If-Match": f'"{before["version"] - 1}"'}
    response = client.post(f"/api/orders/{before['id']}/split", json=body, headers=stale)
    problem(response, 412, "stale_version")
    assert order_detail(client, before) == before


def test_the_same_idempotency_key_splits_once(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    body = {"items": [{"itemId": items[0]["id"]}]}
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = client.post(f"/api/orders/{before['id']}/split", json=body, headers=key)
    again = client.post(f"/api/orders/{before['id']}/split", json=body, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert len(client.get("/api/orders").json()["data"]) == 2


def test_the_kitchen_may_not_split_and_a_terminal_only_at_its_location(client: AppClient) -> None:
    before, items = _a_busy_check(client)
    kitchen = bearer(make_session(client, "KITCHEN"))
    body = {"items": [{"itemId": items[0]["id"]}]}
    url = f"/api/orders/{before['id']}/split"
    problem(client.post(url, json=body, headers=kitchen), 403, "forbidden")
    elsewhere = make_order(client, locationId=str(uuid.uuid4()))
    server = bearer(make_session(client, "SERVER"))
    merge = {"orderId": elsewhere["id"]}
    response = client.post(f"/api/orders/{before['id']}/merge", json=merge, headers=server)
    problem(response, 403, "other_location")
    assert order_detail(client, elsewhere)["status"] == "DRAFT"
