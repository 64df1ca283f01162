"""The guests' board (docs/design.md §20): which orders show, preparing then ready, dine-in only
with the location's setting, order numbers only, and who may read it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from sqlalchemy import update

from brigade.kit.db.engine import UnitOfWork
from brigade.orders.tables import order_items
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_device,
    make_order,
    make_product,
    make_session,
    make_staff_token,
    written_strings,
)
from orders.api.order_helpers import add_item, pay, problem

Json = dict[str, Any]


def _board(client: AppClient, headers: dict[str, str] | None = None) -> Json:
    response = client.get("/api/pickup-board", params={"locationId": LOCATION}, headers=headers)
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def _numbers(board: Json) -> tuple[list[str], list[str]]:
    return (
        [shown["orderNumber"] for shown in board["preparing"]],
        [shown["orderNumber"] for shown in board["ready"]],
    )


def _sent(client: AppClient, order_type: str = "TAKEOUT", **overrides: Any) -> tuple[Json, str]:
    """An order of ``order_type`` with one item, sent: the order and its ticket's id."""
    table = {"tableId": None} if order_type != "DINE_IN" else {}
    order = make_order(client, orderType=order_type, **(table | overrides))
    add_item(client, order, make_product(client, locationId=order["locationId"]))
    sent = client.post(f"/api/orders/{order['id']}/send")
    assert sent.status_code == 200, sent.text
    ticket: str = sent.json()["kitchenOrderId"]
    return order, ticket


def _bump(client: AppClient, ticket: str) -> None:
    assert client.post(f"/api/kitchen/tickets/{ticket}/bump").status_code == 200


def _set_status(client: AppClient, order: Json, status: str) -> None:
    for item in client.get(f"/api/orders/{order['id']}").json()["items"]:
        url = f"/api/orders/{order['id']}/items/{item['id']}"
        assert client.put(url, json={"status": status}).is_success


def _profile(client: AppClient, **fields: Any) -> None:
    body = {"name": "Counter", "timezone": "UTC"} | fields
    assert client.put(f"/api/locations/{LOCATION}", json=body).status_code == 200


def test_a_sent_takeout_is_preparing_then_ready_once_its_ticket_is_bumped(
    client: AppClient,
) -> None:
    assert _board(client) == {"preparing": [], "ready": []}
    order, ticket = _sent(client)
    board = _board(client)
    assert _numbers(board) == ([order["orderNumber"]], [])
    assert board["preparing"][0]["since"].endswith("Z")

    _bump(client, ticket)
    board = _board(client)
    assert _numbers(board) == ([], [order["orderNumber"]])
    assert board["ready"][0]["readyAt"] >= board["ready"][0]["readyAt"][:10]


def test_which_orders_show_takeout_and_delivery_sent_not_drafts_tabs_or_elsewhere(
    client: AppClient,
) -> None:
    takeout, _ = _sent(client, "TAKEOUT")
    delivery, _ = _sent(client, "DELIVERY")
    _sent(client, "BAR_TAB")
    _sent(client, "DINE_IN")
    _sent(client, "TAKEOUT", locationId=OTHER_LOCATION)
    unsent = make_order(client, orderType="TAKEOUT", tableId=None)
    add_item(client, unsent, make_product(client))
    cancelled, _ = _sent(client, "TAKEOUT")
    gone = client.request(
        "DELETE", f"/api/orders/{cancelled['id']}", json={"reason": "Guests left"}
    )
    assert gone.is_success, gone.text

    assert _numbers(_board(client)) == ([takeout["orderNumber"], delivery["orderNumber"]], [])


def test_dine_in_shows_only_when_the_location_says_so(client: AppClient) -> None:
    dine_in, _ = _sent(client, "DINE_IN")
    takeout, _ = _sent(client, "TAKEOUT")
    assert _numbers(_board(client))[0] == [takeout["orderNumber"]]

    _profile(client, boardShowsDineIn=True)
    assert client.get(f"/api/locations/{LOCATION}").json()["boardShowsDineIn"] is True
    assert _numbers(_board(client))[0] == [dine_in["orderNumber"], takeout["orderNumber"]]

    _profile(client)
    assert _numbers(_board(client))[0] == [takeout["orderNumber"]]


def test_an_order_with_an_item_still_cooking_stays_preparing(client: AppClient) -> None:
    order, ticket = _sent(client)
    _bump(client, ticket)
    # A second round: the order goes back to preparing until that ticket is bumped too.
    add_item(client, order, make_product(client))
    second = client.post(f"/api/orders/{order['id']}/send").json()["kitchenOrderId"]
    assert _numbers(_board(client)) == ([order["orderNumber"]], [])
    _bump(client, second)
    assert _numbers(_board(client)) == ([], [order["orderNumber"]])


def _pay_in_full(client: AppClient, order: Json) -> None:
    due = client.get(f"/api/orders/{order['id']}").json()["balanceDue"]
    assert pay(client, order, due).status_code == 201
    assert client.get(f"/api/orders/{order['id']}").json()["status"] == "COMPLETED"


def test_paid_first_an_order_cooks_and_is_ready_on_the_bump(client: AppClient) -> None:
    # A counter takes the money first: the order is completed, then cooked, then ready (the
    # bump makes its food READY, as on an open check: docs/design.md §25).
    paid_first, ticket = _sent(client)
    _pay_in_full(client, paid_first)
    assert _numbers(_board(client)) == ([paid_first["orderNumber"]], [])
    _bump(client, ticket)
    assert _numbers(_board(client)) == ([], [paid_first["orderNumber"]])
    # Recalled, and a dish taken back to PREPARING (the kitchen's undo): on it again.
    assert client.post(f"/api/kitchen/tickets/{ticket}/recall").status_code == 200
    _set_status(client, paid_first, "PREPARING")
    assert _numbers(_board(client)) == ([paid_first["orderNumber"]], [])


def test_a_ready_order_leaves_when_served_or_paid_at_pickup(client: AppClient) -> None:
    waiting, ticket = _sent(client)
    _bump(client, ticket)
    served, ticket = _sent(client)
    _bump(client, ticket)
    paid_at_pickup, ticket = _sent(client)
    _bump(client, ticket)
    assert len(_board(client)["ready"]) == 3

    _set_status(client, served, "SERVED")
    _pay_in_full(client, paid_at_pickup)
    assert _numbers(_board(client)) == ([], [waiting["orderNumber"]])


def test_a_ready_order_leaves_after_fifteen_minutes_newest_ready_first(
    client: AppClient,
) -> None:
    old, old_ticket = _sent(client)
    late, late_ticket = _sent(client)
    _bump(client, old_ticket)
    _bump(client, late_ticket)
    assert _numbers(_board(client))[1] == [late["orderNumber"], old["orderNumber"]]

    async def age(uow: UnitOfWork, order: Json, minutes: int) -> None:
        connection = await uow.connection()
        moment = datetime.now(UTC) - timedelta(minutes=minutes)
        await connection.execute(
            update(order_items)
            .where(order_items.c.order_id == UUID(order["id"]))
            .values(updated_at=moment)
        )

    in_transaction(client, lambda uow: age(uow, late, 14))
    in_transaction(client, lambda uow: age(uow, old, 16))
    assert _numbers(_board(client)) == ([], [late["orderNumber"]])


def test_voided_items_do_not_hold_an_order_in_preparing(client: AppClient) -> None:
    order, ticket = _sent(client)
    extra = add_item(client, order, make_product(client))
    client.post(f"/api/orders/{order['id']}/send")
    void = {"reason": "out of it"}
    url = f"/api/orders/{order['id']}/items/{extra['id']}"
    assert client.request("DELETE", url, json=void).is_success
    _bump(client, ticket)
    assert _numbers(_board(client)) == ([], [order["orderNumber"]])


def test_the_board_carries_order_numbers_only_no_names_prices_or_items(
    client: AppClient,
) -> None:
    secret_name = "Zebulon Quarrington"
    product = make_product(client, name="Truffle Pizza", price=37.5)
    order = make_order(client, orderType="TAKEOUT", tableId=None, customerName=secret_name)
    add_item(client, order, product)
    client.post(f"/api/orders/{order['id']}/send")
    board = _board(client, bearer(make_device(client, "BOARD")["token"]))

    assert set(board) == {"preparing", "ready"}
    assert [set(shown) for shown in board["preparing"]] == [{"orderNumber", "since"}]
    written = " ".join(written_strings(board))
    for secret in (secret_name, "Zebulon", "Truffle", "37.5", "37.50", order["id"]):
        assert secret not in written


def test_a_board_device_a_manager_and_above_may_read_it_others_are_refused(
    client: AppClient,
) -> None:
    board = bearer(make_device(client, "BOARD")["token"])
    assert _board(client, board) == {"preparing": [], "ready": []}
    assert _board(client, bearer(make_staff_token(client, "MANAGER")))["ready"] == []
    for refused in (
        bearer(make_staff_token(client, "SERVER")),
        bearer(make_staff_token(client, "KITCHEN")),
        bearer(make_device(client, "KITCHEN_DISPLAY")["token"]),
        bearer(make_device(client, "TERMINAL")["token"]),
        bearer(make_session(client, "SERVER")),
    ):
        response = client.get("/api/pickup-board", params={"locationId": LOCATION}, headers=refused)
        problem(response, 403, "forbidden")
    elsewhere = client.get(
        "/api/pickup-board", params={"locationId": OTHER_LOCATION}, headers=board
    )
    problem(elsewhere, 403, "other_location")
    # A manager's PIN session at a terminal reads its own location's only.
    manager = bearer(make_session(client, "MANAGER"))
    assert _board(client, manager) == {"preparing": [], "ready": []}
    problem(
        client.get("/api/pickup-board", params={"locationId": OTHER_LOCATION}, headers=manager),
        403,
        "other_location",
    )


def test_a_board_device_reads_nothing_else(client: AppClient) -> None:
    order, _ = _sent(client)
    board = bearer(make_device(client, "BOARD")["token"])
    current = client.get("/api/devices/current", headers=board)
    assert (current.status_code, current.json()["kind"]) == (200, "BOARD")
    for url in (
        f"/api/orders/{order['id']}",
        "/api/orders",
        f"/api/kitchen/board?locationId={LOCATION}",
        "/api/kitchen/tickets",
        f"/api/locations/{LOCATION}",
        "/api/products",
        "/api/staff/directory",
        "/api/payments",
    ):
        problem(client.get(url, headers=board), 403, "forbidden")
    problem(client.post(f"/api/orders/{order['id']}/send", headers=board), 403, "forbidden")


def test_a_board_device_follows_only_the_boards_events_and_bare(client: AppClient) -> None:
    order, ticket = _sent(client)
    _bump(client, ticket)
    make_product(client)
    board = bearer(make_device(client, "BOARD")["token"])

    page = client.get("/api/events", params={"after": 0}, headers=board)
    assert page.status_code == 200, page.text
    events = page.json()["data"]
    types = {event["type"] for event in events}
    assert {
        "order.sent",
        "kitchen_ticket.created",
        "kitchen_ticket.bumped",
        "item.updated",
    } <= types
    assert not types & {"order.created", "item.added", "product.created"}
    assert all(event["data"] == {} for event in events)
    assert {event["orderId"] for event in events} == {order["id"]}
    asked = client.get(
        "/api/events", params={"after": 0, "types": "product.created"}, headers=board
    )
    assert asked.json()["data"] == []
    problem(
        client.get("/api/events", params={"locationId": OTHER_LOCATION}, headers=board),
        403,
        "other_location",
    )
    # Staff still get every event with its data.
    staff = client.get("/api/events", params={"after": 0}).json()["data"]
    assert any(event["type"] == "product.created" for event in staff)
    assert any(event["data"] for event in staff)
