"""The print outbox: a send queues its kitchen tickets in its own transaction, one job per
matching KITCHEN printer; the worker (driven by hand here: in-process tests send nothing on
their own) prints them on a fake printer on 127.0.0.1, retries one that is off, and marks
each printed once."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from brigade.kit.messages import ENGLISH
from brigade.printing import service as printing
from brigade.printing.service import PrintOutbox
from factories import LOCATION, AppClient, make_category, make_order, make_product
from printers import FakePrinter


def _printer(client: AppClient, port: int = 9100, **overrides: Any) -> dict[str, Any]:
    body = {"name": "Kitchen", "locationId": LOCATION, "host": "127.0.0.1", "port": port}
    response = client.post("/api/printers", json=body | {"kind": "KITCHEN"} | overrides)
    assert response.status_code == 201, response.text
    printer: dict[str, Any] = response.json()
    return printer


def _jobs(client: AppClient, printer: dict[str, Any]) -> list[dict[str, Any]]:
    jobs: list[dict[str, Any]] = client.get(f"/api/printers/{printer['id']}/jobs").json()["data"]
    return jobs


def _add(
    client: AppClient, order: dict[str, Any], product: dict[str, Any], **more: Any
) -> dict[str, Any]:
    body = {"productId": product["id"], "quantity": 1} | more
    response = client.post(f"/api/orders/{order['id']}/items", json=body)
    assert response.status_code == 201, response.text
    item: dict[str, Any] = response.json()
    return item


def _print_due(client: AppClient) -> bool:
    outbox = PrintOutbox(
        client.app.state.database, poll_seconds=1, resolver=client.app.state.resolver
    )
    return client.portal.call(outbox.print_due)


@pytest.fixture
def printer_on() -> Iterator[FakePrinter]:
    with FakePrinter() as fake:
        fake.switch_on()
        yield fake


def test_a_send_queues_a_job_on_each_kitchen_printer_of_its_location(client: AppClient) -> None:
    line, pass_ = _printer(client, name="Line"), _printer(client, name="Pass")
    till = _printer(client, name="Till", kind="RECEIPT")
    elsewhere = _printer(client, locationId=str(uuid.uuid4()))
    order = make_order(client)
    _add(client, order, make_product(client, name="Burger"))
    sent = client.post(f"/api/orders/{order['id']}/send")
    assert sent.status_code == 200
    for printer in (line, pass_):
        (job,) = _jobs(client, printer)
        assert (job["kind"], job["status"], job["attempts"]) == ("TICKET", "PENDING", 0)
        assert job["ticketId"] == sent.json()["kitchenOrderId"]
        assert job["orderId"] == order["id"]
    assert _jobs(client, till) == _jobs(client, elsewhere) == []


def test_a_refused_send_queues_nothing(client: AppClient) -> None:
    printer = _printer(client)
    order = make_order(client)
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 409  # nothing to send
    _add(client, order, make_product(client))
    stale = client.post(f"/api/orders/{order['id']}/send", headers={"If-Match": '"1"'})
    assert stale.status_code == 412
    assert _jobs(client, printer) == []


def test_a_send_without_printers_queues_nothing(client: AppClient) -> None:
    order = make_order(client)
    _add(client, order, make_product(client))
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert not _print_due(client)


def test_a_station_prints_only_its_categories_and_no_job_when_none_is_sent(
    client: AppClient, printer_on: FakePrinter
) -> None:
    grill, bar = make_category(client, name="Grill"), make_category(client, name="Bar")
    grill_printer = _printer(client, port=printer_on.port, categoryIds=[grill["id"]])
    bar_printer = _printer(client, port=printer_on.port, categoryIds=[bar["id"]])
    expo = _printer(client, port=printer_on.port)
    order = make_order(client)
    _add(client, order, make_product(client, name="Ribeye", categoryId=grill["id"]))
    _add(client, order, make_product(client, name="Bread"))
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert len(_jobs(client, grill_printer)) == len(_jobs(client, expo)) == 1
    assert _jobs(client, bar_printer) == []  # nothing of the bar's on this ticket

    assert _print_due(client)
    grill_ticket, expo_ticket = sorted(printer_on.wait_for(2), key=len)
    assert "Ribeye" in grill_ticket
    assert "Bread" not in grill_ticket
    assert "Ribeye" in expo_ticket
    assert "Bread" in expo_ticket


def test_a_ticket_prints_order_table_server_items_quantity_first_modifiers_notes(
    client: AppClient, printer_on: FakePrinter
) -> None:
    printer = _printer(client, port=printer_on.port)
    # UTC+14: the ticket's time is the kitchen's, never UTC's.
    profile = {"name": "Atoll", "timezone": "Pacific/Kiritimati", "currency": "AUD"}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
    local = ZoneInfo("Pacific/Kiritimati")
    minutes = {ENGLISH.moment(datetime.now(local))}
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "T12"}).json()
    order = make_order(client, tableId=table["id"])
    _add(client, order, make_product(client, name="Fries"), quantity=2, notes="extra crispy")
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert _print_due(client)
    (ticket,) = printer_on.wait_for(1)
    assert printer_on.jobs[0].startswith(b"\x1b@")
    assert printer_on.jobs[0].endswith(b"\x1dVB\x03")
    number = client.get(f"/api/orders/{order['id']}").json()["orderNumber"]
    assert number in ticket
    assert "T12" in ticket
    assert "DINE IN" in ticket
    assert "2 x Fries" in ticket
    assert "! extra crispy" in ticket
    assert "VOID" not in ticket
    minutes.add(ENGLISH.moment(datetime.now(local)))
    assert any(minute in ticket for minute in minutes)
    (job,) = _jobs(client, printer)
    assert job["status"] == "PRINTED"
    assert job["printedAt"] is not None
    assert not _print_due(client)  # printed once: nothing left to lease
    assert len(printer_on.jobs) == 1


def test_a_void_of_a_sent_item_prints_a_void_ticket(
    client: AppClient, printer_on: FakePrinter
) -> None:
    printer = _printer(client, port=printer_on.port)
    order = make_order(client)
    item = _add(client, order, make_product(client, name="Soup"))
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", url, json={"reason": "guest left"}).status_code == 200
    kinds = sorted(job["kind"] for job in _jobs(client, printer))
    assert kinds == ["TICKET", "VOID"]
    assert _print_due(client)
    first, second = printer_on.wait_for(2)
    assert "VOID" not in first
    assert "*** VOID ***" in second
    assert "VOID 1 x Soup" in second
    assert "guest left" in second


def test_a_printer_that_is_off_is_retried_with_backoff_then_prints_once(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakePrinter() as fake:
        printer = _printer(client, port=fake.port)
        order = make_order(client)
        _add(client, order, make_product(client, name="Tacos"))
        assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
        assert _print_due(client)  # off: refused
        (job,) = _jobs(client, printer)
        assert (job["status"], job["attempts"]) == ("PENDING", 1)
        assert job["lastError"]
        assert not _print_due(client)  # not due again before its backoff
        fake.switch_on()
        # The clock the outbox reads, as the test patches it below.
        later = printing.now() + timedelta(seconds=5)  # type: ignore[attr-defined]
        monkeypatch.setattr(printing, "now", lambda: later)
        assert _print_due(client)
        (ticket,) = fake.wait_for(1)
        assert "1 x Tacos" in ticket
        assert _jobs(client, printer)[0]["status"] == "PRINTED"
        assert not _print_due(client)


def test_a_ticket_prints_in_the_locations_language_with_the_menus_names(
    client: AppClient, printer_on: FakePrinter
) -> None:
    _printer(client, port=printer_on.port)
    profile = {"name": "Le Lion", "timezone": "Europe/Paris", "currency": "EUR", "language": "fr"}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
    order = make_order(client, orderType="TAKEOUT")
    fries = make_product(client, name="Fries", translations={"fr": {"name": "Frites"}})
    _add(client, order, fries, quantity=2)
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert _print_due(client)
    (ticket,) = printer_on.wait_for(1)
    assert "À EMPORTER" in ticket
    assert "2 x Frites" in ticket
    assert "Fries" not in ticket
