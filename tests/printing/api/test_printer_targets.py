"""Printers are not a port scanner: the probe pointed one at 127.0.0.1:5432 and read open or
closed from its job's state. A printer's host is an address on the restaurant's network or a
name, and its port 9100, 515 or 631, unless BRIGADE_PRINTER_ALLOW_HOSTS lists the host; a
name is judged by what it resolves to when the worker connects."""

from __future__ import annotations

import pytest
from httpx import Response

from brigade.kit.names import Resolver
from brigade.printing.service import PrintOutbox
from brigade.settings import Settings
from factories import LOCATION, AppClient, make_order, make_product


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # This folder's conftest allows 127.0.0.1 for its fake printers: not here.
    return settings.model_copy(update={"printer_allow_hosts": ""})


def _create(client: AppClient, host: str, port: int) -> Response:
    body = {"name": "Line", "locationId": LOCATION, "host": host, "port": port, "kind": "KITCHEN"}
    response: Response = client.post("/api/printers", json=body)
    return response


@pytest.mark.parametrize(
    ("host", "port", "field"),
    [
        ("127.0.0.1", 5432, "port"),
        ("192.168.1.50", 22, "port"),
        ("kitchen-1.local", 6379, "port"),
        ("8.8.8.8", 9100, "host"),
        ("100.64.0.1", 9100, "host"),
        ("203.0.113.7", 631, "host"),
    ],
)
def test_a_printer_outside_the_network_or_off_a_printer_port_is_refused(
    client: AppClient, host: str, port: int, field: str
) -> None:
    response = _create(client, host, port)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "printer_target_refused"
    assert response.json()["errors"][0]["field"] == field
    assert client.get("/api/printers").json()["total"] == 0


@pytest.mark.parametrize(
    ("host", "port"),
    [
        ("127.0.0.1", 9100),
        ("10.0.0.12", 515),
        ("192.168.1.50", 631),
        ("172.16.4.4", 9100),
        ("kitchen-1.local", 9100),
    ],
)
def test_a_printer_on_the_network_at_a_printer_port_is_taken(
    client: AppClient, host: str, port: int
) -> None:
    assert _create(client, host, port).status_code == 201


def test_a_move_to_another_port_follows_the_same_rule(client: AppClient) -> None:
    printer = _create(client, "192.168.1.50", 9100).json()
    moved = client.patch(f"/api/printers/{printer['id']}", json={"port": 5432})
    assert moved.status_code == 422
    assert moved.json()["code"] == "printer_target_refused"
    assert client.get(f"/api/printers/{printer['id']}").json()["port"] == 9100


def test_an_allowed_host_may_be_anywhere_on_any_port(client: AppClient, settings: Settings) -> None:
    client.app.state.settings = settings.model_copy(update={"printer_allow_hosts": "8.8.8.8"})
    assert _create(client, "8.8.8.8", 5432).status_code == 201
    assert _create(client, "8.8.4.4", 9100).status_code == 422


def _resolving_to(address: str) -> Resolver:
    return Resolver(lambda host, port, **_: [(2, 1, 6, "", (address, port))])


def test_a_printers_name_resolving_outside_the_network_is_not_connected_to(
    client: AppClient,
) -> None:
    printer = _create(client, "printer.example", 9100).json()
    order = make_order(client)
    item = {"productId": make_product(client)["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=item).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    outbox = PrintOutbox(
        client.app.state.database, poll_seconds=1, resolver=_resolving_to("93.184.216.34")
    )
    assert client.portal.call(outbox.print_due)
    (job,) = client.get(f"/api/printers/{printer['id']}/jobs").json()["data"]
    assert (job["status"], job["attempts"]) == ("PENDING", 1)
    assert "93.184.216.34" in job["lastError"]
    assert "not on the restaurant's network" in job["lastError"]
