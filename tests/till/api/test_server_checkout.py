"""A server's checkout (docs/design.md §17): their business day's sales, tips, cash held, card
total, open checks and shifts; their own to a SERVER, anyone's to a MANAGER."""

from __future__ import annotations

from datetime import UTC, datetime

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_product,
    make_staff_token,
    make_staff_with_pin,
    sign_in,
)
from orders.api.order_helpers import add_item, problem
from till.api.till_helpers import ok, sale


def test_a_servers_day_with_a_card_tip_a_cash_sale_a_cash_refund_and_an_open_check(
    client: AppClient,
) -> None:
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    manager_session = bearer(sign_in(client, terminal, manager["id"], "5173").json()["token"])
    ok(client.post("/api/shifts/clock-in", headers=session))

    sale(client, 40, "CARD", headers=session, tipAmount=6)
    cash_order, _ = sale(client, 23.5, headers=session, tipAmount=2)
    # The manager refunds 5.00 of the cash sale; the server refunds nothing: theirs is 0 off.
    refund = {"amount": 5, "reason": "cold"}
    ok(
        client.post(
            f"/api/orders/{cash_order['id']}/refunds", json=refund, headers=manager_session
        ),
        201,
    )
    open_check = ok(
        client.post(
            "/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION}, headers=session
        ),
        201,
    )
    add_item(client, open_check, make_product(client, price=12))
    partly = {"amount": 2, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{open_check['id']}/payments", json=partly, headers=session), 201)
    sale(client, 99)  # the admin's, not theirs

    url = f"/api/staff/{server['id']}/checkout"
    mine = ok(client.get(url, headers=session))
    assert mine["date"] == datetime.now(UTC).date().isoformat()
    assert (mine["sales"], mine["orderCount"]) == (63.5, 2)
    assert (mine["tips"], mine["cardTips"], mine["cashTips"]) == (8.0, 6.0, 2.0)
    assert (mine["cashHeld"], mine["cardTotal"]) == (25.5, 40.0)
    (check,) = mine["openChecks"]
    assert (check["id"], check["total"], check["balance"]) == (open_check["id"], 12.0, 10.0)
    assert check["number"].startswith("#")
    (shift,) = mine["shifts"]
    assert shift["staffId"] == server["id"]
    assert shift["clockedOutAt"] is None

    # The manager made the cash refund: it is off their cash.
    theirs = ok(client.get(f"/api/staff/{manager['id']}/checkout", headers=manager_session))
    assert (theirs["cashHeld"], theirs["sales"], theirs["openChecks"]) == (-5.0, 0.0, [])
    assert ok(client.get(url, headers=manager_session))["cashHeld"] == 25.5


def test_a_server_reads_their_own_checkout_only_at_their_location(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    other = make_staff_with_pin(client, "SERVER")
    refused = client.get(f"/api/staff/{other['id']}/checkout", headers=session)
    assert "MANAGER" in problem(refused, 403, "forbidden")["detail"]
    elsewhere = client.get(
        f"/api/staff/{server['id']}/checkout",
        params={"locationId": OTHER_LOCATION},
        headers=session,
    )
    problem(elsewhere, 403, "other_location")
    cook = bearer(make_staff_token(client, "KITCHEN"))
    problem(client.get(f"/api/staff/{server['id']}/checkout", headers=cook), 403, "forbidden")
    manager = bearer(make_staff_token(client, "MANAGER"))
    missing = client.get(f"/api/staff/{server['id']}/checkout", headers=manager)
    assert problem(missing, 422, "validation_failed")["errors"][0]["field"] == "locationId"
    earlier = ok(
        client.get(
            f"/api/staff/{server['id']}/checkout",
            params={"locationId": LOCATION, "date": "2020-02-29"},
            headers=manager,
        )
    )
    assert (earlier["date"], earlier["sales"], earlier["shifts"]) == ("2020-02-29", 0.0, [])
    assert earlier["start"] == "2020-02-29T00:00:00Z"
    assert earlier["end"] == "2020-03-01T00:00:00Z"


def test_a_day_the_calendar_cannot_close_is_422(client: AppClient) -> None:
    """9999-12-31 has no next day to end its window: a 500 once, as on the sales report."""
    server = make_staff_with_pin(client, "SERVER")
    for day in ("9999-12-31", "0001-01-01", "1899-12-31"):
        refused = client.get(
            f"/api/staff/{server['id']}/checkout", params={"locationId": LOCATION, "date": day}
        )
        assert problem(refused, 422, "validation_failed")["errors"][0]["field"] == "date"
