"""The expo holds a ticket until its own bump (docs/design.md §19, §20): the stations' bumps
make their food READY at the pass and leave the ticket on the expo, each part marked done, the
guests' board still "preparing"; the expo's bump takes it off and makes the order ready. A
recall, or an item set back, after the hold; and a station changed in the back office told to
the location's kitchen screens (``kitchen_station.changed``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from sqlalchemy import update

from brigade.kit.db.engine import UnitOfWork
from brigade.orders.tables import order_items
from events.api.event_helpers import all_events
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_category,
    make_device,
    make_order,
    make_product,
)
from kitchen.api.station_helpers import Json, board, make_station, ok
from orders.api.order_helpers import add_item


def _last_event(client: AppClient) -> int:
    found = all_events(client)
    return found[-1]["id"] if found else 0


def _events_since(client: AppClient, before: int) -> list[str]:
    return [event["type"] for event in all_events(client, after=before)]


def _pickup(client: AppClient) -> tuple[list[str], list[str]]:
    shown = ok(client.get("/api/pickup-board", params={"locationId": LOCATION}))
    return (
        [order["orderNumber"] for order in shown["preparing"]],
        [order["orderNumber"] for order in shown["ready"]],
    )


def _statuses(client: AppClient, order: Json) -> list[str]:
    return [item["status"] for item in ok(client.get(f"/api/orders/{order['id']}"))["items"]]


def _display(client: AppClient, station: Json) -> dict[str, str]:
    device = make_device(client, "KITCHEN_DISPLAY")
    ok(client.put(f"/api/devices/{device['id']}/station", json={"stationId": station["id"]}))
    return bearer(device["token"])


def _held_kitchen(client: AppClient) -> dict[str, Any]:
    """A grill (Mains), a bar (Drinks) and an expo, each on a display of its own; a takeout of
    a burger and a beer, sent."""
    mains = make_category(client, name="Mains")
    drinks = make_category(client, name="Drinks")
    grill = make_station(client, "Grill", categoryIds=[mains["id"]])
    bar = make_station(client, "Bar", categoryIds=[drinks["id"]])
    expo = make_station(client, "Expo", isExpo=True)
    order = make_order(client, orderType="TAKEOUT", tableId=None)
    burger = add_item(client, order, make_product(client, name="Burger", categoryId=mains["id"]))
    beer = add_item(client, order, make_product(client, name="Beer", categoryId=drinks["id"]))
    ticket: str = ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    return {
        "order": order,
        "ticket": ticket,
        "burger": burger,
        "beer": beer,
        "screens": {name: _display(client, s) for name, s in (("grill", grill), ("bar", bar))}
        | {"expo": _display(client, expo)},
    }


def _bump(client: AppClient, ticket: str, screen: dict[str, str]) -> Json:
    return ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=screen))


def _recall(client: AppClient, ticket: str, screen: dict[str, str]) -> Json:
    return ok(client.post(f"/api/kitchen/tickets/{ticket}/recall", headers=screen))


def _parts(shown: Json) -> dict[str, bool]:
    """Each station's part: bumped or not."""
    return {part["name"]: part["bumpedAt"] is not None for part in shown["stations"]}


def test_the_expo_holds_a_ticket_until_its_own_bump(client: AppClient) -> None:
    kitchen = _held_kitchen(client)
    ticket, order, screens = kitchen["ticket"], kitchen["order"], kitchen["screens"]
    number = order["orderNumber"]
    assert _pickup(client) == ([number], [])

    before = _last_event(client)
    _bump(client, ticket, screens["grill"])
    last = _bump(client, ticket, screens["bar"])
    # Every part is bumped: the food is READY at the pass, the ticket still on the expo.
    assert last["bumpedAt"] is None
    assert _events_since(client, before) == [
        "item.updated",
        "kitchen_ticket.station_bumped",
        "item.updated",
        "kitchen_ticket.station_bumped",
    ]
    assert _statuses(client, order) == ["READY", "READY"]
    (held,) = board(client, screens["expo"])["tickets"]
    assert (held["id"], held["bumpedAt"], _parts(held)) == (
        ticket,
        None,
        {"Bar": True, "Grill": True},
    )
    assert [item["status"] for item in held["items"]] == ["READY", "READY"]
    assert [t["id"] for t in board(client)["tickets"]] == [ticket]
    assert board(client, screens["grill"])["tickets"] == []
    assert board(client, screens["bar"])["tickets"] == []
    # The guests do not see it ready until the expo has checked it.
    assert _pickup(client) == ([number], [])

    before = _last_event(client)
    passed = _bump(client, ticket, screens["expo"])
    assert passed["bumpedAt"] is not None
    assert _events_since(client, before) == ["kitchen_ticket.bumped"]
    assert board(client, screens["expo"])["tickets"] == []
    assert board(client, screens["expo"])["lastBumped"]["id"] == ticket
    assert _pickup(client) == ([], [number])
    # Bumping again changes nothing and says nothing.
    before = _last_event(client)
    assert _bump(client, ticket, screens["expo"]) == passed
    assert _events_since(client, before) == []


def test_the_expo_may_pass_a_ticket_before_every_station_bumped(client: AppClient) -> None:
    kitchen = _held_kitchen(client)
    ticket, order, screens = kitchen["ticket"], kitchen["order"], kitchen["screens"]
    _bump(client, ticket, screens["grill"])
    before = _last_event(client)
    _bump(client, ticket, screens["expo"])
    # The bar's beer is made READY by the expo's bump, as a whole bump does.
    assert _events_since(client, before) == ["item.updated", "kitchen_ticket.bumped"]
    assert _statuses(client, order) == ["READY", "READY"]
    for screen in screens.values():
        assert board(client, screen)["tickets"] == []
    assert _pickup(client) == ([], [order["orderNumber"]])


def test_a_ticket_held_longer_than_the_boards_window_is_ready_from_the_expos_bump(
    client: AppClient,
) -> None:
    """The food was at the pass 20 minutes before the expo bumped: the guests' board shows
    the order ready from the bump, not from when the stations bumped (it would never show)."""
    kitchen = _held_kitchen(client)
    ticket, order, screens = kitchen["ticket"], kitchen["order"], kitchen["screens"]
    _bump(client, ticket, screens["grill"])
    _bump(client, ticket, screens["bar"])

    async def age(uow: UnitOfWork) -> None:
        connection = await uow.connection()
        moment = datetime.now(UTC) - timedelta(minutes=20)
        await connection.execute(
            update(order_items)
            .where(order_items.c.order_id == UUID(order["id"]))
            .values(updated_at=moment)
        )

    in_transaction(client, age)
    assert _pickup(client) == ([order["orderNumber"]], [])
    before = datetime.now(UTC)
    _bump(client, ticket, screens["expo"])
    ready = ok(client.get("/api/pickup-board", params={"locationId": LOCATION}))["ready"]
    assert [shown["orderNumber"] for shown in ready] == [order["orderNumber"]]
    assert datetime.fromisoformat(ready[0]["readyAt"]) >= before - timedelta(seconds=1)


def test_a_recall_after_the_hold_holds_the_ticket_again(client: AppClient) -> None:
    kitchen = _held_kitchen(client)
    ticket, order, screens = kitchen["ticket"], kitchen["order"], kitchen["screens"]
    number = order["orderNumber"]
    _bump(client, ticket, screens["grill"])
    _bump(client, ticket, screens["bar"])

    # The grill takes its bump back while the expo holds the ticket: back on the grill's
    # board, still on the expo's, its part cooking again; the ticket was never bumped.
    before = _last_event(client)
    assert _recall(client, ticket, screens["grill"])["bumpedAt"] is None
    assert _events_since(client, before) == ["kitchen_ticket.station_recalled"]
    assert [t["id"] for t in board(client, screens["grill"])["tickets"]] == [ticket]
    (held,) = board(client, screens["expo"])["tickets"]
    assert _parts(held) == {"Bar": True, "Grill": False}
    _bump(client, ticket, screens["grill"])

    # The expo passes it, then recalls it: back on every board with every part cleared, and
    # the guests' board shows it preparing again (held until the expo's next bump). Items
    # keep their status.
    _bump(client, ticket, screens["expo"])
    assert _pickup(client) == ([], [number])
    before = _last_event(client)
    back = _recall(client, ticket, screens["expo"])
    assert back["bumpedAt"] is None
    assert _parts(back) == {"Bar": False, "Grill": False}
    assert _events_since(client, before) == ["kitchen_ticket.recalled"]
    for screen in screens.values():
        assert [t["id"] for t in board(client, screen)["tickets"]] == [ticket]
    assert _statuses(client, order) == ["READY", "READY"]
    assert _pickup(client) == ([number], [])

    # A station recalls its part of a passed ticket: back on its board and the expo's.
    for name in ("grill", "bar", "expo"):
        _bump(client, ticket, screens[name])
    before = _last_event(client)
    _recall(client, ticket, screens["bar"])
    assert _events_since(client, before) == [
        "kitchen_ticket.station_recalled",
        "kitchen_ticket.recalled",
    ]
    (held,) = board(client, screens["expo"])["tickets"]
    assert _parts(held) == {"Bar": False, "Grill": True}
    assert board(client, screens["grill"])["tickets"] == []
    assert _pickup(client) == ([number], [])


def test_an_item_sent_back_from_the_pass_is_on_its_stations_board_again(
    client: AppClient,
) -> None:
    """The expo finds the burger wrong and taps it back to PREPARING (the kitchen's undo): the
    grill's bump is taken back so the grill makes it again; the bar's stays."""
    kitchen = _held_kitchen(client)
    ticket, order, screens = kitchen["ticket"], kitchen["order"], kitchen["screens"]
    _bump(client, ticket, screens["grill"])
    _bump(client, ticket, screens["bar"])

    before = _last_event(client)
    url = f"/api/orders/{order['id']}/items/{kitchen['burger']['id']}"
    ok(client.put(url, json={"status": "PREPARING"}, headers=screens["expo"]))
    assert _events_since(client, before) == ["item.updated", "kitchen_ticket.station_recalled"]
    (at_grill,) = board(client, screens["grill"])["tickets"]
    assert [item["status"] for item in at_grill["items"]] == ["PREPARING"]
    (held,) = board(client, screens["expo"])["tickets"]
    assert _parts(held) == {"Bar": True, "Grill": False}
    assert board(client, screens["bar"])["tickets"] == []

    # Once passed, an item set back brings the ticket back too (docs/design.md §21).
    _bump(client, ticket, screens["grill"])
    _bump(client, ticket, screens["expo"])
    before = _last_event(client)
    beer = f"/api/orders/{order['id']}/items/{kitchen['beer']['id']}"
    ok(client.put(beer, json={"status": "PREPARING"}, headers=screens["expo"]))
    assert _events_since(client, before) == [
        "item.updated",
        "kitchen_ticket.station_recalled",
        "kitchen_ticket.recalled",
    ]
    assert [t["id"] for t in board(client, screens["bar"])["tickets"]] == [ticket]
    assert board(client, screens["grill"])["tickets"] == []
    assert _pickup(client) == ([order["orderNumber"]], [])


def test_without_an_expo_the_last_part_is_ready_for_the_guests_at_once(client: AppClient) -> None:
    mains = make_category(client, name="Mains")
    drinks = make_category(client, name="Drinks")
    grill = make_station(client, "Grill", categoryIds=[mains["id"]])
    bar = make_station(client, "Bar", categoryIds=[drinks["id"]])
    order = make_order(client, orderType="TAKEOUT", tableId=None)
    add_item(client, order, make_product(client, categoryId=mains["id"]))
    add_item(client, order, make_product(client, categoryId=drinks["id"]))
    ticket = ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", params={"stationId": grill["id"]}))
    assert _pickup(client) == ([order["orderNumber"]], [])
    last = ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", params={"stationId": bar["id"]}))
    assert last["bumpedAt"] is not None
    assert _pickup(client) == ([], [order["orderNumber"]])


# --- a station changed in the back office (kitchen_station.changed) ---------------------------


def _station_events(client: AppClient, before: int, **params: Any) -> list[Json]:
    return [
        event
        for event in all_events(client, after=before, **params)
        if event["type"] == "kitchen_station.changed"
    ]


def test_every_change_of_a_station_is_told_to_the_locations_screens(client: AppClient) -> None:
    mains = make_category(client, name="Mains")
    display = make_device(client, "KITCHEN_DISPLAY")
    screen = bearer(display["token"])
    before = _last_event(client)

    grill = make_station(client, "Grill")
    url = f"/api/kitchen/stations/{grill['id']}"
    ok(client.patch(url, json={"categoryIds": [mains["id"]]}))
    # The same again changes nothing and says nothing.
    ok(client.patch(url, json={"categoryIds": [mains["id"]]}))
    device_url = f"/api/devices/{display['id']}/station"
    ok(client.put(device_url, json={"stationId": grill["id"]}))
    ok(client.put(device_url, json={"stationId": grill["id"]}))
    expo = make_station(client, "Expo", isExpo=True)
    ok(client.put(device_url, json={"stationId": expo["id"]}))
    ok(client.delete(f"/api/kitchen/stations/{expo['id']}"))
    make_station(client, "Far", locationId=OTHER_LOCATION)

    # The kitchen display reads them on its stream (its own location's only).
    seen = _station_events(client, before, headers=screen)
    assert [
        (e["entityId"], e["data"]["name"], e["data"]["deviceIds"], e["data"]["deleted"])
        for e in seen
    ] == [
        (grill["id"], "Grill", [], False),
        (grill["id"], "Grill", [], False),
        (grill["id"], "Grill", [display["id"]], False),
        (expo["id"], "Expo", [], False),
        # Given another station: the one it left, then the one it shows.
        (grill["id"], "Grill", [], False),
        (expo["id"], "Expo", [display["id"]], False),
        (expo["id"], "Expo", [], True),
    ]
    assert seen[1]["data"]["categoryIds"] == [mains["id"]]
    assert seen[3]["data"]["isExpo"] is True
    assert {e["locationId"] for e in seen} == {LOCATION}
    # What the display reads once told: its board is the station's it shows now (none left).
    assert board(client, screen)["station"] is None
    # The guests' board is told too, bare: an expo made or deleted holds food at the pass.
    guests = bearer(make_device(client, "BOARD")["token"])
    bare = _station_events(client, before, headers=guests)
    assert [(e["entityId"], e["data"]) for e in bare] == [(e["entityId"], {}) for e in seen]
