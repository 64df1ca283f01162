"""HTTP done right: 405 with Allow, date-times that are date-times, object bodies, known query
parameters only, CORS only for the configured origins."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from pydantic import ValidationError

from brigade.app import create_app
from brigade.kit.http.cors import ALLOWED_HEADERS, EXPOSED_HEADERS
from brigade.settings import Settings
from factories import (
    ADMIN,
    ADMIN_TOKEN,
    LOCATION,
    AppClient,
    make_category,
    make_order,
    make_product,
)

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")

UNKNOWN_ID = "0196a1b2-0000-7000-8000-00000000ffff"


def assert_problem(response: Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    return body


# --- 405 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/products", "GET, POST"),
        ("PATCH", f"/api/products/{UNKNOWN_ID}", "GET, PUT, DELETE"),
        ("GET", "/api/products/bulk-update", "POST"),
        ("PUT", f"/api/orders/{UNKNOWN_ID}/send", "POST"),
        ("POST", f"/api/orders/{UNKNOWN_ID}", "GET, PATCH, DELETE"),
        ("DELETE", "/health", "GET"),
    ],
)
def test_a_405_lists_every_method_of_the_path(
    client: AppClient, method: str, path: str, allow: str
) -> None:
    response = client.request(method, path, json={})
    assert_problem(response, 405, "method_not_allowed")
    assert response.headers["allow"] == allow


def test_put_on_bulk_update_is_405_not_a_uuid_error_and_changes_nothing(client: AppClient) -> None:
    product = make_product(client, name="Soup")
    body = {"updates": [{"id": product["id"], "data": {"name": "Stew"}}]}
    response = client.put("/api/products/bulk-update", json=body)
    assert_problem(response, 405, "method_not_allowed")
    assert response.headers["allow"] == "POST"
    assert client.get(f"/api/products/{product['id']}").json()["name"] == "Soup"
    assert client.post("/api/products/bulk-update", json=body).json()["updated"] == 1


def test_a_literal_path_wins_over_a_parameter_for_the_methods_it_serves(client: AppClient) -> None:
    assert client.get("/api/products/barcode/0000").status_code == 404
    assert client.get(f"/api/products/{UNKNOWN_ID}").status_code == 404
    assert_problem(client.get("/api/products/not-an-id"), 422, "validation_failed")


def test_an_unknown_path_is_still_404(client: AppClient) -> None:
    assert_problem(client.delete("/api/nothing/here"), 404, "not_found")


# --- date-times -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/audit?to=0.5", "to"),
        ("/api/audit?from=1700000000", "from"),
        ("/api/audit?from=-1e3", "from"),
        ("/api/kitchen/tickets?since=0", "since"),
        ("/api/orders?endDate=0.5", "endDate"),
        ("/api/orders?startDate=1700000000", "startDate"),
    ],
)
def test_a_number_where_a_date_time_belongs_is_422(
    client: AppClient, path: str, field: str
) -> None:
    body = assert_problem(client.get(path), 422, "validation_failed")
    assert [error["field"] for error in body["errors"]] == [field]


def test_date_times_are_still_accepted(client: AppClient) -> None:
    for path in (
        "/api/audit?from=2026-01-01T00:00:00Z&to=2026-12-31",
        "/api/kitchen/tickets?since=2026-01-01T10:00:00%2B02:00",
        "/api/orders?startDate=2026-01-01&endDate=2026-01-02T00:00:00Z",
    ):
        assert client.get(path).status_code == 200, path


# --- bodies that are not objects ------------------------------------------------------------


@pytest.mark.parametrize("body", ["1.5", "true", "0", '"text"', "[]", "[{}]"])
def test_a_body_that_is_not_a_json_object_is_422_and_changes_nothing(
    client: AppClient, body: str
) -> None:
    product = make_product(client, name="Tea", price=3)
    headers = {"content-type": "application/json"}
    for method, path in (
        ("POST", "/api/orders"),
        ("POST", "/api/categories"),
        ("PUT", f"/api/products/{product['id']}"),
        ("POST", f"/api/products/{product['id']}/86"),
    ):
        response = client.request(method, path, content=body, headers=headers)
        assert_problem(response, 422, "validation_failed")
    assert client.get("/api/orders").json()["total"] == 0
    assert client.get("/api/categories").json()["total"] == 0
    assert client.get(f"/api/products/{product['id']}").json() == product


def test_a_nested_object_that_is_a_number_is_422(client: AppClient) -> None:
    product = make_product(client, name="Cake")
    body = {"updates": [{"id": product["id"], "data": 1.5}]}
    response = client.post("/api/products/bulk-update", json=body)
    problem = assert_problem(response, 422, "validation_failed")
    assert problem["errors"][0] == {"field": "updates.0.data", "message": "must be a JSON object"}


def test_an_optional_body_may_still_be_left_out(client: AppClient) -> None:
    product = make_product(client)
    assert client.post(f"/api/products/{product['id']}/86").json()["is86d"] is True


# --- query parameters -----------------------------------------------------------------------


def test_an_unknown_query_parameter_is_422_naming_it(client: AppClient) -> None:
    make_order(client)
    body = assert_problem(
        client.get(f"/api/orders?tabelId={uuid.uuid4()}"), 422, "validation_failed"
    )
    assert body["errors"] == [{"field": "tabelId", "message": "Extra inputs are not permitted"}]
    body = assert_problem(
        client.get("/api/products", params={"locationId": LOCATION, "colour": "red", "size": "L"}),
        422,
        "validation_failed",
    )
    assert [error["field"] for error in body["errors"]] == ["colour", "size"]


def test_declared_query_parameters_still_work_on_every_kind_of_route(client: AppClient) -> None:
    category = make_category(client)
    make_product(client, categoryId=category["id"])
    listed = client.get(
        "/api/products",
        params={"locationId": LOCATION, "categoryId": category["id"], "page": 1, "limit": 5},
    )
    assert listed.json()["total"] == 1
    assert (
        client.get(f"/api/audit?action=product.86d&page=1&locationId={LOCATION}").status_code == 200
    )


def test_a_change_with_an_unknown_query_parameter_is_refused_whole(client: AppClient) -> None:
    response = client.post(
        "/api/categories", params={"dryRun": "true"}, json={"name": "Mains", "locationId": LOCATION}
    )
    assert_problem(response, 422, "validation_failed")
    assert client.get("/api/categories").json()["total"] == 0


def test_credentials_come_before_parameters(settings: Settings) -> None:
    with TestClient(create_app(settings)) as anonymous:
        assert_problem(anonymous.get("/api/orders?tableId=x"), 401, "unauthorized")


# --- CORS -----------------------------------------------------------------------------------

PREFLIGHT = {
    "Origin": "https://pos.example",
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type, if-match, idempotency-key",
}


def test_cors_is_off_by_default(client: AppClient) -> None:
    preflight = client.options("/api/orders", headers=PREFLIGHT)
    assert "access-control-allow-origin" not in preflight.headers
    answer = client.get("/api/orders", headers={"Origin": "https://pos.example"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


def test_cors_serves_the_configured_origins_only(
    client: AppClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``client`` empties the database afterwards."""
    monkeypatch.setenv("BRIGADE_CORS_ORIGINS", " https://pos.example , https://kds.example:8443")
    configured = Settings(database_url=settings.database_url, admin_token=ADMIN_TOKEN)
    assert configured.cors_origins == ["https://pos.example", "https://kds.example:8443"]
    with TestClient(create_app(configured), headers=ADMIN) as browser:
        preflight = browser.options("/api/orders", headers=PREFLIGHT)
        assert preflight.status_code == 200
        assert preflight.headers["access-control-allow-origin"] == "https://pos.example"
        allowed = preflight.headers["access-control-allow-headers"].lower()
        for header in ("authorization", "if-match", "idempotency-key"):
            assert header in allowed

        created = browser.post(
            "/api/orders",
            json={"orderType": "TAKEOUT", "locationId": LOCATION},
            headers={"Origin": "https://kds.example:8443"},
        )
        assert created.status_code == 201
        assert created.headers["access-control-allow-origin"] == "https://kds.example:8443"
        exposed = created.headers["access-control-expose-headers"]
        assert set(exposed.split(", ")) == set(EXPOSED_HEADERS)

        stranger = browser.get("/api/orders", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in stranger.headers
        refused = browser.options(
            "/api/orders", headers=PREFLIGHT | {"Origin": "https://evil.example"}
        )
        assert refused.status_code == 400


def test_cors_allows_every_request_header_the_api_documents(
    client: AppClient, settings: Settings
) -> None:
    """Brigade-Approval was refused at the preflight (400), so a browser could not send a
    manager's approval from another origin; the OpenAPI's header parameters are all allowed."""
    documented = {
        parameter["name"].lower()
        for path in client.get("/openapi.json").json()["paths"].values()
        for operation in path.values()
        for parameter in operation.get("parameters", [])
        if parameter["in"] == "header"
    }
    allowed = {header.lower() for header in ALLOWED_HEADERS}
    assert documented, "the OpenAPI declares header parameters"
    assert documented <= allowed, documented - allowed

    configured = settings.model_copy(update={"cors_origins": ["https://pos.example"]})
    asked = "brigade-approval, x-csrf-token, request-id, x-request-id, prefer, last-event-id"
    with TestClient(create_app(configured), headers=ADMIN) as browser:
        preflight = browser.options(
            "/api/orders", headers=PREFLIGHT | {"Access-Control-Request-Headers": asked}
        )
        assert preflight.status_code == 200, preflight.text
        said = {h.strip() for h in preflight.headers["access-control-allow-headers"].split(",")}
        assert {header.strip() for header in asked.split(",")} <= {h.lower() for h in said}
        answer = browser.get("/api/orders", headers={"Origin": "https://pos.example"})
        exposed = answer.headers["access-control-expose-headers"].split(", ")
        assert "Request-Id" in exposed
        assert answer.headers["request-id"]


@pytest.mark.parametrize("origins", ["https://pos.example/", "pos.example", "https://a b"])
def test_an_origin_that_a_browser_never_sends_stops_the_start(origins: str) -> None:
    with pytest.raises(ValidationError, match="is not an origin"):
        Settings(cors_origins=origins)
