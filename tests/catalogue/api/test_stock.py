"""Stock: adjustments and counts with a reason, the ledger of every change (sale, void, cancel,
adjustment, count) with who and why, the automatic 86 at zero and its lifting on a restock,
``stock.low`` once per crossing, and the low-stock list."""

from __future__ import annotations

from typing import Any

import pytest

from events.api.event_helpers import all_events
from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, post_item, problem

Json = dict[str, Any]


def _tracked(client: AppClient, stock: Any = 5, **overrides: Any) -> Json:
    return make_product(client, trackInventory=True, stockQuantity=stock, **overrides)


def _change(client: AppClient, product: Json, **body: Any) -> Any:
    return client.post(f"/api/products/{product['id']}/stock", json=body)


def _changed(client: AppClient, product: Json, **body: Any) -> Json:
    response = _change(client, product, **body)
    assert response.status_code == 200, response.text
    answer: Json = response.json()
    return answer


def _movements(client: AppClient, product: Json, **params: Any) -> Json:
    response = client.get(f"/api/products/{product['id']}/stock-movements", params=params)
    assert response.status_code == 200, response.text
    page: Json = response.json()
    return page


def _detail(client: AppClient, product: Json) -> Json:
    answer: Json = client.get(f"/api/products/{product['id']}").json()
    return answer


def _last_event_id(client: AppClient) -> int:
    found = all_events(client)
    return found[-1]["id"] if found else 0


# --- adjustments and counts -----------------------------------------------------------------


def test_a_delta_adds_and_a_count_sets_each_a_ledger_row_with_who_and_why(
    client: AppClient,
) -> None:
    product = _tracked(client, 5)
    assert _changed(client, product, delta=12, reason="delivery")["stockQuantity"] == 17
    assert _changed(client, product, delta=-2.5, reason="dropped")["stockQuantity"] == 14.5
    counted = _changed(client, product, count=13, reason="stocktake")
    assert counted["stockQuantity"] == 13
    assert counted["updatedAt"] > product["updatedAt"]
    page = _movements(client, product)
    assert page["total"] == 3
    assert [(m["kind"], m["change"], m["level"], m["reason"]) for m in page["data"]] == [
        ("COUNT", -1.5, 13, "stocktake"),
        ("ADJUSTMENT", -2.5, 14.5, "dropped"),
        ("ADJUSTMENT", 12, 17, "delivery"),
    ]
    by_admin = {"staffId": None, "name": "bootstrap admin (BRIGADE_ADMIN_TOKEN)"}
    assert all(m["madeBy"] == by_admin for m in page["data"])
    assert all(m["productId"] == product["id"] and m["orderId"] is None for m in page["data"])


def test_the_manager_who_adjusts_is_in_the_ledger_and_the_audit_log(client: AppClient) -> None:
    product = _tracked(client, 5)
    manager = make_staff_token(client, "MANAGER")
    response = client.post(
        f"/api/products/{product['id']}/stock",
        json={"delta": 3, "reason": "delivery"},
        headers=bearer(manager),
    )
    assert response.status_code == 200, response.text
    [movement] = _movements(client, product)["data"]
    assert movement["madeBy"]["name"].startswith("Manager")
    assert movement["madeBy"]["staffId"] is not None
    entries = client.get("/api/audit", params={"action": "product.stock_adjusted"}).json()["data"]
    [entry] = [e for e in entries if e["entityId"] == product["id"]]
    assert (entry["before"]["stockQuantity"], entry["after"]["stockQuantity"]) == ("5", "8")
    assert entry["reason"] == "delivery"


@pytest.mark.parametrize(
    "body",
    [
        {"delta": 1, "count": 2, "reason": "both"},
        {"reason": "neither"},
        {"delta": 0, "reason": "nothing"},
        {"delta": 1.0001, "reason": "too fine"},
        {"count": -1, "reason": "negative count"},
        {"delta": 1},
        {"delta": 1, "reason": ""},
    ],
)
def test_a_bad_change_is_422_and_changes_nothing(client: AppClient, body: dict[str, Any]) -> None:
    product = _tracked(client, 5)
    problem(_change(client, product, **body), 422, "validation_failed")
    assert _detail(client, product)["stockQuantity"] == 5
    assert _movements(client, product)["total"] == 0


def test_stock_may_not_go_below_zero_nor_change_untracked(client: AppClient) -> None:
    product = _tracked(client, 2)
    problem(_change(client, product, delta=-3, reason="lost"), 409, "insufficient_stock")
    untracked = make_product(client)
    problem(_change(client, untracked, delta=3, reason="delivery"), 409, "stock_not_tracked")
    assert _detail(client, product)["stockQuantity"] == 2
    missing = "0196a1b2-0000-7000-8000-00000000dead"
    assert (
        client.post(f"/api/products/{missing}/stock", json={"delta": 1, "reason": "x"}).json()[
            "code"
        ]
        == "not_found"
    )
    assert client.get(f"/api/products/{missing}/stock-movements").status_code == 404


# --- the ledger of sales, voids and cancellations -------------------------------------------


def test_sales_voids_and_cancellations_are_in_the_ledger_newest_first(client: AppClient) -> None:
    product = _tracked(client, 10)
    order = make_order(client)
    item = add_item(client, order, product, 3)
    add_item(client, order, product, 2)
    item_url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", item_url, json={"reason": "wrong"}).status_code == 200
    cancelled = client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "left"})
    assert cancelled.status_code == 200, cancelled.text
    page = _movements(client, product)
    assert [(m["kind"], m["change"], m["level"], m["orderId"]) for m in page["data"]] == [
        ("CANCEL", 2, 10, order["id"]),
        ("VOID", 3, 8, order["id"]),
        ("SALE", -2, 5, order["id"]),
        ("SALE", -3, 7, order["id"]),
    ]
    assert _detail(client, product)["stockQuantity"] == 10
    # Paged like every list.
    second = _movements(client, product, page=2, limit=3)
    assert (second["total"], second["page"], second["limit"]) == (4, 2, 3)
    assert [m["kind"] for m in second["data"]] == ["SALE"]


def test_untracked_products_leave_no_ledger(client: AppClient) -> None:
    product = make_product(client)
    add_item(client, make_order(client), product, 2)
    assert _movements(client, product)["total"] == 0


# --- the automatic 86 -----------------------------------------------------------------------


def test_selling_the_last_portion_86es_the_product_by_system(client: AppClient) -> None:
    product = _tracked(client, 2)
    order = make_order(client)
    before = _last_event_id(client)
    add_item(client, order, product, 2)
    detail = _detail(client, product)
    assert (detail["stockQuantity"], detail["is86d"]) == (0, True)
    emitted = all_events(client, after=before)
    assert [e["type"] for e in emitted] == ["product.86d", "item.added"]
    assert emitted[0]["data"] == detail
    entries = client.get("/api/audit", params={"action": "product.86d"}).json()["data"]
    [entry] = [e for e in entries if e["entityId"] == product["id"]]
    assert (entry["staffName"], entry["staffId"]) == ("system", None)
    assert entry["reason"] == "out of stock"
    problem(post_item(client, order, product, 1), 409, "product_unavailable")


def test_a_restock_lifts_the_automatic_86(client: AppClient) -> None:
    product = _tracked(client, 1)
    add_item(client, make_order(client), product, 1)
    before = _last_event_id(client)
    restocked = _changed(client, product, delta=6, reason="delivery")
    assert (restocked["stockQuantity"], restocked["is86d"]) == (6, False)
    assert [e["type"] for e in all_events(client, after=before)] == [
        "product.updated",
        "product.available",
    ]
    entries = client.get("/api/audit", params={"action": "product.un86d"}).json()["data"]
    [entry] = [e for e in entries if e["entityId"] == product["id"]]
    assert (entry["staffName"], entry["reason"]) == ("system", "back in stock")
    add_item(client, make_order(client), product, 1)


def test_a_void_that_puts_stock_back_lifts_the_automatic_86(client: AppClient) -> None:
    product = _tracked(client, 1)
    order = make_order(client)
    item = add_item(client, order, product, 1)
    assert _detail(client, product)["is86d"] is True
    before = _last_event_id(client)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", url, json={"reason": "wrong"}).status_code == 200
    detail = _detail(client, product)
    assert (detail["stockQuantity"], detail["is86d"]) == (1, False)
    available = [e for e in all_events(client, after=before) if e["type"] == "product.available"]
    assert [e["data"] for e in available] == [detail]


def test_a_restock_never_lifts_a_manual_86(client: AppClient) -> None:
    product = _tracked(client, 1)
    assert client.post(f"/api/products/{product['id']}/86").status_code == 200
    assert _changed(client, product, delta=5, reason="delivery")["is86d"] is True
    # An automatic 86 taken over by hand stays too.
    other = _tracked(client, 1)
    add_item(client, make_order(client), other, 1)
    assert client.post(f"/api/products/{other['id']}/86").status_code == 200
    assert _changed(client, other, count=4, reason="stocktake")["is86d"] is True


def test_a_count_of_zero_86es_and_a_product_update_of_the_stock_is_a_count(
    client: AppClient,
) -> None:
    product = _tracked(client, 3)
    assert _changed(client, product, count=0, reason="spoiled")["is86d"] is True
    response = client.put(f"/api/products/{product['id']}", json={"stockQuantity": 4})
    assert response.json()["is86d"] is False
    [update, count] = _movements(client, product)["data"][:2]
    assert (update["kind"], update["change"], update["level"]) == ("COUNT", 4, 4)
    assert (count["kind"], count["change"], count["level"]) == ("COUNT", -3, 0)


# --- low stock ------------------------------------------------------------------------------


def test_an_adjustment_down_to_the_threshold_emits_stock_low_once(client: AppClient) -> None:
    product = _tracked(client, 10, lowStockThreshold=4)
    before = _last_event_id(client)
    _changed(client, product, delta=-6, reason="spoiled")
    _changed(client, product, delta=-1, reason="spoiled")
    low = [e for e in all_events(client, after=before) if e["type"] == "stock.low"]
    assert [e["data"]["stockQuantity"] for e in low] == [4]


def test_the_low_stock_list_holds_tracked_products_at_or_under_their_threshold(
    client: AppClient,
) -> None:
    location = "0196a1b2-0000-7000-8000-0000000000c1"
    at = _tracked(client, 3, lowStockThreshold=3, locationId=location, name="At")
    under = _tracked(client, 1, lowStockThreshold=3, locationId=location, name="Under")
    _tracked(client, 9, lowStockThreshold=3, locationId=location, name="Above")
    _tracked(client, 0, locationId=location, name="No threshold")
    make_product(client, locationId=location, name="Untracked", lowStockThreshold=5)
    low = client.get("/api/products", params={"lowStock": "true", "locationId": location}).json()
    assert [p["id"] for p in low["data"]] == [at["id"], under["id"]]
    assert low["total"] == 2
    rest = client.get("/api/products", params={"lowStock": "false", "locationId": location})
    assert [p["name"] for p in rest.json()["data"]] == ["Above", "No threshold", "Untracked"]
    problem(client.get("/api/products", params={"lowStock": "maybe"}), 422, "validation_failed")
