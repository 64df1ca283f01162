"""`Request-Id` on every answer (docs/operations.md): the client's own when it is a sane token,
a new one otherwise; on refusals too (an unexpected error's 500 and its log line:
tests/kit/api/test_errors.py)."""

from __future__ import annotations

import re

import pytest

from brigade.kit.http.request_id import NO_REQUEST, current_request_id
from factories import AppClient

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")

NEW_ID = re.compile(r"[0-9a-f]{32}")


def test_an_answer_without_an_id_asked_gets_a_new_one_each_time(client: AppClient) -> None:
    first = client.get("/api/products").headers["request-id"]
    second = client.get("/api/products").headers["request-id"]
    assert NEW_ID.fullmatch(first)
    assert NEW_ID.fullmatch(second)
    assert first != second


@pytest.mark.parametrize(
    "sent",
    ["req_01HZX3", "0f8b2c3e-6a9d-4c1e-9d1b-3f2a7c6e5d4b", "a" * 200, "!~{}|^`"],
)
def test_a_sane_id_is_kept(client: AppClient, sent: str) -> None:
    assert client.get("/api/products", headers={"Request-Id": sent}).headers["request-id"] == sent
    older = client.get("/api/products", headers={"X-Request-Id": sent})
    assert older.headers["request-id"] == sent


def test_request_id_wins_over_the_older_header(client: AppClient) -> None:
    both = {"X-Request-Id": "older-one", "Request-Id": "newer-one"}
    assert client.get("/api/products", headers=both).headers["request-id"] == "newer-one"
    bad_new = {"X-Request-Id": "older-one", "Request-Id": "has space"}
    assert client.get("/api/products", headers=bad_new).headers["request-id"] == "older-one"


@pytest.mark.parametrize(
    "sent",
    [b"a" * 201, b"has space", b"tab\there", "caf\u00e9".encode(), b""],
    ids=["too-long", "space", "tab", "not-ascii", "empty"],
)
def test_anything_else_is_replaced_by_a_new_id(client: AppClient, sent: bytes) -> None:
    answer = client.get("/api/products", headers={"Request-Id": sent})
    assert answer.status_code == 200
    assert NEW_ID.fullmatch(answer.headers["request-id"])
    assert answer.headers.get_list("request-id") == [answer.headers["request-id"]]


def test_refusals_pages_and_metrics_carry_it_too(client: AppClient) -> None:
    for path, status in [
        ("/api/products/not-a-uuid", 422),
        ("/api/no/such/route", 404),
        ("/health", 200),
        ("/metrics", 200),
        ("/kitchen", 200),
    ]:
        answer = client.get(path, headers={"Request-Id": f"check-{status}"})
        assert answer.status_code == status, path
        assert answer.headers["request-id"] == f"check-{status}", path
    anonymous = client.get("/api/products", headers={"Authorization": "", "Request-Id": "anon"})
    assert anonymous.status_code == 401
    assert anonymous.headers["request-id"] == "anon"
    assert current_request_id() == NO_REQUEST
