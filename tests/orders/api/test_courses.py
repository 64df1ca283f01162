"""Seats, courses, hold and fire (docs/design.md §5, "Seats, courses, hold and fire"): an item
takes a seat and a course, a send holds the courses not fired, firing a course sends it on
its own ticket, and an unsent line changes its variant and modifiers by the add-item rules."""

from __future__ import annotations

from typing import Any

import pytest

from events.api.event_helpers import all_events
from factories import (
    LOCATION,
    AppClient,
    bearer,
    make_modifier,
    make_modifier_group,
    make_order,
    make_product,
    make_staff_token,
)
from orders.api.order_helpers import add_item, order_detail, post_item, problem

Json = dict[str, Any]


def _item_url(order: Json, item: Json) -> str:
    return f"/api/orders/{order['id']}/items/{item['id']}"


def _fire(client: AppClient, order: Json, course: Any, **headers: str) -> Any:
    return client.post(f"/api/orders/{order['id']}/courses/{course}/fire", headers=headers)


def _board_lines(client: AppClient) -> list[tuple[str, int | None, int]]:
    tickets = client.get("/api/kitchen/board", params={"locationId": LOCATION}).json()["tickets"]
    return [(i["name"], i["seat"], i["course"]) for t in tickets for i in t["items"]]


def test_an_item_takes_a_seat_and_a_course_and_course_one_by_default(client: AppClient) -> None:
    order = make_order(client)
    wine = add_item(client, order, make_product(client, name="Wine", price=9))
    steak = add_item(client, order, make_product(client, name="Steak", price=24), seat=2, course=2)
    assert (wine["seat"], wine["course"]) == (None, 1)
    assert (steak["seat"], steak["course"]) == (2, 2)
    detail = order_detail(client, order)
    assert [(i["seat"], i["course"]) for i in detail["items"]] == [(None, 1), (2, 2)]
    assert detail["firedCourses"] == []
    (added,) = [e["data"] for e in all_events(client) if e["entityId"] == steak["id"]]
    assert (added["seat"], added["course"]) == (2, 2)


@pytest.mark.parametrize(
    "extra",
    [{"seat": 0}, {"seat": 501}, {"seat": 1.5}, {"course": 0}, {"course": 21}, {"course": None}],
)
def test_a_seat_or_course_out_of_range_is_refused_and_changes_nothing(
    client: AppClient, extra: Json
) -> None:
    order = make_order(client)
    product = make_product(client)
    problem(post_item(client, order, product, **extra), 422, "validation_failed")
    item = add_item(client, order, product)
    problem(client.put(_item_url(order, item), json=extra), 422, "validation_failed")
    assert order_detail(client, order)["version"] == 2


def test_a_send_holds_course_two_and_firing_it_sends_it_to_the_kitchen(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, name="Soup", price=6), seat=1)
    add_item(client, order, make_product(client, name="Salad", price=7), seat=2)
    steak = add_item(client, order, make_product(client, name="Steak", price=24), seat=2, course=2)
    sent = client.post(f"/api/orders/{order['id']}/send")
    assert sent.status_code == 200, sent.text
    assert sent.json()["sentItems"] == 2
    detail = order_detail(client, order)
    assert detail["firedCourses"] == [1]
    assert [i["status"] for i in detail["items"]] == ["SENT", "SENT", "PENDING"]
    assert _board_lines(client) == [("Soup", 1, 1), ("Salad", 2, 1)]
    problem(client.post(f"/api/orders/{order['id']}/send"), 409, "nothing_to_send")

    fired = _fire(client, order, 2)
    assert fired.status_code == 200, fired.text
    assert fired.json()["sentItems"] == 1
    ticket = client.get(f"/api/kitchen/tickets/{fired.json()['kitchenOrderId']}").json()
    assert [(i["itemId"], i["seat"], i["course"]) for i in ticket["items"]] == [(steak["id"], 2, 2)]
    assert _board_lines(client)[-1] == ("Steak", 2, 2)
    detail = order_detail(client, order)
    assert (detail["firedCourses"], detail["items"][2]["status"]) == ([1, 2], "SENT")
    (event,) = [e for e in all_events(client) if e["type"] == "order.course_fired"]
    assert event["data"]["kitchenTicket"]["id"] == ticket["id"]
    assert event["data"]["firedCourses"] == [1, 2]


def test_a_fired_course_goes_with_later_sends_and_a_held_one_waits(client: AppClient) -> None:
    order = make_order(client)
    dessert = make_product(client, name="Tart", price=8)
    add_item(client, order, dessert, course=3)
    problem(client.post(f"/api/orders/{order['id']}/send"), 409, "nothing_to_send")
    assert _fire(client, order, 3).status_code == 200
    assert order_detail(client, order)["status"] == "OPEN"
    add_item(client, order, dessert, course=3)
    add_item(client, order, dessert, course=2)
    assert client.post(f"/api/orders/{order['id']}/send").json()["sentItems"] == 1
    detail = order_detail(client, order)
    assert detail["firedCourses"] == [1, 3]
    assert [(i["course"], i["status"]) for i in detail["items"]] == [
        (3, "SENT"),
        (3, "SENT"),
        (2, "PENDING"),
    ]


def test_firing_a_course_with_nothing_pending_or_out_of_range_changes_nothing(
    client: AppClient,
) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client), course=2)
    problem(_fire(client, order, 1), 409, "nothing_to_send")
    problem(_fire(client, order, 0), 422, "validation_failed")
    problem(_fire(client, order, 21), 422, "validation_failed")
    kitchen = make_staff_token(client, "KITCHEN")
    assert _fire(client, order, 2, **bearer(kitchen)).status_code == 403
    assert order_detail(client, order)["version"] == 2


def test_a_lines_seat_and_course_change_and_a_sent_lines_course_does_not(
    client: AppClient,
) -> None:
    order = make_order(client)
    item = add_item(client, order, make_product(client), seat=1)
    moved = client.put(_item_url(order, item), json={"seat": 3, "course": 2})
    assert moved.status_code == 200, moved.text
    assert (moved.json()["seat"], moved.json()["course"]) == (3, 2)
    assert client.put(_item_url(order, item), json={"course": 1}).status_code == 200
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    cleared = client.put(_item_url(order, item), json={"seat": None})
    assert cleared.status_code == 200, cleared.text
    assert cleared.json()["seat"] is None
    problem(client.put(_item_url(order, item), json={"course": 2}), 409, "item_already_sent")


def test_an_unsent_line_changes_its_modifiers_by_the_groups_rules(client: AppClient) -> None:
    oat = make_modifier(client, name="Oat milk", price=0.5)
    soy = make_modifier(client, name="Soy milk", price=0.3)
    milk = make_modifier_group(client, [oat, soy], minSelections=1, maxSelections=1)
    latte = make_product(client, name="Latte", price=4, modifierGroupIds=[milk["id"]])
    order = make_order(client)
    line = add_item(client, order, latte, 2, modifiers=[{"modifierOptionId": oat["id"]}])
    url = _item_url(order, line)
    changed = client.put(url, json={"modifiers": [{"modifierOptionId": soy["id"]}]})
    assert changed.status_code == 200, changed.text
    assert [m["name"] for m in changed.json()["modifiers"]] == ["Soy milk"]
    assert (changed.json()["total"], order_detail(client, order)["subtotal"]) == (8.6, 8.6)
    both = [{"modifierOptionId": oat["id"]}, {"modifierOptionId": soy["id"]}]
    problem(client.put(url, json={"modifiers": both}), 422, "modifier_selection_invalid")
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    body = {"modifiers": [{"modifierOptionId": oat["id"]}]}
    refused = problem(client.put(url, json=body), 409, "item_already_sent")
    assert "void it and ring it again" in refused["detail"]
    assert order_detail(client, order)["items"][0]["modifiers"][0]["name"] == "Soy milk"


def test_an_unsent_line_changes_its_variant(client: AppClient) -> None:
    latte = make_product(client, name="Latte", price=4)
    small, large = (
        client.post(f"/api/products/{latte['id']}/variants", json={"name": n, "price": p}).json()
        for n, p in (("Small", 3.5), ("Large", 4.5))
    )
    order = make_order(client)
    line = add_item(client, order, latte, variantId=small["id"])
    changed = client.put(_item_url(order, line), json={"variantId": large["id"]})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["name"], changed.json()["unitPrice"]) == ("Latte (Large)", 4.5)
    problem(client.put(_item_url(order, line), json={"variantId": None}), 422, "variant_required")


def test_the_receipt_shows_each_lines_seat(client: AppClient) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, name="Soup", price=6), seat=2)
    add_item(client, order, make_product(client, name="Bread", price=2))
    receipt = client.get(f"/api/orders/{order['id']}/receipt").text.splitlines()
    soup = next(n for n, line in enumerate(receipt) if "1 x Soup" in line)
    assert receipt[soup + 1].strip() == "Seat 2"
    assert [line.strip() for line in receipt].count("Seat 2") == 1
