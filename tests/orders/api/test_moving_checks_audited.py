"""Money moving between checks is traceable (docs/security.md): a split, a move of lines and a
merge each write one audit entry naming both checks, the lines and the amounts."""

from __future__ import annotations

from typing import Any

from factories import AppClient, make_order, make_product
from orders.api.order_helpers import add_item, pay


def _entry(client: AppClient, action: str) -> dict[str, Any]:
    [entry] = client.get("/api/audit", params={"action": action}).json()["data"]
    assert entry["entityType"] == "order"
    return dict(entry)


def _check(order: dict[str, Any], total: float, paid: float = 0) -> dict[str, Any]:
    number = int(order["orderNumber"].lstrip("#"))
    return {
        "orderId": order["id"],
        "orderNumber": number,
        "total": f"{total:.2f}",
        "paid": f"{paid:.2f}",
    }


def test_a_split_a_move_and_a_merge_are_audited_with_both_checks_and_the_amounts(
    client: AppClient,
) -> None:
    product = make_product(client, price=10, taxRate=0)
    table = make_order(client)
    first = add_item(client, table, product)
    second = add_item(client, table, product, 2)
    assert client.post(f"/api/orders/{table['id']}/send").is_success

    split = client.post(
        f"/api/orders/{table['id']}/split", json={"items": [{"itemId": first["id"]}]}
    )
    assert split.status_code == 201, split.text
    source, new = split.json()["orders"]
    entry = _entry(client, "order.split")
    assert entry["entityId"] == table["id"]
    assert entry["before"] == _check(source, 30)
    assert entry["after"] == _check(source, 20) | {
        "checks": [_check(new, 10) | {"itemIds": [first["id"]]}]
    }

    tab = make_order(client, orderType="BAR_TAB", tableId=None)
    drink = add_item(client, tab, product)
    assert pay(client, tab, 5).status_code == 201
    body = {"itemIds": [second["id"]], "toOrderId": tab["id"]}
    moved = client.post(f"/api/orders/{table['id']}/items/move", json=body)
    assert moved.status_code == 200, moved.text
    entry = _entry(client, "order.items_moved")
    assert entry["entityId"] == table["id"]
    assert entry["before"] == {"from": _check(source, 20), "to": _check(tab, 10, 5)}
    assert entry["after"] == {
        "from": _check(source, 0),
        "to": _check(tab, 30, 5),
        "itemIds": [second["id"]],
    }

    merged = client.post(f"/api/orders/{new['id']}/merge", json={"orderId": tab["id"]})
    assert merged.status_code == 200, merged.text
    entry = _entry(client, "order.merged")
    assert entry["entityId"] == new["id"]
    assert entry["before"] == {"into": _check(new, 10), "merged": _check(tab, 30, 5)}
    # Every line the tab held (listed in the order of their ids).
    assert sorted(entry["after"].pop("itemIds")) == sorted([drink["id"], second["id"]])
    assert entry["after"] == {"into": _check(new, 40, 5), "merged": _check(tab, 0)}
