"""The OpenAPI tells generators the truth: problems, headers, operationIds, tags."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI

from brigade.access.allowed import Reader
from brigade.kit.http.errors import PROBLEM_JSON
from brigade.kit.http.openapi import install_openapi, operation_id
from brigade.kit.http.routing import brigade_router
from factories import AppClient

pytestmark = pytest.mark.once("the OpenAPI document, the same whatever the database")

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture
def document(client: AppClient) -> dict[str, Any]:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, item[method])
        for path, item in document["paths"].items()
        for method in METHODS
        if method in item
    ]


def by_id(document: dict[str, Any], wanted: str) -> dict[str, Any]:
    found = [op for _, _, op in operations(document) if op["operationId"] == wanted]
    assert len(found) == 1, wanted
    return found[0]


def test_every_error_answer_is_a_problem_document(document: dict[str, Any]) -> None:
    checked = 0
    for path, method, operation in operations(document):
        for status, response in operation["responses"].items():
            if int(status) >= 400:
                assert list(response["content"]) == [PROBLEM_JSON], (method, path, status)
                schema = response["content"][PROBLEM_JSON]["schema"]
                assert schema["$ref"] == "#/components/schemas/Problem", (method, path, status)
                checked += 1
    assert checked > 100
    assert "HTTPValidationError" not in document["components"]["schemas"]


def test_the_problem_schema_names_every_field_a_problem_carries(document: dict[str, Any]) -> None:
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["properties"]) == {
        "type",
        "title",
        "status",
        "detail",
        "code",
        "errors",
        "moreErrors",
        "balanceDue",
        "refundableAmount",
        "refundableTip",
        "openChecks",
        "checkPaid",
    }
    assert set(problem["required"]) == {"type", "title", "status", "detail", "code"}
    field_error = document["components"]["schemas"]["FieldError"]
    assert set(field_error["properties"]) == {"field", "message"}


def test_each_error_answer_names_its_codes(document: dict[str, Any]) -> None:
    add_payment = by_id(document, "addPayment")["responses"]
    for code in ("order_closed", "overpayment", "idempotency_key_in_use"):
        assert f"`{code}`" in add_payment["409"]["description"]
    assert "`stale_version`" in add_payment["412"]["description"]
    assert "`invalid_precondition`" in add_payment["400"]["description"]
    assert "`idempotency_key_reused`" in add_payment["422"]["description"]
    # Reads take no Idempotency-Key, so they answer no idempotency problem.
    assert "409" not in by_id(document, "listProducts")["responses"]


def test_operation_ids_are_readable_camel_case_and_unique(document: dict[str, Any]) -> None:
    ids = [operation["operationId"] for _, _, operation in operations(document)]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-zA-Z0-9]*", op_id) for op_id in ids), ids
    for wanted in ("addPayment", "listProducts", "getProductByBarcode", "mark86d"):
        assert wanted in ids
    assert by_id(document, "getProductByBarcode")["summary"] == "Get product by barcode"


def test_two_endpoints_with_one_name_stop_the_start() -> None:
    app = FastAPI(generate_unique_id_function=operation_id)
    for prefix in ("/a", "/b"):
        router = brigade_router(prefix=prefix, tags=["things"])

        @router.get("")
        async def list_things(_staff: Reader) -> None:
            """Two modules, one endpoint name."""

        app.include_router(router)
    with pytest.raises(RuntimeError, match="listThings"):
        install_openapi(app, examples={})


def test_every_operation_has_a_summary_and_a_described_tag(document: dict[str, Any]) -> None:
    described = {tag["name"] for tag in document["tags"] if tag.get("description")}
    for path, method, operation in operations(document):
        assert operation.get("summary"), (method, path)
        assert operation["tags"], (method, path)
        assert set(operation["tags"]) <= described, (method, path)


def headers_of(operation: dict[str, Any], status: str) -> set[str]:
    return set(operation["responses"][status].get("headers", {}))


def test_a_create_declares_location_and_a_retryable_operation_its_replay(
    document: dict[str, Any],
) -> None:
    replayable = 0
    for path, method, operation in operations(document):
        if "201" in operation["responses"]:
            assert "Location" in headers_of(operation, "201"), (method, path)
        takes_key = "Idempotency-Key" in {p["name"] for p in operation.get("parameters", [])}
        replayable += takes_key
        # A public POST (sign-in, the first run) has no caller to keep its retries under.
        if method == "post" and "security" in operation:
            assert takes_key, (method, path)
        for status in operation["responses"]:
            if status.startswith("2"):
                declared = "Idempotent-Replayed" in headers_of(operation, status)
                assert declared == takes_key, (method, path)
    assert replayable >= 10


def test_a_429_declares_retry_after(document: dict[str, Any]) -> None:
    limited = [op for _, _, op in operations(document) if "429" in op["responses"]]
    assert len(limited) > 30
    for operation in limited:
        assert headers_of(operation, "429") == {
            "Retry-After",
            "RateLimit-Limit",
            "RateLimit-Remaining",
            "RateLimit-Reset",
            "Request-Id",
            "Brigade-Version",
        }


def test_every_answer_declares_its_request_id_and_the_api_version(
    document: dict[str, Any],
) -> None:
    for _, _, operation in operations(document):
        for status in operation["responses"]:
            assert {"Request-Id", "Brigade-Version"} <= headers_of(operation, status)
    assert set(document["components"]["headers"]) == {"Request-Id", "Brigade-Version"}


def test_the_answers_about_one_order_declare_its_etag(document: dict[str, Any]) -> None:
    tagged = {
        operation["operationId"]
        for _, method, operation in operations(document)
        if method != "get"
        and any(
            "ETag" in headers_of(operation, s) for s in operation["responses"] if s.startswith("2")
        )
    }
    assert tagged == {
        "createOrder",
        "updateOrder",
        "applyDiscount",
        "transferOrder",
        "completeOrder",
        "reopenOrder",
        "cancelOrder",
        "addItem",
        "updateItem",
        "voidItem",
        "sendOrder",
        "fireCourse",
        "addPayment",
        "adjustTip",
        "refundOrder",
        "addServiceCharge",
        "removeServiceCharge",
        "splitOrder",
        "shareItem",
        "moveItems",
        "mergeOrders",
    }


def test_every_json_read_declares_its_etag_and_304(document: dict[str, Any]) -> None:
    reads = [
        operation
        for path, method, operation in operations(document)
        if method == "get"
        and path.startswith("/api/")
        and "application/json" in operation["responses"]["200"].get("content", {})
    ]
    assert len(reads) > 50
    for operation in reads:
        assert "ETag" in headers_of(operation, "200"), operation["operationId"]
        assert "ETag" in headers_of(operation, "304"), operation["operationId"]
    stream = by_id(document, "streamEvents")["responses"]
    assert "304" not in stream


def test_every_change_that_can_answer_412_declares_if_match(document: dict[str, Any]) -> None:
    for path, method, operation in operations(document):
        if "412" in operation["responses"]:
            names = {p["name"].lower() for p in operation.get("parameters", [])}
            assert "if-match" in names, (method, path)
