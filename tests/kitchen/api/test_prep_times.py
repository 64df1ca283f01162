"""Fire by prep time (docs/design.md §19): a product's ``prepSeconds`` and each board item's
``startAt``, so a ticket's items finish together."""

from __future__ import annotations

from datetime import datetime, timedelta

from factories import AppClient, make_order, make_product
from kitchen.api.station_helpers import board, ok, send
from orders.api.order_helpers import add_item, problem


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_product_keeps_its_prep_time_until_cleared(client: AppClient) -> None:
    product = make_product(client, prepSeconds=600)
    url = f"/api/products/{product['id']}"
    assert product["prepSeconds"] == 600
    assert ok(client.get(url))["prepSeconds"] == 600
    assert make_product(client)["prepSeconds"] is None
    assert ok(client.put(url, json={"name": "Steak"}))["prepSeconds"] == 600
    assert ok(client.put(url, json={"prepSeconds": 0}))["prepSeconds"] == 0
    assert ok(client.put(url, json={"prepSeconds": None}))["prepSeconds"] is None
    for wrong in (-1, 1.5, "90", 86_401, True):
        problem(client.put(url, json={"prepSeconds": wrong}), 422, "validation_failed")
    assert ok(client.get(url))["prepSeconds"] is None


def test_each_item_starts_so_the_ticket_finishes_together(client: AppClient) -> None:
    steak = make_product(client, name="Steak", prepSeconds=900)
    fries = make_product(client, name="Fries", prepSeconds=240)
    salad = make_product(client, name="Salad")
    slow = make_product(client, name="Slow roast", prepSeconds=3600)
    order = make_order(client)
    for product in (steak, fries, salad, slow):
        add_item(client, order, product)
    ticket = send(client, order)
    # The slow roast is voided: nobody waits for what will not be made.
    roast = next(
        i
        for i in ok(client.get(f"/api/orders/{order['id']}"))["items"]
        if i["productId"] == slow["id"]
    )
    removed = client.request(
        "DELETE", f"/api/orders/{order['id']}/items/{roast['id']}", json={"reason": "out"}
    )
    assert removed.is_success, removed.text

    (shown,) = board(client)["tickets"]
    assert shown["id"] == ticket
    created = _at(shown["createdAt"])
    starts = {item["name"]: (item["prepSeconds"], _at(item["startAt"])) for item in shown["items"]}
    assert starts == {
        "Steak": (900, created),
        "Fries": (240, created + timedelta(seconds=660)),
        "Salad": (None, created),
        "Slow roast": (3600, created),
    }


def test_a_ticket_says_which_courses_of_its_order_are_held(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, name="Soup"))
    add_item(client, order, make_product(client, name="Steak"), course=2)
    add_item(client, order, make_product(client, name="Cake"), course=3)
    send(client, order)
    (shown,) = board(client)["tickets"]
    assert [item["name"] for item in shown["items"]] == ["Soup"]
    assert shown["heldCourses"] == [2, 3]

    ok(client.post(f"/api/orders/{order['id']}/courses/2/fire"))
    first, fired = board(client)["tickets"]
    assert [item["name"] for item in fired["items"]] == ["Steak"]
    assert first["heldCourses"] == fired["heldCourses"] == [3]
    # A new course-1 item not sent yet is not held: the next send takes it.
    add_item(client, order, make_product(client, name="Bread"))
    assert board(client)["tickets"][0]["heldCourses"] == [3]
