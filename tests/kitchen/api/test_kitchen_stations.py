"""Kitchen stations (docs/design.md §19): set up by a manager at their location, each kitchen
display's station, and what a station's board, bump and recall do with its part of a ticket;
the expo's with the whole."""

from __future__ import annotations

import uuid

import pytest

from brigade.kitchen.service import tickets as tickets_service
from events.api.event_helpers import all_events
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_category,
    make_device,
    make_order,
    make_product,
    make_session,
)
from kitchen.api.station_helpers import Json, board, make_station, ok, send
from orders.api.order_helpers import add_item, problem


def _statuses(client: AppClient, order: Json) -> dict[str, str]:
    items = ok(client.get(f"/api/orders/{order['id']}"))["items"]
    return {item["id"]: item["status"] for item in items}


def _events_since(client: AppClient, before: int) -> list[str]:
    return [event["type"] for event in all_events(client, after=before)]


def _last_event(client: AppClient) -> int:
    found = all_events(client)
    return found[-1]["id"] if found else 0


def test_a_manager_sets_up_lists_changes_and_removes_stations(client: AppClient) -> None:
    mains = make_category(client, name="Mains")
    created = client.post(
        "/api/kitchen/stations",
        json={"locationId": LOCATION, "name": "Grill", "categoryIds": [mains["id"], mains["id"]]},
    )
    grill = ok(created, 201)
    assert created.headers["Location"] == f"/api/kitchen/stations/{grill['id']}"
    assert (grill["name"], grill["categoryIds"], grill["isExpo"]) == ("Grill", [mains["id"]], False)
    expo = make_station(client, "Expo", isExpo=True)
    make_station(client, "Elsewhere", locationId=OTHER_LOCATION)

    listed = ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    assert [(s["name"], s["deviceIds"]) for s in listed] == [("Expo", []), ("Grill", [])]

    url = f"/api/kitchen/stations/{grill['id']}"
    changed = ok(client.patch(url, json={"name": "Hot line", "categoryIds": []}))
    assert (changed["name"], changed["categoryIds"]) == ("Hot line", [])
    assert changed["updatedAt"] > grill["updatedAt"]
    assert ok(client.delete(f"/api/kitchen/stations/{expo['id']}"))["success"] is True
    listed = ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    assert [s["name"] for s in listed] == ["Hot line"]
    problem(client.delete(f"/api/kitchen/stations/{expo['id']}"), 404, "not_found")
    problem(client.patch(f"/api/kitchen/stations/{uuid.uuid4()}", json={}), 404, "not_found")


def test_a_station_refuses_what_it_cannot_make_and_changes_nothing(client: AppClient) -> None:
    elsewhere = make_category(client, locationId=OTHER_LOCATION)
    mains = make_category(client)
    stations = "/api/kitchen/stations"
    refused = [
        client.post(stations, json={"locationId": LOCATION, "name": "X", "categoryIds": [s]})
        for s in (elsewhere["id"], str(uuid.uuid4()))
    ]
    refused.append(
        client.post(
            stations,
            json={
                "locationId": LOCATION,
                "name": "Pass",
                "isExpo": True,
                "categoryIds": [mains["id"]],
            },
        )
    )
    for response in refused:
        assert problem(response, 422, "validation_failed")["errors"][0]["field"] == "categoryIds"
    problem(
        client.post(stations, json={"locationId": LOCATION, "name": ""}), 422, "validation_failed"
    )
    problem(client.get(stations), 422, "validation_failed")
    expo = make_station(client, "Expo", isExpo=True)
    problem(
        client.patch(f"{stations}/{expo['id']}", json={"categoryIds": [mains["id"]]}),
        422,
        "validation_failed",
    )
    assert [
        s["name"] for s in ok(client.get(stations, params={"locationId": LOCATION}))["data"]
    ] == ["Expo"]


def test_stations_are_a_managers_at_their_own_location(client: AppClient) -> None:
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    manager = bearer(make_session(client, "MANAGER", terminal))
    here = make_station(client, "Grill")
    stations = "/api/kitchen/stations"
    refused = [
        client.post(stations, json={"locationId": LOCATION, "name": "Bar"}, headers=manager),
        client.get(stations, params={"locationId": LOCATION}, headers=manager),
        client.patch(f"{stations}/{here['id']}", json={"name": "X"}, headers=manager),
        client.delete(f"{stations}/{here['id']}", headers=manager),
    ]
    assert [(r.status_code, r.json()["code"]) for r in refused] == [(403, "other_location")] * 4
    # Its own location's: the list needs no locationId.
    mine = ok(
        client.post(stations, json={"locationId": OTHER_LOCATION, "name": "Bar"}, headers=manager),
        201,
    )
    listed = ok(client.get(stations, headers=manager))["data"]
    assert [s["id"] for s in listed] == [mine["id"]]
    display = bearer(make_device(client, "KITCHEN_DISPLAY")["token"])
    problem(
        client.post(stations, json={"locationId": LOCATION, "name": "Y"}, headers=display),
        403,
        "forbidden",
    )
    assert ok(client.get(stations, params={"locationId": LOCATION}))["data"][0]["name"] == "Grill"


def test_a_kitchen_display_is_given_a_station_of_its_location_and_reads_it(
    client: AppClient,
) -> None:
    grill = make_station(client, "Grill")
    elsewhere = make_station(client, "Far", locationId=OTHER_LOCATION)
    display = make_device(client, "KITCHEN_DISPLAY")
    token = bearer(display["token"])
    url = f"/api/devices/{display['id']}/station"
    assert ok(client.get("/api/kitchen/stations/mine", headers=token)) == {"station": None}

    assert ok(client.put(url, json={"stationId": grill["id"]}))["station"]["id"] == grill["id"]
    assert ok(client.get("/api/kitchen/stations/mine", headers=token))["station"] == grill
    listed = ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    assert listed[0]["deviceIds"] == [display["id"]]
    # Its board is its station's.
    assert board(client, token)["station"] == grill
    assert board(client)["station"] is None

    refused = client.put(url, json={"stationId": elsewhere["id"]})
    assert problem(refused, 422, "validation_failed")["errors"][0]["field"] == "stationId"
    terminal = make_device(client)
    problem(
        client.put(f"/api/devices/{terminal['id']}/station", json={"stationId": grill["id"]}),
        422,
        "validation_failed",
    )
    problem(
        client.put(f"/api/devices/{uuid.uuid4()}/station", json={"stationId": None}),
        404,
        "not_found",
    )
    assert ok(client.get("/api/kitchen/stations/mine", headers=token))["station"] == grill

    assert ok(client.put(url, json={"stationId": None})) == {"station": None}
    assert ok(client.get("/api/kitchen/stations/mine", headers=token)) == {"station": None}
    # A station deleted: its displays show every station's work again.
    ok(client.put(url, json={"stationId": grill["id"]}))
    ok(client.delete(f"/api/kitchen/stations/{grill['id']}"))
    assert ok(client.get("/api/kitchen/stations/mine", headers=token)) == {"station": None}


def _kitchen(client: AppClient, *, expo: bool = True) -> tuple[Json, Json, Json, Json, Json]:
    """A grill making Mains (the burger is in Grill, a subcategory of it), a bar making Drinks,
    an expo (unless ``expo`` is false); a ticket with a burger and a beer."""
    mains = make_category(client, name="Mains")
    burgers = make_category(client, name="Burgers", parentCategoryId=mains["id"])
    drinks = make_category(client, name="Drinks")
    grill = make_station(client, "Grill", categoryIds=[mains["id"]])
    bar = make_station(client, "Bar", categoryIds=[drinks["id"]])
    stations = {"grill": grill, "bar": bar}
    if expo:
        stations["expo"] = make_station(client, "Expo", isExpo=True)
    order = make_order(client)
    burger = add_item(client, order, make_product(client, name="Burger", categoryId=burgers["id"]))
    beer = add_item(client, order, make_product(client, name="Beer", categoryId=drinks["id"]))
    ticket = send(client, order)
    return stations, order, burger, beer, {"ticket": ticket}


def _display(client: AppClient, station: Json) -> dict[str, str]:
    device = make_device(client, "KITCHEN_DISPLAY")
    ok(client.put(f"/api/devices/{device['id']}/station", json={"stationId": station["id"]}))
    return bearer(device["token"])


def test_each_station_sees_its_part_bumps_it_and_the_last_part_bumps_the_ticket(
    client: AppClient,
) -> None:
    """Without an expo: the whole board (no station) shows each station's state."""
    stations, order, burger, beer, made = _kitchen(client, expo=False)
    ticket = made["ticket"]
    grill_screen = _display(client, stations["grill"])
    bar = {"stationId": stations["bar"]["id"]}

    (on_grill,) = board(client, grill_screen)["tickets"]
    assert [item["itemId"] for item in on_grill["items"]] == [burger["id"]]
    assert on_grill["items"][0]["stationIds"] == [stations["grill"]["id"]]
    (on_bar,) = board(client, **bar)["tickets"]
    assert [item["itemId"] for item in on_bar["items"]] == [beer["id"]]
    whole_board = board(client)
    (whole,) = whole_board["tickets"]
    assert whole_board["station"] is None
    assert [item["itemId"] for item in whole["items"]] == [burger["id"], beer["id"]]
    assert whole["stations"] == [
        {"stationId": stations["bar"]["id"], "name": "Bar", "bumpedAt": None},
        {"stationId": stations["grill"]["id"], "name": "Grill", "bumpedAt": None},
    ]

    before = _last_event(client)
    bumped = ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=grill_screen))
    assert [item["itemId"] for item in bumped["items"]] == [burger["id"]]
    assert bumped["bumpedAt"] is None
    assert _statuses(client, order) == {burger["id"]: "READY", beer["id"]: "SENT"}
    assert _events_since(client, before) == ["item.updated", "kitchen_ticket.station_bumped"]
    grill_board = board(client, grill_screen)
    assert grill_board["tickets"] == []
    assert grill_board["lastBumped"]["id"] == ticket
    assert [t["id"] for t in board(client, **bar)["tickets"]] == [ticket]
    (whole,) = board(client)["tickets"]
    grill_part = next(p for p in whole["stations"] if p["name"] == "Grill")
    assert grill_part["bumpedAt"] is not None
    # Bumping its part again changes nothing and says nothing.
    after = _last_event(client)
    assert ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=grill_screen)) == bumped
    assert _events_since(client, after) == []

    before = _last_event(client)
    last = ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", params=bar))
    assert last["bumpedAt"] is not None
    assert [item["itemId"] for item in last["items"]] == [beer["id"]]
    assert _statuses(client, order) == {burger["id"]: "READY", beer["id"]: "READY"}
    assert _events_since(client, before) == [
        "item.updated",
        "kitchen_ticket.station_bumped",
        "kitchen_ticket.bumped",
    ]
    for shown in (board(client, **bar), board(client)):
        assert shown["tickets"] == []
    assert board(client)["lastBumped"]["id"] == ticket

    # The grill recalls its part: the ticket is back, on the grill's board and the whole one.
    before = _last_event(client)
    back = ok(client.post(f"/api/kitchen/tickets/{ticket}/recall", headers=grill_screen))
    assert back["bumpedAt"] is None
    assert [item["itemId"] for item in back["items"]] == [burger["id"]]
    assert _events_since(client, before) == [
        "kitchen_ticket.station_recalled",
        "kitchen_ticket.recalled",
    ]
    assert [t["id"] for t in board(client, grill_screen)["tickets"]] == [ticket]
    assert board(client, **bar)["tickets"] == []
    (whole,) = board(client)["tickets"]
    assert [p["bumpedAt"] is None for p in whole["stations"]] == [False, True]
    # Items keep their status: it only moves forward.
    assert _statuses(client, order) == {burger["id"]: "READY", beer["id"]: "READY"}


def test_the_expo_bumps_and_recalls_the_whole_ticket(client: AppClient) -> None:
    stations, order, burger, beer, made = _kitchen(client)
    ticket = made["ticket"]
    expo_screen = _display(client, stations["expo"])
    grill = {"stationId": stations["grill"]["id"]}
    ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", params=grill))

    before = _last_event(client)
    bumped = ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=expo_screen))
    assert bumped["bumpedAt"] is not None
    assert [item["itemId"] for item in bumped["items"]] == [burger["id"], beer["id"]]
    assert _statuses(client, order) == {burger["id"]: "READY", beer["id"]: "READY"}
    assert _events_since(client, before) == ["item.updated", "kitchen_ticket.bumped"]
    for params in (grill, {"stationId": stations["bar"]["id"]}, {}):
        assert board(client, **params)["tickets"] == []
    assert board(client, expo_screen)["tickets"] == []

    before = _last_event(client)
    back = ok(client.post(f"/api/kitchen/tickets/{ticket}/recall", headers=expo_screen))
    assert back["bumpedAt"] is None
    assert [part["bumpedAt"] for part in back["stations"]] == [None, None]
    assert _events_since(client, before) == ["kitchen_ticket.recalled"]
    for params in (grill, {"stationId": stations["bar"]["id"]}, {}):
        assert [t["id"] for t in board(client, **params)["tickets"]] == [ticket]


def test_a_station_acts_only_on_its_part_of_its_locations_tickets(client: AppClient) -> None:
    stations, _order, _burger, _beer, made = _kitchen(client)
    ticket = made["ticket"]
    drinks_only = make_order(client)
    water = make_product(client, categoryId=stations["bar"]["categoryIds"][0])
    add_item(client, drinks_only, water)
    bar_ticket = send(client, drinks_only)
    grill = {"stationId": stations["grill"]["id"]}
    assert [t["id"] for t in board(client, **grill)["tickets"]] == [ticket]

    for action in ("bump", "recall"):
        refused = client.post(f"/api/kitchen/tickets/{bar_ticket}/{action}", params=grill)
        assert problem(refused, 422, "validation_failed")["errors"][0]["field"] == "stationId"
    far = make_station(client, "Far", locationId=OTHER_LOCATION)
    problem(
        client.post(f"/api/kitchen/tickets/{ticket}/bump", params={"stationId": far["id"]}),
        422,
        "validation_failed",
    )
    unknown = {"locationId": LOCATION, "stationId": str(uuid.uuid4())}
    problem(client.get("/api/kitchen/board", params=unknown), 422, "validation_failed")
    # Nothing changed.
    assert [t["id"] for t in board(client)["tickets"]] == [ticket, bar_ticket]


def test_an_item_no_station_claims_goes_to_every_station_but_the_expo(client: AppClient) -> None:
    drinks = make_category(client)
    grill = make_station(client, "Grill", categoryIds=[make_category(client)["id"]])
    bar = make_station(client, "Bar", categoryIds=[drinks["id"]])
    make_station(client, "Expo", isExpo=True)
    order = make_order(client)
    bread = add_item(client, order, make_product(client, name="Bread"))
    ticket = send(client, order)
    for station in (grill, bar):
        (shown,) = board(client, stationId=station["id"])["tickets"]
        assert [item["itemId"] for item in shown["items"]] == [bread["id"]]
    # A station naming no category makes every item: then only it takes the bread.
    line = make_station(client, "Line")
    (shown,) = board(client)["tickets"]
    assert shown["id"] == ticket
    assert shown["items"][0]["stationIds"] == [line["id"]]
    assert board(client, stationId=grill["id"])["tickets"] == []


def test_without_stations_the_board_and_a_bump_are_as_before(client: AppClient) -> None:
    order = make_order(client)
    item = add_item(client, order, make_product(client))
    ticket = send(client, order)
    display = bearer(make_device(client, "KITCHEN_DISPLAY")["token"])
    shown = board(client, display)
    assert shown["station"] is None
    assert shown["tickets"][0]["stations"] == []
    before = _last_event(client)
    bumped = ok(client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=display))
    assert bumped["bumpedAt"] is not None
    assert _statuses(client, order) == {item["id"]: "READY"}
    assert _events_since(client, before) == ["item.updated", "kitchen_ticket.bumped"]


def test_a_stations_board_reads_past_a_batch_of_other_stations_tickets(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board holds at most ``BOARD_LIMIT`` tickets; a station's is read in batches of the
    location's open sends until it holds that many of its own (here 3: the bar's two tickets
    come after four of the grill's)."""
    monkeypatch.setattr(tickets_service, "BOARD_LIMIT", 3)
    stations, _, _, _, made = _kitchen(client)
    grill_only = make_product(client, name="Steak", categoryId=stations["grill"]["categoryIds"][0])
    beer_only = make_product(client, name="Cider", categoryId=stations["bar"]["categoryIds"][0])
    sent = [made["ticket"]]
    for product in (grill_only, grill_only, grill_only, beer_only, beer_only):
        order = make_order(client)
        add_item(client, order, product)
        sent.append(send(client, order))
    bar = {"stationId": stations["bar"]["id"]}
    assert [t["id"] for t in board(client, **bar)["tickets"]] == [sent[0], sent[4], sent[5]]
    grill = {"stationId": stations["grill"]["id"]}
    assert [t["id"] for t in board(client, **grill)["tickets"]] == sent[:3]
    assert [t["id"] for t in board(client)["tickets"]] == sent[:3]
    ok(client.post(f"/api/kitchen/tickets/{sent[0]}/bump", params=bar))
    assert [t["id"] for t in board(client, **bar)["tickets"]] == [sent[4], sent[5]]
