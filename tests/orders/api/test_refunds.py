"""Refunds of a completed order: by amount or by line, to a payment, never more than was paid
less what was refunded; audited, idempotent, listed on the order (issue 12)."""

from __future__ import annotations

from typing import Any

from httpx import Response

from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, pay, problem


def _completed(
    client: AppClient, *payments: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An order of a burger (12.99, 8.875 %) and two wines (9.50, 20 %) with a 5.00 discount:
    total 31.17, paid by ``payments`` and completed. Answers it and its items."""
    order = make_order(client)
    burger = add_item(client, order, make_product(client, price=12.99, taxRate=0.08875))
    wine = add_item(client, order, make_product(client, price=9.5, taxRate=0.2), 2)
    discount = {"discountAmount": 5}
    assert client.post(f"/api/orders/{order['id']}/discount", json=discount).status_code == 200
    assert order_detail(client, order)["total"] == 31.17
    for payment in payments or ({"amount": 31.17, "tipAmount": 5},):
        assert pay(client, order, **payment).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    return order, [burger, wine]


def _refund(
    client: AppClient, order: dict[str, Any], headers: dict[str, Any] | None = None, **body: Any
) -> Response:
    response: Response = client.post(
        f"/api/orders/{order['id']}/refunds", json={"reason": "cold"} | body, headers=headers
    )
    return response


def _created(response: Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_partial_refund_by_amount_goes_back_to_the_payment_and_is_listed(
    client: AppClient,
) -> None:
    order, _ = _completed(client)
    refund = _created(_refund(client, order, amount=10, tipAmount=2))
    [payment] = order_detail(client, order)["payments"]
    assert (refund["amount"], refund["tipAmount"], refund["paymentId"]) == (10, 2, payment["id"])
    assert (refund["method"], refund["reason"], refund["items"]) == ("CARD", "cold", [])
    assert refund["refundedBy"]["name"]
    detail = order_detail(client, order)
    assert detail["refunds"] == [refund]
    # What was paid stays what was paid: the refund is a record of its own.
    assert (detail["status"], detail["paidAmount"], detail["balanceDue"]) == ("COMPLETED", 31.17, 0)
    url = f"/api/orders/{order['id']}/refunds"
    assert client.get(url).json() == [refund]
    response = client.get(f"{url}/{refund['id']}")
    assert response.json() == refund


def test_never_more_than_was_paid_less_what_was_refunded(client: AppClient) -> None:
    order, _ = _completed(client)
    _created(_refund(client, order, amount=30, tipAmount=4))
    before = order_detail(client, order)
    refused = problem(_refund(client, order, amount=1.18), 409, "refund_exceeds_paid")
    assert (refused["refundableAmount"], refused["refundableTip"]) == (1.17, 1)
    refused = problem(
        _refund(client, order, amount=0.01, tipAmount=1.01), 409, "refund_exceeds_paid"
    )
    assert refused["refundableTip"] == 1
    assert order_detail(client, order) == before
    _created(_refund(client, order, amount=1.17, tipAmount=1))
    problem(_refund(client, order, amount=0.01), 409, "refund_exceeds_paid")


def test_a_refund_by_line_gives_back_each_lines_share_of_the_total(client: AppClient) -> None:
    order, (burger, wine) = _completed(client)
    # The discount spreads 2.03 / 2.97 over the lines; taxed, the burger's 10.96 is 11.9327
    # and the wines' 16.03 is 19.236: the 31.17 total is shared 11.93 / 19.24.
    one_wine = _created(_refund(client, order, items=[{"itemId": wine["id"], "quantity": 1}]))
    assert one_wine["amount"] == 9.62
    assert one_wine["items"] == [{"itemId": wine["id"], "quantity": 1, "amount": 9.62}]
    rest = _created(
        _refund(client, order, items=[{"itemId": burger["id"]}, {"itemId": wine["id"]}])
    )
    assert rest["amount"] == 21.55
    assert [(p["itemId"], p["quantity"]) for p in rest["items"]] == [
        (burger["id"], 1),
        (wine["id"], 1),
    ]
    # Every line refunded: exactly the amount paid went back, and no more of it can.
    assert round(one_wine["amount"] + rest["amount"], 2) == 31.17
    again = _refund(client, order, items=[{"itemId": burger["id"]}])
    assert problem(again, 422, "validation_failed")["errors"][0]["field"] == "items.0.quantity"
    assert problem(_refund(client, order, amount=0.01), 409, "refund_exceeds_paid")


def test_bad_refund_requests_are_422_and_change_nothing(client: AppClient) -> None:
    order, (burger, _) = _completed(client)
    before = order_detail(client, order)
    line = {"itemId": burger["id"]}
    body: dict[str, Any]
    for body in (
        {},
        {"amount": 0},
        {"amount": 1, "items": [line]},
        {"items": []},
        {"items": [line, line]},
        {"items": [{"itemId": burger["id"], "quantity": 2}]},
        {"items": [{"itemId": order["id"]}]},
        {"amount": -1},
    ):
        problem(_refund(client, order, **body), 422, "validation_failed")
    no_reason = client.post(f"/api/orders/{order['id']}/refunds", json={"amount": 1})
    problem(no_reason, 422, "validation_failed")
    assert order_detail(client, order) == before


def test_only_a_completed_order_is_refunded(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=10))
    assert pay(client, order, 10).status_code == 201
    problem(_refund(client, order, amount=1), 409, "invalid_transition")


def test_a_refund_goes_to_the_named_payment_or_the_newest_that_can_take_it(
    client: AppClient,
) -> None:
    order, _ = _completed(client, {"amount": 20}, {"amount": 11.17, "paymentMethod": "CASH"})
    first, second = order_detail(client, order)["payments"]
    assert _created(_refund(client, order, amount=10))["paymentId"] == second["id"]
    assert _created(_refund(client, order, amount=10))["paymentId"] == first["id"]
    named = _refund(client, order, amount=5, paymentId=second["id"])
    assert problem(named, 409, "refund_exceeds_paid")["refundableAmount"] == 1.17
    # 11.17 is left on the order, but no one payment has it all.
    split = problem(_refund(client, order, amount=11.17), 422, "validation_failed")
    assert split["errors"][0]["field"] == "paymentId"
    unknown = _refund(client, order, amount=1, paymentId=order["id"])
    problem(unknown, 404, "not_found")


def test_a_refund_is_a_managers_audited_and_replayed_on_retry(client: AppClient) -> None:
    order, _ = _completed(client)
    server = bearer(make_staff_token(client, "SERVER"))
    problem(_refund(client, order, server, amount=1), 403, "forbidden")
    manager = bearer(make_staff_token(client, "MANAGER", name="Mia")) | {
        "Idempotency-Key": "refund-1"
    }
    first = _created(_refund(client, order, manager, amount=3, tipAmount=1))
    retried = _refund(client, order, manager, amount=3, tipAmount=1)
    assert retried.status_code == 201
    assert retried.headers["idempotent-replayed"] == "true"
    assert retried.json() == first
    assert len(order_detail(client, order)["refunds"]) == 1
    [entry] = client.get("/api/audit", params={"action": "order.refunded"}).json()["data"]
    assert (entry["staffName"], entry["entityId"], entry["reason"]) == ("Mia", order["id"], "cold")
    assert entry["before"] == {"refunded": "0.00", "refundedTips": "0.00"}
    assert entry["after"]["refunded"] == "3.00"
    assert entry["after"]["refundedTips"] == "1.00"
    assert entry["after"]["refundId"] == first["id"]


def test_the_kitchen_sees_refunds_without_who_gave_them_back(client: AppClient) -> None:
    order, _ = _completed(client)
    _created(_refund(client, order, amount=1))
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    [seen] = client.get(f"/api/orders/{order['id']}/refunds", headers=kitchen).json()
    assert (seen["amount"], seen["refundedBy"]) == (1, None)


def test_a_cancellation_refunds_each_payment_as_a_refund_record(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=30))
    assert pay(client, order, 10, tipAmount=2).status_code == 201
    assert pay(client, order, 5, paymentMethod="CASH").status_code == 201
    cancelled = client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "fire"})
    assert cancelled.json()["refundAmount"] == 17
    detail = order_detail(client, order)
    by_payment = {r["paymentId"]: r for r in detail["refunds"]}
    assert [
        (r["amount"], r["tipAmount"], r["method"], r["reason"])
        for r in (by_payment[p["id"]] for p in detail["payments"])
    ] == [(10, 2, "CARD", "fire"), (5, 0, "CASH", "fire")]
    problem(_refund(client, order, amount=1), 409, "invalid_transition")
