"""Guests' visits (docs/design.md §28): a table's code opens a visit bound to the table's
check; the visit sees that check and nothing else, and ends with it; the codes are the
managers' to see and replace."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta

from brigade.guests.domain import UNBOUND_VISIT
from brigade.guests.repository import VisitRepository
from brigade.kit.db.engine import UnitOfWork
from events.api.event_helpers import all_events
from factories import OTHER_LOCATION, AppClient, bearer, in_transaction, make_staff_token
from guests.api.guest_helpers import (
    close_check,
    make_table,
    ok,
    open_check,
    serve_guests,
    start_visit,
    visit,
)
from orders.api.order_helpers import problem


def test_a_visit_sees_its_tables_check_and_ends_with_it(client: AppClient) -> None:
    serve_guests(client)
    table = make_table(client)
    order = open_check(client, table, price=12)

    started = ok(start_visit(client, table), 201)
    assert (started["tableName"], started["guestOrdering"]) == ("T7", "ORDER")
    check = started["check"]
    assert (check["orderNumber"], check["total"], check["balanceDue"]) == (
        order["orderNumber"],
        12.0,
        12.0,
    )
    [line] = check["lines"]
    assert (line["quantity"], line["total"], line["status"]) == (1.0, 12.0, "PENDING")
    # Nothing the guests could use to reach anything else: no order, item or staff ids.
    assert set(check) == {
        "orderNumber",
        "status",
        "lines",
        "subtotal",
        "total",
        "paid",
        "balanceDue",
    }
    assert set(line) == {"name", "quantity", "total", "status"}
    assert ok(visit(client, started["id"]))["check"] == check

    close_check(client, order)
    problem(visit(client, started["id"]), 410, "visit_ended")
    # The next party's check is out of the old visit's reach; a new scan reaches it.
    following = open_check(client, table, price=30)
    problem(visit(client, started["id"]), 410, "visit_ended")
    rescanned = ok(start_visit(client, table), 201)
    assert rescanned["check"]["orderNumber"] == following["orderNumber"]
    assert rescanned["id"] != started["id"]


def test_a_visit_before_the_check_waits_for_it(client: AppClient) -> None:
    serve_guests(client, "MENU")
    table = make_table(client)
    started = ok(start_visit(client, table), 201)
    assert started["check"] is None
    assert ok(visit(client, started["id"]))["check"] is None


def test_a_visit_of_an_empty_table_ends_after_a_while(client: AppClient) -> None:
    serve_guests(client)
    table = make_table(client)
    started = ok(start_visit(client, table), 201)
    assert ok(visit(client, started["id"]))["check"] is None

    async def long_ago(uow: UnitOfWork) -> None:
        repository = VisitRepository(uow)
        found = await repository.get(uuid.UUID(started["id"]))
        assert found is not None
        earlier = found.started_at - UNBOUND_VISIT - timedelta(seconds=1)
        await repository.save(replace(found, started_at=earlier))

    in_transaction(client, long_ago)
    # Its table had no check all that time: a link kept from an empty table reaches nothing.
    open_check(client, table)
    problem(visit(client, started["id"]), 410, "visit_ended")


def test_codes_are_unguessable_and_replaced_by_a_manager(client: AppClient) -> None:
    serve_guests(client)
    table = make_table(client)
    code = table["guestCode"]
    assert len(code) >= 22
    assert make_table(client, "T8")["guestCode"] != code
    server = bearer(make_staff_token(client, "SERVER"))
    assert ok(client.get(f"/api/tables/{table['id']}", headers=server))["guestCode"] is None

    replaced = ok(client.post(f"/api/tables/{table['id']}/guest-code"))
    assert replaced["guestCode"] not in (None, code)
    problem(client.post(f"/api/guest/tables/{code}/visits"), 404, "not_found")
    ok(start_visit(client, replaced), 201)
    refused = client.post(f"/api/tables/{table['id']}/guest-code", headers=server)
    assert refused.status_code == 403


def test_a_table_s_qr_code_is_an_svg_of_its_link(client: AppClient) -> None:
    table = make_table(client)
    answer = client.get(f"/api/tables/{table['id']}/qr.svg")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.headers["cache-control"] == "no-store"
    assert answer.content.startswith(b"<?xml") or answer.content.startswith(b"<svg")
    assert b"<title>T7</title>" in answer.content


def test_a_restaurant_that_takes_nothing_from_phones_opens_no_visit(client: AppClient) -> None:
    table = make_table(client)
    problem(start_visit(client, table), 409, "guest_ordering_off")
    problem(visit(client, str(uuid.uuid4())), 404, "not_found")


def test_a_code_opens_its_own_locations_table_only(client: AppClient) -> None:
    serve_guests(client)
    serve_guests(client, location=OTHER_LOCATION)
    here = make_table(client, "T1")
    there = make_table(client, "T1", location=OTHER_LOCATION)
    open_check(client, there, price=40)
    started = ok(start_visit(client, here), 201)
    assert started["check"] is None


def test_guests_call_the_server_and_ask_for_the_bill_once_in_a_while(client: AppClient) -> None:
    serve_guests(client, "MENU")
    table = make_table(client)
    order = open_check(client, table)
    started = ok(start_visit(client, table), 201)
    calls = f"/api/guest/visits/{started['id']}/calls"

    answered = ok(client.post(calls, json={"kind": "SERVER"}), 201)
    assert answered["kind"] == "SERVER"
    [heard] = [e for e in all_events(client) if e["type"] == "guest.called"]
    assert (heard["data"]["tableName"], heard["data"]["kind"], heard["orderId"]) == (
        "T7",
        "SERVER",
        order["id"],
    )
    again = problem(client.post(calls, json={"kind": "SERVER"}), 429, "called_recently")
    assert "call again in" in again["detail"]
    ok(client.post(calls, json={"kind": "BILL"}), 201)
    problem(client.post(calls, json={"kind": "DESSERT"}), 422, "validation_failed")
    assert len([e for e in all_events(client) if e["type"] == "guest.called"]) == 2

    close_check(client, order)
    problem(client.post(calls, json={"kind": "BILL"}), 410, "visit_ended")
