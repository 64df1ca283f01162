"""The night that broke the books (issue 50) and what the state machines found since, one named
test each (docs/design.md §25): a VAT-inclusive location at 10 % and 20 % with an automatic
12.5 % service charge, seats, splits, moves, merges, tips and a Z."""

from __future__ import annotations

from typing import Any

from books import cents, conservation_problems, order_problems
from factories import LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import add_item, order_detail, pay

Json = dict[str, Any]


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _vat_night(client: AppClient, *, service: bool = True) -> Json:
    """The location's terms and menu: VAT inside the prices, food 10 %, drinks 20 %, service
    12.5 % on parties of four or more (taxed as food)."""
    profile = {"name": "Brasserie", "timezone": "UTC", "currency": "EUR", "taxMode": "INCLUSIVE"}
    _ok(client.put(f"/api/locations/{LOCATION}", json=profile))
    at = {"locationId": LOCATION}
    food = _ok(client.post("/api/tax-rates", json=at | {"name": "Food", "rate": 0.1}), 201)
    drinks = _ok(client.post("/api/tax-rates", json=at | {"name": "Drinks", "rate": 0.2}), 201)
    if service:
        charge = at | {"name": "Service", "rate": 0.125, "automatic": True, "minGuests": 4}
        _ok(client.post("/api/service-charges", json=charge | {"taxRateId": food["id"]}), 201)
    kitchen = _ok(client.post("/api/categories", json=at | {"name": "Kitchen"}), 201)
    bar = _ok(client.post("/api/categories", json=at | {"name": "Bar"}), 201)
    for name, category, expo in (("Grill", [kitchen["id"]], False), ("Bar", [bar["id"]], False)):
        body = at | {"name": name, "categoryIds": category, "isExpo": expo}
        _ok(client.post("/api/kitchen/stations", json=body), 201)
    _ok(client.post("/api/kitchen/stations", json=at | {"name": "Expo", "isExpo": True}), 201)
    return {
        "steak": make_product(
            client, name="Steak", price=15, taxRateId=food["id"], categoryId=kitchen["id"]
        ),
        "malbec": make_product(
            client, name="Malbec", price=36, taxRateId=drinks["id"], categoryId=bar["id"]
        ),
        "soup": make_product(
            client, name="Soup", price=7.5, taxRateId=food["id"], categoryId=kitchen["id"]
        ),
    }


def _tax(order: Json, name: str) -> float:
    """The check's tax at the rate ``name`` (0 when it has nothing at it)."""
    found: float = next((t["taxAmount"] for t in order["taxes"] if t["name"] == name), 0)
    return found


def _books_kept(*orders: Json) -> None:
    assert not [problem for order in orders for problem in order_problems(order)]


def _board(client: AppClient, **params: Any) -> Json:
    board: Json = _ok(client.get("/api/kitchen/board", params={"locationId": LOCATION} | params))
    return board


def test_a_line_moved_off_a_check_with_service_carries_its_own_vat(client: AppClient) -> None:
    """Was: the destination at 20 % showed VAT 6.18 on 36.00; it is 6.00."""
    menu = _vat_night(client)
    party = make_order(client, guestCount=4)
    add_item(client, party, menu["steak"], 2)
    bottle = add_item(client, party, menu["malbec"])
    bar = make_order(client, guestCount=1)
    body = {"itemIds": [bottle["id"]], "toOrderId": bar["id"]}
    before = [order_detail(client, party), order_detail(client, bar)]
    source, target = _ok(client.post(f"/api/orders/{party['id']}/items/move", json=body))["orders"]
    assert _tax(target, "Drinks") == 6.00
    assert not conservation_problems(before, [source, target])
    _books_kept(source, target)


def test_a_split_check_of_fifteen_at_ten_percent_holds_1_36_of_vat(client: AppClient) -> None:
    """Was: 1.37 (the source's rounding carried over); 15.00 x 0.1 / 1.1 is 1.36."""
    menu = _vat_night(client, service=False)
    order = make_order(client, guestCount=2)
    steak = add_item(client, order, menu["steak"])
    add_item(client, order, menu["soup"], 3)
    body = {"items": [{"itemId": steak["id"]}]}
    source, new = _ok(client.post(f"/api/orders/{order['id']}/split", json=body), 201)["orders"]
    assert (new["total"], _tax(new, "Food")) == (15, 1.36)
    _books_kept(source, new)


def test_a_merge_keeps_each_rates_vat_and_each_lines_discount(client: AppClient) -> None:
    """Was: a merged check showed 11.93 of VAT instead of its own; the discount of one check
    moved onto the other's lines (and their rate). The state machine found the second."""
    menu = _vat_night(client, service=False)
    food = make_order(client, guestCount=2)
    add_item(client, food, menu["steak"])
    _ok(client.post(f"/api/orders/{food['id']}/discount", json={"discountAmount": 1.5}))
    wine = make_order(client, guestCount=2)
    add_item(client, wine, menu["malbec"])
    before = [order_detail(client, food), order_detail(client, wine)]
    kept, closed = _ok(
        client.post(f"/api/orders/{food['id']}/merge", json={"orderId": wine["id"]})
    )["orders"]
    assert (_tax(kept, "Food"), _tax(kept, "Drinks")) == (
        _tax(before[0], "Food"),
        _tax(before[1], "Drinks"),
    )
    # The steak keeps the discount it had; the bottle brought none.
    assert sorted(i["discountAmount"] for i in kept["items"]) == [0, 1.5]
    assert kept["guestCount"] == 4
    assert not conservation_problems(before, [kept, closed])
    _books_kept(kept)


def test_a_split_by_seat_moves_one_guest_per_seat(client: AppClient) -> None:
    """Was: each new check had 1 guest and the source kept all 4 (a party of 4 counted 7)."""
    menu = _vat_night(client)
    order = make_order(client, guestCount=4)
    for seat in (1, 2, 3, 4):
        add_item(client, order, menu["steak"], 1, seat=seat)
    body = {"bySeat": True}
    source, *seats = _ok(client.post(f"/api/orders/{order['id']}/split", json=body), 201)["orders"]
    assert [source["guestCount"], *(s["guestCount"] for s in seats)] == [1, 1, 1, 1]
    # The service charge that applied to the party of four keeps applying to its parts.
    assert all(check["serviceCharges"] for check in (source, *seats))


def test_a_merge_adds_the_merged_tables_guests(client: AppClient) -> None:
    """Was: the merged table's guests were dropped."""
    menu = _vat_night(client)
    two, three = make_order(client, guestCount=2), make_order(client, guestCount=3)
    add_item(client, two, menu["soup"])
    add_item(client, three, menu["soup"])
    kept, closed = _ok(
        client.post(f"/api/orders/{two['id']}/merge", json={"orderId": three["id"]})
    )["orders"]
    assert (kept["guestCount"], closed["guestCount"]) == (5, 0)


def test_a_split_sent_checks_ticket_is_bumped_on_every_station(client: AppClient) -> None:
    """Was: 'order item … was not found' on the kitchen, the bar and the expo, and the ticket
    stayed late all night."""
    menu = _vat_night(client)
    order = make_order(client, guestCount=2)
    steak = add_item(client, order, menu["steak"], 2)
    add_item(client, order, menu["malbec"])
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    body = {"items": [{"itemId": steak["id"], "quantity": 1}]}
    source, new = _ok(client.post(f"/api/orders/{order['id']}/split", json=body), 201)["orders"]
    stations = _ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    (ticket,) = _board(client)["tickets"]
    for station in stations:
        bumped = client.post(
            f"/api/kitchen/tickets/{ticket['id']}/bump", params={"stationId": station["id"]}
        )
        assert bumped.status_code == 200, bumped.text
    assert _board(client)["tickets"] == []
    for check in (source, new):
        assert {i["status"] for i in order_detail(client, check)["items"]} == {"READY"}


def test_a_merged_checks_ticket_shows_the_check_its_food_is_on(client: AppClient) -> None:
    """Was: the merged check's ticket showed CANCELLED in red while its food was still to cook.
    A ticket whose lines all moved showed another check, and once a 500 (the state machine)."""
    menu = _vat_night(client)
    table = _ok(client.post("/api/tables", json={"locationId": LOCATION, "name": "T9"}), 201)
    moved = make_order(client, guestCount=2)
    add_item(client, moved, menu["soup"])
    _ok(client.post(f"/api/orders/{moved['id']}/send"))
    staying = make_order(client, guestCount=2, tableId=table["id"])
    add_item(client, staying, menu["steak"])
    # A check that sent nothing yet opens as it takes food the kitchen has.
    _ok(client.post(f"/api/orders/{staying['id']}/merge", json={"orderId": moved["id"]}))
    (ticket,) = _board(client)["tickets"]
    assert (ticket["orderId"], ticket["orderStatus"], ticket["tableName"]) == (
        staying["id"],
        "OPEN",
        "T9",
    )
    assert ticket["orderNumber"] == staying["orderNumber"]


def test_a_ticket_shows_the_check_its_food_still_to_cook_went_to(client: AppClient) -> None:
    """Found by the API machine: the bar made the wine, then the steak was split off to a new
    check; the ticket still showed the old check, where nothing was left to cook."""
    menu = _vat_night(client)
    order = make_order(client, guestCount=2)
    steak = add_item(client, order, menu["steak"])
    add_item(client, order, menu["malbec"])
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    stations = _ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    bar = next(station for station in stations if station["name"] == "Bar")
    (ticket,) = _board(client)["tickets"]
    url = f"/api/kitchen/tickets/{ticket['id']}/bump"
    _ok(client.post(url, params={"stationId": bar["id"]}))
    body = {"items": [{"itemId": steak["id"]}]}
    _source, new = _ok(client.post(f"/api/orders/{order['id']}/split", json=body), 201)["orders"]
    (ticket,) = _board(client)["tickets"]
    assert (ticket["orderId"], ticket["orderNumber"]) == (new["id"], new["orderNumber"])


def test_a_sent_line_moved_to_a_check_never_sent_shows_on_the_board(client: AppClient) -> None:
    """The state machine found it: the board answered 500 (the check had no first send)."""
    menu = _vat_night(client)
    sent = make_order(client, guestCount=1)
    soup = add_item(client, sent, menu["soup"])
    _ok(client.post(f"/api/orders/{sent['id']}/send"))
    quiet = make_order(client, guestCount=1)
    body = {"itemIds": [soup["id"]], "toOrderId": quiet["id"]}
    _ok(client.post(f"/api/orders/{sent['id']}/items/move", json=body))
    (ticket,) = _board(client)["tickets"]
    assert (ticket["orderId"], ticket["items"][0]["added"]) == (quiet["id"], False)


def test_a_charge_that_applies_comes_along_to_a_check_where_it_does_not(
    client: AppClient,
) -> None:
    """The state machine found it: merging a party's check (its service applies) into a
    smaller table's (the same charge, not applying there) lost the service charge."""
    menu = _vat_night(client)
    small, party = make_order(client, guestCount=1), make_order(client, guestCount=4)
    add_item(client, small, menu["soup"])
    add_item(client, party, menu["steak"], 4)
    before = [order_detail(client, small), order_detail(client, party)]
    assert [len(o["serviceCharges"]) for o in before] == [0, 1]
    kept, closed = _ok(
        client.post(f"/api/orders/{small['id']}/merge", json={"orderId": party["id"]})
    )["orders"]
    assert not conservation_problems(before, [kept, closed])
    assert cents(kept["serviceChargeTotal"]) == cents(before[1]["serviceChargeTotal"])


def test_a_tip_adjustment_is_its_own_entry_and_keeps_the_receipt(client: AppClient) -> None:
    """Was: journalled as a REOPEN and a new SALE, the receipt number moving (5 to 8)."""
    menu = _vat_night(client)
    order = make_order(client, guestCount=1)
    add_item(client, order, menu["soup"])
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    paid = pay(client, order, 7.5, tipAmount=1)
    assert paid.status_code == 201, paid.text
    receipt = order_detail(client, order)["receiptNumber"]
    url = f"/api/orders/{order['id']}/payments/{paid.json()['id']}"
    _ok(client.patch(url, json={"tipAmount": 2}))
    after = order_detail(client, order)
    assert (after["status"], after["receiptNumber"]) == ("COMPLETED", receipt)
    journal = _ok(client.get("/api/journal", params={"locationId": LOCATION}))
    assert [entry["kind"] for entry in journal] == ["SALE", "TIP_ADJUST"]
    x = _ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    assert (x["orderCount"], x["tips"]) == (1, 2)


def test_the_zs_vat_by_rate_is_the_sum_of_its_receipts(client: AppClient) -> None:
    """Was: the Z carried VAT 18 cents above the sum of its own orders at 10 % (170.83 vs
    170.82) and at 20 % (68.46 vs 68.29)."""
    menu = _vat_night(client)
    party = make_order(client, guestCount=4)
    for dish, quantity in (("steak", 3), ("soup", 2), ("malbec", 1)):
        add_item(client, party, menu[dish], quantity)
    _ok(client.post(f"/api/orders/{party['id']}/discount", json={"discountAmount": 4.99}))
    first = order_detail(client, party)["items"][0]
    body = {"items": [{"itemId": first["id"]}]}
    source, new = _ok(client.post(f"/api/orders/{party['id']}/split", json=body), 201)["orders"]
    for check in (source, new):
        _ok(client.post(f"/api/orders/{check['id']}/send"))
        assert pay(client, check, order_detail(client, check)["balanceDue"]).status_code == 201
    done = [order_detail(client, check) for check in (source, new)]
    z = _ok(client.post("/api/reports/z", json={"locationId": LOCATION}), 201)
    for rate in z["taxes"]:
        receipts = sum(cents(_tax(order, rate["name"])) for order in done)
        assert cents(rate["tax"]) == receipts, rate["name"]


def test_a_merge_starts_no_charge_that_neither_check_had(client: AppClient) -> None:
    """The night in the browser found it: two tables of 2 and 3 merged showed 'Service 12.5%
    0.00', a charge adjusted to nothing that would have charged only lines added later. It
    applied to neither check, so it does not start; a server adds it if the party pays it."""
    menu = _vat_night(client)
    two, three = make_order(client, guestCount=2), make_order(client, guestCount=3)
    add_item(client, two, menu["steak"])
    add_item(client, three, menu["soup"])
    merge = {"orderId": three["id"]}
    kept, _ = _ok(client.post(f"/api/orders/{two['id']}/merge", json=merge))["orders"]
    assert (kept["guestCount"], kept["serviceCharges"]) == (5, [])
    add_item(client, kept, menu["soup"])
    assert order_detail(client, kept)["serviceCharges"] == []
    charge = _ok(client.get("/api/service-charges", params={"locationId": LOCATION}))["data"][0]
    body = {"serviceChargeId": charge["id"]}
    _ok(client.post(f"/api/orders/{kept['id']}/service-charges", json=body))
    (service,) = order_detail(client, kept)["serviceCharges"]
    assert service["amount"] == 3.75  # 12.5 % of 30.00


def test_a_merged_tables_first_round_is_not_shown_as_added(client: AppClient) -> None:
    """The night in the browser found it: the merged table's first round showed '+ added' on
    the check that took it (its send came after that check's first)."""
    menu = _vat_night(client)
    first, second = make_order(client, guestCount=2), make_order(client, guestCount=2)
    for order in (first, second):
        add_item(client, order, menu["soup"])
        _ok(client.post(f"/api/orders/{order['id']}/send"))
    _ok(client.post(f"/api/orders/{first['id']}/merge", json={"orderId": second["id"]}))
    tickets = _board(client)["tickets"]
    assert [t["orderId"] for t in tickets] == [first["id"], first["id"]]
    assert [t["items"][0]["added"] for t in tickets] == [False, False]


def test_a_shared_lines_answer_is_what_the_next_read_shows(client: AppClient) -> None:
    """The state machine found it: sharing a line of a check with several answered its parts
    last, the next read shows them after the line (when it was added): the order of the lines,
    which the discount's spread follows, must not depend on how the check was read."""
    menu = _vat_night(client, service=False)
    order = make_order(client, guestCount=2)
    steak = add_item(client, order, menu["steak"], 2)
    add_item(client, order, menu["soup"])
    _ok(client.post(f"/api/orders/{order['id']}/discount", json={"discountAmount": 3.33}))
    url = f"/api/orders/{order['id']}/items/{steak['id']}/share"
    shared = _ok(client.post(url, json={"parts": 2}))
    assert shared == order_detail(client, order)


def test_a_reopened_checks_refunds_stay_and_a_cancel_gives_back_only_the_rest(
    client: AppClient,
) -> None:
    """The state machine found it: a check refunded in part then reopened read with no refunds
    (only closed orders' were read), and cancelling it gave the whole payment back again."""
    menu = _vat_night(client, service=False)
    order = make_order(client, guestCount=1)
    add_item(client, order, menu["steak"])
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    assert pay(client, order, 15, tipAmount=2).status_code == 201
    refund = {"amount": 4, "reason": "cold"}
    _ok(client.post(f"/api/orders/{order['id']}/refunds", json=refund), 201)
    reopened = _ok(client.post(f"/api/orders/{order['id']}/reopen", json={"reason": "more"}))
    assert [r["amount"] for r in reopened["refunds"]] == [4]
    assert [r["amount"] for r in order_detail(client, order)["refunds"]] == [4]
    cancelled = client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "left"})
    assert cancelled.status_code == 200, cancelled.text
    given = order_detail(client, order)["refunds"]
    assert [(r["amount"], r["tipAmount"]) for r in given] == [(4, 0), (11, 2)]


def test_a_merges_answer_lists_the_payments_as_a_read_does(client: AppClient) -> None:
    """Was: the merged check's payments came after the kept one's in the merge's answer, by
    when each check was paid; a read lists them by when each was taken (the state machine, a
    card on one check and a phone's payment on the other)."""
    menu = _vat_night(client)
    first, second = make_order(client), make_order(client)
    add_item(client, first, menu["soup"])
    add_item(client, second, menu["soup"])
    cash = {"amount": 1, "paymentMethod": "CASH"}
    _ok(client.post(f"/api/orders/{second['id']}/payments", json=cash), 201)
    _ok(client.post(f"/api/orders/{first['id']}/payments", json=cash), 201)
    kept, _ = _ok(client.post(f"/api/orders/{first['id']}/merge", json={"orderId": second["id"]}))[
        "orders"
    ]
    read = order_detail(client, kept)
    assert [p["id"] for p in kept["payments"]] == [p["id"] for p in read["payments"]]
    taken = [p["processedAt"] for p in read["payments"]]
    assert taken == sorted(taken)
