"""The till at the terminal (docs/design.md §17): a server's pay-in, pay-out and count with a
manager's approval on that one drawer, and the terminal's current drawer, counted blind."""

from __future__ import annotations

from typing import Any

from factories import (
    AppClient,
    approval_ask,
    approved_session,
    bearer,
    make_device,
    make_session,
    make_staff_token,
    make_staff_with_pin,
)
from orders.api.order_helpers import problem
from till.api.till_helpers import drawer, ok, open_drawer, sale

Json = dict[str, Any]
PAY_OUT = {"type": "PAY_OUT", "amount": 10, "reason": "ice"}


def test_a_server_pays_out_with_a_managers_approval_on_that_drawer_only(
    client: AppClient,
) -> None:
    mine = open_drawer(client)
    other = open_drawer(client, deviceId=make_device(client)["id"])
    url = f"/api/cash-drawers/{mine['id']}/movements"
    approved, server, manager = approved_session(client, "cash_drawer.movement", url, 10)

    elsewhere = client.post(
        f"/api/cash-drawers/{other['id']}/movements", json=PAY_OUT, headers=approved
    )
    problem(elsewhere, 403, "approval_invalid")
    closing = client.post(
        f"/api/cash-drawers/{mine['id']}/close", json={"countedAmount": 1}, headers=approved
    )
    problem(closing, 403, "approval_invalid")
    assert drawer(client, other["id"])["movements"] == []

    paid = ok(client.post(url, json=PAY_OUT, headers=approved), 201)
    # Counted blind: the server's answer holds neither the expected cash nor the movements.
    assert (paid["id"], paid["expectedAmount"], paid["movements"]) == (mine["id"], None, None)
    (posted,) = drawer(client, mine["id"])["movements"]
    assert (posted["type"], posted["staff"]["name"]) == ("PAY_OUT", server["name"])
    assert drawer(client, mine["id"])["expectedAmount"] == 190.0
    again = client.post(url, json=PAY_OUT, headers=approved)
    problem(again, 403, "approval_invalid")

    params = {"action": "cash_drawer.movement"}
    (entry,) = ok(client.get("/api/audit", params=params))["data"]
    assert entry["entityId"] == mine["id"]
    assert manager["id"] in str(entry)


def test_a_server_counts_and_closes_with_a_managers_approval(client: AppClient) -> None:
    opened = open_drawer(client, openingFloat=50)
    url = f"/api/cash-drawers/{opened['id']}/close"
    unapproved = bearer(make_session(client, "SERVER"))
    problem(client.post(url, json={"countedAmount": 50}, headers=unapproved), 403, "forbidden")
    approved, _, _ = approved_session(client, "cash_drawer.close", url)
    closed = ok(client.post(url, json={"countedAmount": 49}, headers=approved))
    assert (closed["status"], closed["variance"]) == ("CLOSED", -1.0)


def test_an_approval_for_a_drawer_names_the_drawer(client: AppClient) -> None:
    session = bearer(make_session(client, "SERVER"))
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    asked = approval_ask(manager["id"], "5173", "cash_drawer.close", "/api/cash-drawers/x")
    asked["resource"] = {}
    problem(client.post("/api/approvals", json=asked, headers=session), 403, "approval_invalid")


def _terminal_with_drawer(client: AppClient, role: str) -> tuple[Json, dict[str, str]]:
    terminal = make_device(client)
    session = bearer(make_session(client, role, terminal["token"]))
    return open_drawer(client, session, openingFloat=200), session


def test_the_current_drawer_is_counted_blind_below_a_manager(client: AppClient) -> None:
    opened, server = _terminal_with_drawer(client, "SERVER")
    sale(client, 13.5, headers=server)
    shown = ok(client.get("/api/cash-drawers/current", headers=server))
    assert (shown["id"], shown["openingFloat"], shown["expectedAmount"]) == (
        opened["id"],
        200.0,
        None,
    )
    assert shown["openedBy"]["name"] == opened["openedBy"]["name"]
    assert "movements" not in shown

    manager_terminal = make_device(client)
    manager = bearer(make_session(client, "MANAGER", manager_terminal["token"]))
    open_drawer(client, manager, openingFloat=100)
    sale(client, 2.25, headers=manager)
    assert ok(client.get("/api/cash-drawers/current", headers=manager))["expectedAmount"] == 102.25


def test_no_open_drawer_is_404_and_the_current_drawer_is_a_terminals(client: AppClient) -> None:
    session = bearer(make_session(client, "SERVER"))
    problem(client.get("/api/cash-drawers/current", headers=session), 404, "no_open_drawer")
    token = bearer(make_staff_token(client, "MANAGER"))
    problem(client.get("/api/cash-drawers/current", headers=token), 403, "forbidden")
    terminal = make_device(client)
    problem(
        client.get("/api/cash-drawers/current", headers=bearer(terminal["token"])), 403, "forbidden"
    )
    kitchen = bearer(make_session(client, "KITCHEN"))
    problem(client.get("/api/cash-drawers/current", headers=kitchen), 403, "forbidden")

    opened, server = _terminal_with_drawer(client, "SERVER")
    ok(client.post(f"/api/cash-drawers/{opened['id']}/close", json={"countedAmount": 200}))
    problem(client.get("/api/cash-drawers/current", headers=server), 404, "no_open_drawer")


def test_a_refused_pay_out_says_nothing_of_the_cash_and_spends_no_approval(
    client: AppClient,
) -> None:
    """The probe: a refused pay-out answered "the drawer is expected to hold 123.45", and the
    approval it carried could ask again and again."""
    mine = open_drawer(client)
    url = f"/api/cash-drawers/{mine['id']}/movements"
    approved, _server, _manager = approved_session(client, "cash_drawer.movement", url, 5000)
    too_much = PAY_OUT | {"amount": 5000}
    refused = problem(client.post(url, json=too_much, headers=approved), 422, "validation_failed")
    assert "200" not in str(refused)
    # The approval is spent by the change it approved: the refusal changed nothing.
    paid = ok(client.post(url, json=PAY_OUT, headers=approved), 201)
    assert paid["expectedAmount"] is None
    problem(client.post(url, json=PAY_OUT, headers=approved), 403, "approval_invalid")
