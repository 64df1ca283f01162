"""An approval of a change that moves money names the most it approves (docs/design.md §10;
issue 51): a change above it is 403 `approval_exceeded`, changes nothing and leaves the
approval for the change it approved. The probe's cases: a discount approval allowed the whole
subtotal, a tip adjust approval a tip of 9,999,999.99."""

from __future__ import annotations

from typing import Any

import pytest

from factories import (
    AppClient,
    approval_ask,
    approved_session,
    bearer,
    make_card_paid_order,
    make_order,
    make_product,
    make_session,
    make_staff_with_pin,
)
from orders.api.order_helpers import add_item, order_detail, problem
from till.api.till_helpers import drawer, open_drawer


def _sent_order_of_20(client: AppClient) -> dict[str, Any]:
    order = make_order(client)
    add_item(client, order, make_product(client, price=20))
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return order


def _exceeded_then_approved(
    client: AppClient, method: str, url: str, approved: dict[str, str], above: Any, within: Any
) -> Any:
    """``above`` is refused by the approval's amount and changes nothing; ``within``, the same
    approval still unused, goes through once."""
    refused = client.request(method, url, json=above, headers=approved)
    body = problem(refused, 403, "approval_exceeded")
    assert "approved up to" in body["detail"]
    done = client.request(method, url, json=within, headers=approved)
    assert done.status_code in (200, 201), done.text
    problem(client.request(method, url, json=within, headers=approved), 403, "approval_invalid")
    return done.json()


def test_a_discount_approval_covers_a_discount_up_to_its_amount(client: AppClient) -> None:
    order = _sent_order_of_20(client)
    url = f"/api/orders/{order['id']}/discount"
    approved, _, _ = approved_session(client, "order.discount", f"/api/orders/{order['id']}", 2)
    # The probe's case: approved "for a discount", used for the whole subtotal.
    whole = {"discountAmount": 20, "reason": "probe"}
    problem(client.post(url, json=whole, headers=approved), 403, "approval_exceeded")
    assert order_detail(client, order)["discountAmount"] == 0
    above = {"discountAmount": 2.01, "reason": "birthday"}
    within = {"discountAmount": 2, "reason": "birthday"}
    _exceeded_then_approved(client, "POST", url, approved, above, within)
    assert order_detail(client, order)["discountAmount"] == 2


def test_a_refund_approval_covers_its_amount_and_tip_together(client: AppClient) -> None:
    order, payment = make_card_paid_order(client)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    url = f"/api/orders/{order['id']}/refunds"
    approved, _, _ = approved_session(client, "order.refund", f"/api/orders/{order['id']}", 5)
    line = order_detail(client, order)["items"][0]["id"]
    # A line's share (20.00) is more than approved, whatever the request names it by.
    by_line = {"reason": "cold", "items": [{"itemId": line}]}
    problem(client.post(url, json=by_line, headers=approved), 403, "approval_exceeded")
    above = {"reason": "cold", "amount": 5.01, "paymentId": payment["id"]}
    within = {"reason": "cold", "amount": 5, "paymentId": payment["id"]}
    refund = _exceeded_then_approved(client, "POST", url, approved, above, within)
    assert refund["amount"] == 5
    assert len(order_detail(client, order)["refunds"]) == 1


def test_a_tip_adjust_approval_covers_the_new_tip_up_to_its_amount(client: AppClient) -> None:
    order, payment = make_card_paid_order(client)
    url = f"/api/orders/{order['id']}/payments/{payment['id']}"
    approved, _, _ = approved_session(client, "payment.tip_adjust", url, 15)
    # The probe's case: a tip adjust approval used for a tip of 9,999,999.99.
    huge = {"tipAmount": 9_999_999.99}
    problem(client.patch(url, json=huge, headers=approved), 403, "approval_exceeded")
    adjusted = _exceeded_then_approved(
        client, "PATCH", url, approved, {"tipAmount": 15.01}, {"tipAmount": 15}
    )
    assert adjusted["tipAmount"] == 15
    assert order_detail(client, order)["tipTotal"] == 15


def test_a_large_tip_approval_covers_the_payments_tip_up_to_its_amount(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=20))
    url = f"/api/orders/{order['id']}/payments"
    approved, _, _ = approved_session(client, "payment.large_tip", f"/api/orders/{order['id']}", 30)
    above = {"amount": 20, "paymentMethod": "CARD", "tipAmount": 30.01}
    within = {"amount": 20, "paymentMethod": "CARD", "tipAmount": 30}
    _exceeded_then_approved(client, "POST", url, approved, above, within)
    assert order_detail(client, order)["tipTotal"] == 30


def test_a_pay_out_approval_covers_a_movement_up_to_its_amount(client: AppClient) -> None:
    mine = open_drawer(client)
    url = f"/api/cash-drawers/{mine['id']}/movements"
    approved, _, _ = approved_session(client, "cash_drawer.movement", url, 10)
    above = {"type": "PAY_OUT", "amount": 10.01, "reason": "ice"}
    within = {"type": "PAY_OUT", "amount": 10, "reason": "ice"}
    refused = client.post(url, json=above, headers=approved)
    # Counted blind: the refusal names the approved amount, never the drawer's cash.
    assert "200" not in problem(refused, 403, "approval_exceeded")["detail"]
    _exceeded_then_approved(client, "POST", url, approved, above, within)
    assert [move["amount"] for move in drawer(client, mine["id"])["movements"]] == [10]


@pytest.mark.parametrize(
    ("action", "amount", "message"),
    [
        ("order.discount", None, "names the most order.discount approves"),
        ("order.refund", None, "names the most order.refund approves"),
        ("payment.large_tip", None, "names the most payment.large_tip approves"),
        ("order.cancel", 5, "only for an action that moves money"),
    ],
)
def test_an_approval_names_an_amount_exactly_where_its_action_moves_money(
    client: AppClient, action: str, amount: float | None, message: str
) -> None:
    session = bearer(make_session(client, "SERVER"))
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    url = f"/api/orders/{make_order(client)['id']}"
    asked = approval_ask(manager["id"], "5173", action, url, amount)
    refused = problem(
        client.post("/api/approvals", json=asked, headers=session), 422, "validation_failed"
    )
    assert refused["errors"][0]["field"] == "amount"
    assert message in refused["errors"][0]["message"]
    # Refused before the PIN is read: no wrong PIN counted, nothing audited.
    assert client.get("/api/audit", params={"action": "staff.pin_wrong"}).json()["total"] == 0


def test_the_granted_approval_says_the_amount_it_approves(client: AppClient) -> None:
    session = bearer(make_session(client, "SERVER"))
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    url = f"/api/orders/{make_order(client)['id']}"
    asked = approval_ask(manager["id"], "5173", "order.discount", url, 7.5)
    granted = client.post("/api/approvals", json=asked, headers=session).json()
    assert (granted["action"], granted["amount"]) == ("order.discount", 7.5)
    voiding = approval_ask(manager["id"], "5173", "order.cancel", url)
    assert client.post("/api/approvals", json=voiding, headers=session).json()["amount"] is None
