"""Guests' rounds (docs/design.md §28): a visit orders onto its table's check, a server
confirms or declines the round where the restaurant asks, limits refuse a flood in words and
tell the staff, and an ended visit orders nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from brigade.settings import Settings
from events.api.event_helpers import all_events
from factories import OTHER_LOCATION, AppClient
from factories import make_product as any_product
from guests.api.guest_helpers import (
    Json,
    close_check,
    make_table,
    ok,
    open_check,
    order_round,
    serve_guests,
    start_visit,
    visit,
    waiting_rounds,
)
from orders.api.order_helpers import add_item, problem


def make_product(client: AppClient, **fields: Any) -> Json:
    """A product on the guests' menu."""
    return any_product(client, **({"guestVisible": True} | fields))


def _items(client: AppClient, order_id: str) -> list[Json]:
    items: list[Json] = ok(client.get(f"/api/orders/{order_id}"))["items"]
    return items


def _seated(client: AppClient, price: float = 12) -> tuple[Json, Json, Json]:
    """A table with its check (one item the server rang up and sent) and a phone's visit."""
    table = make_table(client)
    order = open_check(client, table, price=price)
    ok(client.post(f"/api/orders/{order['id']}/send"))
    return table, order, ok(start_visit(client, table), 201)


def test_a_round_waits_for_a_server_then_goes_to_the_kitchen(client: AppClient) -> None:
    serve_guests(client)
    _, order, started = _seated(client)
    burger = make_product(client, name="Burger", price=9.5)

    placed = ok(order_round(client, started["id"], {"productId": burger["id"], "quantity": 2,
                                                   "notes": "no onions"}), 201)  # fmt: skip
    assert (placed["status"], placed["total"], placed["reason"]) == ("WAITING", 19.0, None)
    assert placed["lines"] == [
        {"name": "Burger", "quantity": 2, "total": 19.0, "notes": "no onions"}
    ]
    # On the check, unsent: the kitchen has nothing of it yet.
    seen = ok(visit(client, started["id"]))
    assert [(line["name"], line["status"]) for line in seen["check"]["lines"]][-1] == (
        "Burger",
        "PENDING",
    )
    assert [r["status"] for r in seen["rounds"]] == ["WAITING"]

    [waiting] = waiting_rounds(client)
    assert (waiting["tableName"], waiting["orderId"], waiting["status"]) == (
        "T7",
        order["id"],
        "WAITING",
    )
    confirmed = ok(client.post(f"/api/guest-rounds/{waiting['id']}/confirm"))
    assert (confirmed["status"], confirmed["decidedBy"]) == (
        "SENT",
        "bootstrap admin (BRIGADE_ADMIN_TOKEN)",
    )
    [burgers] = [item for item in _items(client, order["id"]) if item["name"] == "Burger"]
    assert (burgers["status"], burgers["quantity"], burgers["notes"]) == ("SENT", 2, "no onions")
    assert waiting_rounds(client) == []
    assert [r["status"] for r in ok(visit(client, started["id"]))["rounds"]] == ["SENT"]
    problem(client.post(f"/api/guest-rounds/{waiting['id']}/confirm"), 409, "round_decided")
    types = [event["type"] for event in all_events(client)]
    assert types.index("guest.round_placed") < types.index("guest.round_confirmed")


def test_without_confirmation_a_round_goes_at_once_and_only_its_items(
    client: AppClient,
) -> None:
    serve_guests(client, confirm=False)
    table = make_table(client)
    order = open_check(client, table)  # the server's item, rung up, not sent yet
    started = ok(start_visit(client, table), 201)
    cola = make_product(client, name="Cola", price=3)

    placed = ok(order_round(client, started["id"], {"productId": cola["id"], "quantity": 1}), 201)
    assert placed["status"] == "SENT"
    statuses = {item["name"]: item["status"] for item in _items(client, order["id"])}
    assert statuses["Cola"] == "SENT"
    assert [status for name, status in statuses.items() if name != "Cola"] == ["PENDING"]
    assert waiting_rounds(client) == []


def test_a_round_at_an_empty_table_opens_its_check_for_every_phone_there(
    client: AppClient,
) -> None:
    serve_guests(client)
    table = make_table(client)
    first = ok(start_visit(client, table), 201)
    second = ok(start_visit(client, table), 201)
    soup = make_product(client, name="Soup", price=6)

    ok(order_round(client, first["id"], {"productId": soup["id"], "quantity": 1}), 201)
    check = ok(visit(client, first["id"]))["check"]
    assert [line["name"] for line in check["lines"]] == ["Soup"]
    # The other phone at the table was waiting for the check: it is bound to this one.
    assert ok(visit(client, second["id"]))["check"]["orderNumber"] == check["orderNumber"]
    [waiting] = waiting_rounds(client)
    assert ok(client.get(f"/api/orders/{waiting['orderId']}"))["tableId"] == table["id"]


def test_a_declined_round_comes_off_the_check_and_says_why(client: AppClient) -> None:
    serve_guests(client)
    _, order, started = _seated(client, price=12)
    wine = make_product(client, name="Wine", price=40)
    ok(order_round(client, started["id"], {"productId": wine["id"], "quantity": 3}), 201)
    assert ok(visit(client, started["id"]))["check"]["total"] > 12

    [waiting] = waiting_rounds(client)
    url = f"/api/guest-rounds/{waiting['id']}/decline"
    declined = ok(client.post(url, json={"reason": "Ask us about the wine"}))
    assert (declined["status"], declined["reason"]) == ("DECLINED", "Ask us about the wine")
    seen = ok(visit(client, started["id"]))
    assert "Wine" not in [line["name"] for line in seen["check"]["lines"]]
    assert seen["check"]["total"] == ok(client.get(f"/api/orders/{order['id']}"))["total"]
    [shown] = seen["rounds"]
    assert (shown["status"], shown["reason"]) == ("DECLINED", "Ask us about the wine")
    problem(client.post(f"/api/guest-rounds/{waiting['id']}/confirm"), 409, "round_decided")


def test_a_round_sent_with_the_check_is_too_late_to_decline(client: AppClient) -> None:
    serve_guests(client)
    _, order, started = _seated(client)
    fries = make_product(client, name="Fries", price=4)
    ok(order_round(client, started["id"], {"productId": fries["id"], "quantity": 1}), 201)
    ok(client.post(f"/api/orders/{order['id']}/send"))

    [waiting] = waiting_rounds(client)
    reason = {"reason": "no"}
    problem(client.post(f"/api/guest-rounds/{waiting['id']}/decline", json=reason), 409,
            "round_sent")  # fmt: skip
    # Confirming it sends nothing twice: the kitchen has it, the round is SENT.
    assert ok(client.post(f"/api/guest-rounds/{waiting['id']}/confirm"))["status"] == "SENT"
    assert [i["status"] for i in _items(client, order["id"]) if i["name"] == "Fries"] == ["SENT"]


def test_once_the_check_closes_the_visit_orders_nothing_onto_the_next(
    client: AppClient,
) -> None:
    serve_guests(client, confirm=False)
    table, order, started = _seated(client)
    close_check(client, order)
    following = open_check(client, table, price=30)
    tea = make_product(client, name="Tea", price=3)

    problem(order_round(client, started["id"], {"productId": tea["id"], "quantity": 1}), 410,
            "visit_ended")  # fmt: skip
    assert "Tea" not in [item["name"] for item in _items(client, following["id"])]


def test_a_round_reaches_its_own_locations_menu_only(client: AppClient) -> None:
    serve_guests(client)
    _, order, started = _seated(client)
    elsewhere = make_product(client, name="Elsewhere", locationId=OTHER_LOCATION)
    answer = order_round(client, started["id"], {"productId": elsewhere["id"], "quantity": 1})
    problem(answer, 403, "other_location")
    assert len(_items(client, order["id"])) == 1
    assert waiting_rounds(client) == []


def test_a_round_orders_from_the_guests_menu_only(client: AppClient) -> None:
    serve_guests(client)
    _, order, started = _seated(client)
    staff_meal = any_product(client, name="Staff meal")
    answer = order_round(client, started["id"], {"productId": staff_meal["id"], "quantity": 1})
    problem(answer, 404, "not_found")
    assert len(_items(client, order["id"])) == 1


def test_a_restaurant_showing_its_menu_takes_no_rounds(client: AppClient) -> None:
    serve_guests(client, "MENU")
    _, order, started = _seated(client)
    tea = make_product(client, name="Tea", price=3)
    problem(order_round(client, started["id"], {"productId": tea["id"], "quantity": 1}), 409,
            "guest_orders_not_taken")  # fmt: skip
    assert len(_items(client, order["id"])) == 1


@pytest.fixture
def tight_limits(client: AppClient, settings: Settings, monkeypatch: Any) -> None:
    limits = {
        "guest_rounds_per_10_minutes": 2,
        "guest_items_per_round": 5,
        "guest_visit_cap": Decimal(100),
    }
    monkeypatch.setattr(client.app.state, "settings", settings.model_copy(update=limits))


@pytest.mark.usefixtures("tight_limits")
def test_limits_refuse_a_flood_in_words_and_tell_the_staff_once(client: AppClient) -> None:
    serve_guests(client, confirm=False)
    _, order, started = _seated(client)
    tea = make_product(client, name="Tea", price=3)
    caviar = make_product(client, name="Caviar", price=98)

    def rounds(product: Json, quantity: int) -> Any:
        return order_round(
            client, started["id"], {"productId": product["id"], "quantity": quantity}
        )

    too_many = problem(rounds(tea, 6), 422, "round_over_limit")
    assert "at most 5 items" in too_many["detail"]
    ok(rounds(tea, 1), 201)
    over_cap = problem(rounds(caviar, 1), 422, "round_over_limit")
    assert "over what they may come to" in over_cap["detail"]
    ok(rounds(tea, 1), 201)
    problem(rounds(tea, 1), 429, "too_many_rounds")

    # Nothing refused reached the check; the staff heard of the first refusal only.
    names = [item["name"] for item in _items(client, order["id"])]
    assert names.count("Tea") == 2
    assert "Caviar" not in names
    refused = [e for e in all_events(client) if e["type"] == "guest.round_refused"]
    assert [e["data"]["reason"] for e in refused] == [too_many["detail"]]
    assert [r["status"] for r in ok(visit(client, started["id"]))["rounds"]] == [
        "REFUSED",
        "SENT",
        "SENT",
    ]


def test_another_visits_round_is_out_of_a_phones_reach(client: AppClient) -> None:
    """A visit's id is its only key: a made-up one reaches nothing."""
    serve_guests(client)
    _seated(client)
    tea = make_product(client, name="Tea", price=3)
    made_up = "00000000-0000-4000-8000-000000000000"
    problem(order_round(client, made_up, {"productId": tea["id"], "quantity": 1}), 404,
            "not_found")  # fmt: skip


def test_a_server_s_item_and_a_guests_round_share_the_check(client: AppClient) -> None:
    serve_guests(client, confirm=False)
    _, order, started = _seated(client, price=10)
    tea = make_product(client, name="Tea", price=3)
    ok(order_round(client, started["id"], {"productId": tea["id"], "quantity": 2}), 201)
    add_item(client, order, any_product(client, name="Cake", price=5))
    check = ok(visit(client, started["id"]))["check"]
    assert check["total"] == ok(client.get(f"/api/orders/{order['id']}"))["total"] == 21
    assert sorted(line["name"] for line in check["lines"] if line["name"] in ("Cake", "Tea")) == [
        "Cake",
        "Tea",
    ]
