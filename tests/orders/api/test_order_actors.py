"""Who did it: every order action knows its actor, and "sent" means one thing everywhere."""

from __future__ import annotations

import uuid
from typing import Any

from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, pay, problem


def _staff(client: AppClient, role: str) -> tuple[dict[str, str], dict[str, Any]]:
    """Headers of a new staff member with ``role``, and their ``{staffId, name}``."""
    name = f"{role.title()} {uuid.uuid4().hex[:6]}"
    member = client.post("/api/staff", json={"name": name, "role": role}).json()
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": name}).json()
    return bearer(token["token"]), {"staffId": member["id"], "name": name}


def test_completing_records_who_closed_the_check(client: AppClient) -> None:
    server, who = _staff(client, "SERVER")
    order = make_order(client)
    add_item(client, order, make_product(client, price=10))
    assert pay(client, order, 10).status_code == 201
    assert order_detail(client, order)["completedBy"] is None
    url = f"/api/orders/{order['id']}/complete"
    assert client.post(url, headers=server).status_code == 200
    detail = order_detail(client, order)
    assert detail["completedBy"] == who
    assert detail["cancelledBy"] is None


def test_cancelling_records_who_cancelled(client: AppClient) -> None:
    server, who = _staff(client, "SERVER")
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    assert client.request("DELETE", url, json={"reason": "mistake"}, headers=server).is_success
    detail = order_detail(client, order)
    assert (detail["cancelledBy"], detail["completedBy"]) == (who, None)


def test_the_ticket_says_who_sent_it(client: AppClient) -> None:
    server, who = _staff(client, "SERVER")
    order = make_order(client)
    add_item(client, order, make_product(client))
    sent = client.post(f"/api/orders/{order['id']}/send", headers=server).json()
    ticket = client.get(f"/api/kitchen/tickets/{sent['kitchenOrderId']}").json()
    assert ticket["sentBy"] == who


def test_a_transfer_is_audited_with_both_tables(client: AppClient) -> None:
    server, who = _staff(client, "SERVER")
    order = make_order(client)
    new_table = str(uuid.uuid4())
    url = f"/api/orders/{order['id']}/transfer"
    assert client.post(url, json={"tableId": new_table}, headers=server).status_code == 200
    entries = client.get("/api/audit", params={"action": "order.transferred"}).json()["data"]
    assert len(entries) == 1
    entry = entries[0]
    assert (entry["staffId"], entry["staffName"]) == (who["staffId"], who["name"])
    assert (entry["entityType"], entry["entityId"]) == ("order", order["id"])
    assert entry["before"] == {"tableId": order["tableId"]}
    assert entry["after"] == {"tableId": new_table}


def test_an_item_the_kitchen_moved_on_without_a_send_counts_as_sent(client: AppClient) -> None:
    """The kitchen readied it straight from PENDING: no ticket, but the kitchen has it. A server
    can neither void it nor cancel the order (both used to disagree); a manager can."""
    order = make_order(client)
    item = add_item(client, order, make_product(client, price=10))
    item_url = f"/api/orders/{order['id']}/items/{item['id']}"
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    assert client.put(item_url, json={"status": "READY"}, headers=kitchen).status_code == 200
    server = bearer(make_staff_token(client, "SERVER"))
    manager = bearer(make_staff_token(client, "MANAGER"))
    order_url = f"/api/orders/{order['id']}"
    cancel = client.request("DELETE", order_url, json={"reason": "walked out"}, headers=server)
    problem(cancel, 403, "forbidden")
    void = client.request("DELETE", item_url, json={"reason": "cold"}, headers=server)
    problem(void, 403, "forbidden")
    detail = order_detail(client, order)
    assert (detail["status"], detail["items"][0]["status"]) == ("DRAFT", "READY")
    assert client.request("DELETE", item_url, json={"reason": "cold"}, headers=manager).is_success
    assert client.request(
        "DELETE", order_url, json={"reason": "walked out"}, headers=manager
    ).is_success


def test_the_order_list_says_who_opened_each_check(client: AppClient) -> None:
    server, who = _staff(client, "SERVER")
    opened = make_order(client, tableId=None, orderType="BAR_TAB")
    client_made = client.post(
        "/api/orders",
        json={"orderType": "TAKEOUT", "locationId": opened["locationId"]},
        headers=server,
    )
    assert client_made.status_code == 201, client_made.text
    listed = client.get("/api/orders", params={"locationId": opened["locationId"]}).json()["data"]
    by_id = {order["id"]: order["openedBy"] for order in listed}
    assert by_id[client_made.json()["id"]] == who
    assert by_id[opened["id"]]["name"] == order_detail(client, opened)["openedBy"]["name"]
