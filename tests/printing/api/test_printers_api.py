"""Printers: CRUD, validation and who may manage them (docs/design.md §12, "Printers")."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from factories import LOCATION, AppClient, bearer, make_category, make_staff_token


def _printer(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {
        "name": "Grill",
        "locationId": LOCATION,
        "host": "192.168.1.50",
        "kind": "KITCHEN",
    } | overrides
    response = client.post("/api/printers", json=body)
    assert response.status_code == 201, response.text
    printer: dict[str, Any] = response.json()
    return printer


def test_create_defaults_to_port_9100_then_get_list_update_delete(client: AppClient) -> None:
    grill = make_category(client, name="Grill")
    created = _printer(client, host="Kitchen-1.Local", categoryIds=[grill["id"]])
    assert created["port"] == 9100
    assert created["host"] == "kitchen-1.local"
    assert created["categoryIds"] == [grill["id"]]
    url = f"/api/printers/{created['id']}"
    assert client.get(url).json() == created
    listed = client.get("/api/printers", params={"locationId": LOCATION}).json()
    assert [p["id"] for p in listed["data"]] == [created["id"]]
    assert (
        client.get("/api/printers", params={"locationId": str(uuid.uuid4())}).json()["total"] == 0
    )

    changed = client.patch(url, json={"port": 515, "categoryIds": [], "name": "Pass"})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["port"], changed.json()["categoryIds"]) == (515, [])
    assert changed.json()["name"] == "Pass"
    assert client.get(f"{url}/jobs").json()["total"] == 0

    assert client.delete(url).status_code == 200
    assert client.get(url).status_code == 404
    assert client.get(f"{url}/jobs").status_code == 404
    assert client.delete(url).status_code == 404
    assert client.patch(url, json={"port": 9100}).status_code == 404


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("host", "http://192.168.1.50"),
        ("host", "192.168.1.50:9100"),
        ("host", "printer/path"),
        ("host", "10.0.0.300"),
        ("host", "-bad.local"),
        ("host", "a" * 64 + ".local"),
        ("host", ""),
        ("host", "printer\n"),
        ("port", 0),
        ("port", 65536),
        ("port", "9100"),
        ("port", 9100.5),
        ("kind", "LABEL"),
        ("name", " "),
        ("locationId", "nowhere"),
        ("categoryIds", ["not-an-id"]),
    ],
)
def test_bad_fields_are_422_naming_the_field(client: AppClient, field: str, value: object) -> None:
    body = {"name": "Grill", "locationId": LOCATION, "host": "10.0.0.5", "kind": "KITCHEN"}
    response = client.post("/api/printers", json=body | {field: value})
    assert response.status_code == 422, response.text
    fields = [error["field"].split(".")[0] for error in response.json()["errors"]]
    assert fields == [field]
    assert client.get("/api/printers").json()["total"] == 0


def test_a_receipt_printer_prints_no_station_and_categories_must_exist(client: AppClient) -> None:
    grill = make_category(client)
    body = {"name": "Till", "locationId": LOCATION, "host": "10.0.0.5", "kind": "RECEIPT"}
    refused = client.post("/api/printers", json=body | {"categoryIds": [grill["id"]]})
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"] == "categoryIds"
    unknown = {"kind": "KITCHEN", "categoryIds": [str(uuid.uuid4())]}
    refused = client.post("/api/printers", json=body | unknown)
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"] == "categoryIds"
    till = _printer(client, kind="RECEIPT")
    turned = client.patch(f"/api/printers/{till['id']}", json={"categoryIds": [grill["id"]]})
    assert turned.status_code == 422


def test_updates_are_validated_like_creation(client: AppClient) -> None:
    printer = _printer(client)
    url = f"/api/printers/{printer['id']}"
    for body in ({"host": "ftp://x"}, {"port": 70000}, {"host": None}, {"locationId": LOCATION}):
        assert client.patch(url, json=body).status_code == 422, body
    assert client.get(url).json() == printer


def test_only_a_manager_manages_printers(client: AppClient) -> None:
    printer = _printer(client)
    for role, allowed in (("KITCHEN", False), ("SERVER", False), ("MANAGER", True)):
        headers = bearer(make_staff_token(client, role))
        listed = client.get("/api/printers", headers=headers)
        assert listed.status_code == (200 if allowed else 403)
        jobs = client.get(f"/api/printers/{printer['id']}/jobs", headers=headers)
        assert jobs.status_code == (200 if allowed else 403)
        body = {"name": "Bar", "locationId": LOCATION, "host": "bar.local", "kind": "KITCHEN"}
        created = client.post("/api/printers", json=body, headers=headers)
        assert created.status_code == (201 if allowed else 403)
    assert client.get("/api/printers", headers={"Authorization": ""}).status_code == 401


def test_a_server_reads_the_locations_receipt_printers_by_name_without_their_hosts(
    client: AppClient,
) -> None:
    till = _printer(client, name="Till", kind="RECEIPT")
    bar = _printer(client, name="bar", kind="RECEIPT", host="bar.local")
    _printer(client, name="Grill")  # a kitchen printer: not for receipts
    elsewhere = str(uuid.uuid4())
    for role, allowed in (("KITCHEN", False), ("SERVER", True), ("MANAGER", True)):
        headers = bearer(make_staff_token(client, role))
        listed = client.get(
            "/api/printers/receipt", params={"locationId": LOCATION}, headers=headers
        )
        assert listed.status_code == (200 if allowed else 403), listed.text
        if allowed:
            assert listed.json() == {
                "data": [{"id": bar["id"], "name": "bar"}, {"id": till["id"], "name": "Till"}]
            }
    other = client.get("/api/printers/receipt", params={"locationId": elsewhere})
    assert other.json() == {"data": []}
    assert client.get("/api/printers/receipt").status_code == 422
