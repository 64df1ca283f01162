"""A whole dinner over real HTTP against a `brigade serve` process, every total checked exactly."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from factories import ADMIN, LOCATION

TABLE_7, TABLE_12 = str(uuid.uuid4()), str(uuid.uuid4())


def _ok(response: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _product(http: httpx.Client, **fields: Any) -> dict[str, Any]:
    return _ok(http.post("/api/products", json={"locationId": LOCATION} | fields), 201)


def _add(
    http: httpx.Client,
    order: dict[str, Any],
    product: dict[str, Any],
    quantity: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    body = {"productId": product["id"], "quantity": quantity} | extra
    return _ok(http.post(f"/api/orders/{order['id']}/items", json=body), 201)


def _totals(detail: dict[str, Any]) -> tuple[Any, ...]:
    keys = ("subtotal", "discountAmount", "taxAmount", "total", "paidAmount", "balanceDue")
    return tuple(detail[key] for key in keys)


def test_a_whole_dinner(server: str) -> None:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        ribeye = _product(http, name="Ribeye", price=34.95, taxRate=0.08875)
        burger = _product(http, name="Burger", price=14.5, taxRate=0.08875)
        wine = _product(http, name="House red", price=12, taxRate=0.1)
        bacon = _product(http, name="Bacon", price=2.5, productType="MODIFIER")

        # Open table 7 for two.
        order = _ok(
            http.post(
                "/api/orders",
                json={"orderType": "DINE_IN", "tableId": TABLE_7, "guestCount": 2},
                params={"locationId": LOCATION},
            ),
            201,
        )
        assert (order["status"], order["items"]) == ("DRAFT", [])
        url = f"/api/orders/{order['id']}"

        # Mains with modifiers, then the first send.
        steak = _add(
            http,
            order,
            ribeye,
            notes="medium rare",
            modifiers=[
                {"modifierOptionId": str(uuid.uuid4()), "name": "Peppercorn sauce", "price": 3}
            ],
        )
        assert steak["total"] == 37.95
        smash = _add(http, order, burger, modifiers=[{"modifierOptionId": bacon["id"]}])
        assert smash["modifiers"][0] == {
            "modifierOptionId": bacon["id"],
            "name": "Bacon",
            "price": 2.5,
        }
        assert smash["total"] == 17
        first = _ok(http.post(f"{url}/send"))
        assert first["sentItems"] == 2
        assert _ok(http.get(url))["status"] == "OPEN"

        # Wine arrives later: a second send carries only it.
        glasses = _add(http, order, wine, 2)
        second = _ok(http.post(f"{url}/send"))
        assert second["sentItems"] == 1
        ticket = _ok(http.get(f"/api/kitchen/tickets/{second['kitchenOrderId']}"))
        assert [(i["name"], i["quantity"]) for i in ticket["items"]] == [("House red", 2)]
        poll = _ok(http.get("/api/kitchen/tickets", params={"locationId": LOCATION}))
        ids = [t["id"] for t in poll["data"]]
        assert ids.index(first["kitchenOrderId"]) < ids.index(second["kitchenOrderId"])

        # The kitchen works through the items.
        for item in (steak, smash, glasses):
            _ok(http.put(f"{url}/items/{item['id']}", json={"status": "SERVED"}))

        # They move to a bigger table.
        moved = _ok(http.post(f"{url}/transfer", json={"tableId": TABLE_12}))
        assert (moved["previousTableId"], moved["newTableId"]) == (TABLE_7, TABLE_12)

        # Subtotal 37.95 + 17.00 + 24.00 = 78.95. No discount yet: tax is
        # 54.95 x 8.875 % + 24.00 x 10 % = 4.8768125 + 2.40 = 7.28.
        assert _totals(_ok(http.get(url))) == (78.95, 0, 7.28, 86.23, 0, 86.23)

        # 10.00 off, spread 4.81 / 2.15 / 3.04 over the lines; tax on what is left:
        # 33.14 x 8.875 % + 14.85 x 8.875 % + 20.96 x 10 % = 6.3551125 -> 6.36.
        discount = _ok(http.post(f"{url}/discount", json={"discountAmount": 10}))
        assert (discount["subtotal"], discount["taxAmount"], discount["newTotal"]) == (
            78.95,
            6.36,
            75.31,
        )

        # The bill is split over two cards, each with a tip.
        visa = {"paymentMethod": "CARD", "cardLastFour": "4242", "cardBrand": "VISA"}
        _ok(http.post(f"{url}/payments", json={"amount": 40, "tipAmount": 6} | visa), 201)
        early = http.post(f"{url}/complete")
        assert early.status_code == 409
        assert (early.json()["code"], early.json()["balanceDue"]) == ("balance_due", 35.31)
        mastercard = {"paymentMethod": "CARD", "cardLastFour": "5555", "cardBrand": "MASTERCARD"}
        too_much = http.post(f"{url}/payments", json={"amount": 35.32} | mastercard)
        assert (too_much.status_code, too_much.json()["balanceDue"]) == (409, 35.31)
        _ok(http.post(f"{url}/payments", json={"amount": 35.31, "tipAmount": 5} | mastercard), 201)

        done = _ok(http.post(f"{url}/complete"))
        assert (done["status"], done["total"], done["paidAmount"]) == ("COMPLETED", 75.31, 75.31)

        detail = _ok(http.get(url))
        assert _totals(detail) == (78.95, 10, 6.36, 75.31, 75.31, 0)
        assert detail["tipTotal"] == 11
        assert detail["tableId"] == TABLE_12
        assert [(p["amount"], p["tipAmount"], p["cardLastFour"]) for p in detail["payments"]] == [
            (40, 6, "4242"),
            (35.31, 5, "5555"),
        ]
        assert {i["status"] for i in detail["items"]} == {"SERVED"}
        assert detail["completedAt"] == done["completedAt"]
        completed = _ok(http.get("/api/orders", params={"status": "COMPLETED"}))
        assert order["id"] in [o["id"] for o in completed["data"]]
        closed = http.post(f"{url}/items", json={"productId": wine["id"], "quantity": 1})
        assert (closed.status_code, closed.json()["code"]) == (409, "order_closed")


def test_cancelling_a_part_paid_order_refunds_amounts_and_tips(server: str) -> None:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        pasta = _product(http, name="Carbonara", price=16, taxRate=0.1)
        order = _ok(
            http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": LOCATION}), 201
        )
        url = f"/api/orders/{order['id']}"
        _add(http, order, pasta, 2)  # 32.00 + 3.20 tax
        _ok(http.post(f"{url}/send"))
        _ok(
            http.post(
                f"{url}/payments",
                json={
                    "amount": 20,
                    "tipAmount": 3,
                    "paymentMethod": "CARD",
                    "cardLastFour": "1881",
                },
            ),
            201,
        )
        _ok(http.post(f"{url}/payments", json={"amount": 5.2, "paymentMethod": "CASH"}), 201)
        assert _totals(_ok(http.get(url))) == (32, 0, 3.2, 35.2, 25.2, 10)

        cancelled = _ok(http.request("DELETE", url, json={"reason": "kitchen fire"}))
        assert cancelled["success"] is True
        assert cancelled["refundAmount"] == 28.2

        detail = _ok(http.get(url))
        assert detail["status"] == "CANCELLED"
        assert detail["cancelledAt"] is not None
        assert [p["status"] for p in detail["payments"]] == ["REFUNDED", "REFUNDED"]
        assert (detail["paidAmount"], detail["tipTotal"]) == (0, 0)
        again = http.request("DELETE", url, json={"reason": "twice"})
        assert (again.status_code, again.json()["code"]) == (409, "order_closed")
